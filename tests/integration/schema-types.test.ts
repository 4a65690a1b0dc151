import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedTypesFile, generateTableTypes } from "#db/types";
import { config } from "~/config.server";
import { db } from "~/db.server";

describe("table types", () => {
  it("are generated from the migrated schema (run `npm run db:types` when this fails)", async () => {
    const fresh = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "db-types-")), "generated-types.ts");
    fs.writeFileSync(fresh, await generateTableTypes(db, config.DATABASE_SCHEMA ?? "public"));
    expect(fs.readFileSync(fresh, "utf8")).toBe(fs.readFileSync(generatedTypesFile, "utf8"));
    fs.rmSync(path.dirname(fresh), { recursive: true });
  });
});
