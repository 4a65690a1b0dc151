import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db, keepPlan } from "~/db.server";
import { getUserAndBellBySession } from "~/models/user.server";
import { createUser } from "../fixtures/factories";

/**
 * Statements marked with keepPlan (db/connection.ts) are prepared by name, so the server keeps
 * their plans; every other statement is sent unnamed and planned each time. On the embedded
 * database the connections share one session, and with it each marked statement.
 */
const preparedLike = (token: string) =>
  sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like ${`%${token}%`}`;

describe("kept plans", () => {
  it("prepare a marked statement by name once, and leave an unmarked one unnamed", async () => {
    await db.connection().execute(async (connection) => {
      for (const value of [1, 2, 3]) {
        const marked = await sql<{
          n: number;
        }>`select ${value}::int + 1 as n, 'kept-plan-probe' as probe ${keepPlan}`.execute(connection);
        expect(marked.rows[0]!.n).toBe(value + 1);
        await sql`select ${value}::int + 1 as n, 'unkept-plan-probe' as probe`.execute(connection);
      }
      expect((await preparedLike("kept-plan-probe").execute(connection)).rows[0]!.n).toBe(1);
      expect((await preparedLike("unkept-plan-probe").execute(connection)).rows[0]!.n).toBe(0);
    });
  });

  // The embedded database's protocol server forces it; PostgreSQL chooses for itself (measured: no gain).
  it.skipIf(process.env.DATABASE_URL)(
    "plan a marked statement once for any values, and an unmarked one for its values",
    async () => {
      const mode = (value: number) =>
        sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode, ${value}::int as n`;
      const marked = async (executor: typeof db) =>
        (await sql<{ mode: string }>`${mode(1)} ${keepPlan}`.execute(executor)).rows[0]!.mode;
      const unmarked = async (executor: typeof db) => (await mode(2).execute(executor)).rows[0]!.mode;
      await db.connection().execute(async (connection) => {
        expect(await marked(connection)).toBe("force_generic_plan");
        expect(await unmarked(connection)).toBe("auto");
        expect(await marked(connection)).toBe("force_generic_plan");
      });
      // A rollback undoes a setting made inside its transaction: the next statements still get theirs.
      await expect(
        db.transaction().execute(async (trx) => {
          expect(await marked(trx)).toBe("force_generic_plan");
          throw new Error("rolled back on purpose");
        }),
      ).rejects.toThrow("rolled back on purpose");
      await db.transaction().execute(async (trx) => {
        expect(await unmarked(trx)).toBe("auto");
        expect(await marked(trx)).toBe("force_generic_plan");
      });
      expect(await unmarked(db)).toBe("auto");
      expect(await marked(db)).toBe("force_generic_plan");
    },
  );

  it("answer every connection of the pool alike", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        sql<{ n: number }>`select ${index}::int * 2 as n, 'kept-plan-pool' as probe ${keepPlan}`.execute(db),
      ),
    );
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(Array.from({ length: 12 }, (_, index) => index * 2));
  });

  it("read the signed-in user with a kept plan, and still see a write made after it", async () => {
    const user = await createUser({ name: "Kept Plan Person" });
    const session = { id: `kept-plan-session-${user.userId}`, user_id: user.userId, data: "{}" };
    await db
      .insertInto("sessions")
      .values({ ...session, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    // Past the fifth run the server may plan it once for any value (a generic plan).
    for (let run = 0; run < 7; run++)
      expect((await getUserAndBellBySession(session.id))?.user.userId).toBe(user.userId);
    await db
      .updateTable("users")
      .set({ full_name: "Kept Plan Person, renamed" })
      .where("id", "=", user.userId)
      .execute();
    expect((await getUserAndBellBySession(session.id))?.user.fullName).toBe("Kept Plan Person, renamed");
    expect(await getUserAndBellBySession("no-such-session")).toBeNull();
  });
});
