import { sql } from "kysely";
import type { UserRole } from "#db/schema";
import { compiledOnce } from "#db/compiled-once";
import type { DB } from "#db/connection";
import type { Identity } from "~/auth/identity.server";
import { db, keepPlan } from "~/db.server";
import { startAchievements } from "~/models/achievement.server";
import { type BellState, bellColumns, toBellState } from "~/models/notification-inbox.server";

/** The signed-in user as the API and screens see it (spec section 3, Current user). */
export interface CurrentUser {
  userId: string;
  role: UserRole | null;
  userType: UserRole | null;
  emailAddress: string;
  fullName: string;
  externalId: string;
  isNewUser: boolean;
}

const currentUserColumns = ["id", "role", "email", "full_name", "external_id", "profile_completed"] as const;

function toCurrentUser(row: {
  id: string;
  role: UserRole | null;
  email: string;
  full_name: string;
  external_id: string;
  profile_completed: boolean;
}): CurrentUser {
  return {
    userId: row.id,
    role: row.role,
    userType: row.role,
    emailAddress: row.email,
    fullName: row.full_name,
    externalId: row.external_id,
    isNewUser: !row.profile_completed,
  };
}

/**
 * Makes sure the person behind an identity has a user row, creating it on first sign-in. Demo
 * people (seeded, never signed in) are claimed by the first identity with their email, so a
 * developer can sign in as them.
 */
export async function ensureUser(identity: Identity): Promise<CurrentUser> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("users")
      .select(currentUserColumns)
      .where("external_id", "=", identity.externalId)
      .executeTakeFirst();
    if (existing) return toCurrentUser(existing);

    const demo = await trx
      .updateTable("users")
      .set({ external_id: identity.externalId, updated_at: new Date() })
      .where(sql<boolean>`lower(email) = lower(${identity.email})`)
      .where("external_id", "like", "demo:%")
      .returning(currentUserColumns)
      .executeTakeFirst();
    if (demo) return toCurrentUser(demo);

    const created = await trx
      .insertInto("users")
      .values({ external_id: identity.externalId, email: identity.email, full_name: identity.name })
      .onConflict((conflict) => conflict.column("external_id").doUpdateSet({ updated_at: new Date() }))
      .returning(currentUserColumns)
      .executeTakeFirstOrThrow();
    // Evaluated once now, so the achievements their first steps earn are news to them.
    await startAchievements(trx, created.id);
    return toCurrentUser(created);
  });
}

export async function getUserById(userId: string): Promise<CurrentUser | null> {
  const row = await db.selectFrom("users").select(currentUserColumns).where("id", "=", userId).executeTakeFirst();
  return row ? toCurrentUser(row) : null;
}

/** The user a live session belongs to: every signed-in request asks this first, so in one statement. */
export async function getUserBySession(sessionId: string, now = new Date()): Promise<CurrentUser | null> {
  const row = await userBySessionQuery(db, sessionId, now).executeTakeFirst();
  return row ? toCurrentUser(row) : null;
}

/** The same, with the state of the user's bell that every signed-in page's header shows. */
export async function getUserAndBellBySession(
  sessionId: string,
  now = new Date(),
): Promise<{ user: CurrentUser; bell: BellState } | null> {
  const {
    rows: [row],
  } = await db.executeQuery(userAndBellBySession(db, { sessionId, now }));
  return row ? { user: toCurrentUser(row), bell: toBellState(row) } : null;
}

// Every signed-in request asks it: compiled once.
const userAndBellBySession = compiledOnce((executor, { sessionId, now }: { sessionId: string; now: Date }) =>
  userBySessionQuery(executor, sessionId, now).select((eb) => bellColumns(eb.ref("u.id"))),
);

function userBySessionQuery(executor: DB, sessionId: string, now: Date) {
  return executor
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(currentUserColumns.map((column) => `u.${column}` as const))
    .where("s.id", "=", sessionId)
    .where("s.expires_at", ">=", now)
    .modifyEnd(keepPlan);
}

export async function getUserByExternalId(externalId: string): Promise<CurrentUser | null> {
  const row = await db
    .selectFrom("users")
    .select(currentUserColumns)
    .where("external_id", "=", externalId)
    .executeTakeFirst();
  return row ? toCurrentUser(row) : null;
}
