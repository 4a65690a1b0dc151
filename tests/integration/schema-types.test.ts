import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedTypesFile, generateTableTypes } from "#db/types";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { withCatalogueLock } from "../fixtures/catalogue-lock";

describe("table types", () => {
  it("are generated from the migrated schema (run `npm run db:types` when this fails)", async () => {
    const fresh = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "db-types-")), "generated-types.ts");
    // The generator reads the whole catalogue: not while another test file drops its schema.
    const types = await withCatalogueLock(() => generateTableTypes(db, config.DATABASE_SCHEMA ?? "public"));
    fs.writeFileSync(fresh, types);
    expect(fs.readFileSync(fresh, "utf8")).toBe(fs.readFileSync(generatedTypesFile, "utf8"));
    fs.rmSync(path.dirname(fresh), { recursive: true });
  });
});
