import fs from "node:fs";
import { connectDatabase } from "./connection";
import { migrateToLatest } from "./migrate";
import { generatedTypesFile, generateTableTypes } from "./types";

/** `npm run db:types`: migrates a throwaway in-memory database and writes db/generated-types.ts. */
const db = connectDatabase({});
try {
  await migrateToLatest(db);
  fs.writeFileSync(generatedTypesFile, await generateTableTypes(db));
  console.log(`Wrote ${generatedTypesFile}.`);
} finally {
  await db.destroy();
}
