import { randomBytes } from "node:crypto";

// Each test file gets a database of its own: an in-memory embedded one by default, or, when
// DATABASE_URL is set (CI's PostgreSQL run), a schema of its own that tests/setup-db.ts drops.
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";
process.env.DATA_DIR = ":memory:";
process.env.SEED_ON_START = "false";
// A test file's database runs a few hundred statements: optimizing its code up front costs more.
process.env.EMBEDDED_LIFTOFF = "1";
if (process.env.DATABASE_URL) process.env.DATABASE_SCHEMA = `test_${randomBytes(6).toString("hex")}`;
