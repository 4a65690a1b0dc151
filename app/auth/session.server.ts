import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, redirect, type Session } from "@remix-run/node";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { singleton } from "~/utils/singleton.server";
import { sessionSecret } from "./secrets.server";

/**
 * Sessions live in the database; the browser only holds an HttpOnly, SameSite=Lax cookie with
 * the signed session id (DESIGN principle 7). Signing out deletes the row.
 */
export interface SessionData {
  userId: string;
  /** The user was ensured (created or refreshed from the identity token) in this session. */
  ensured: boolean;
}

const SESSION_DAYS = 30;

const sessionCookie = singleton("session-cookie", async () =>
  createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.publicUrl.startsWith("https://"),
    secrets: [await sessionSecret()],
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  }),
);

const storage = singleton("session-storage", async () => {
  const cookie = await sessionCookie;
  const expiry = (expires?: Date) => expires ?? new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  return createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const id = randomBytes(32).toString("base64url");
      await db
        .insertInto("sessions")
        .values({ id, user_id: data.userId ?? null, data: JSON.stringify(data), expires_at: expiry(expires) })
        .execute();
      return id;
    },
    async readData(id) {
      const row = await db
        .selectFrom("sessions")
        .select(["data", "expires_at"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row || new Date(row.expires_at) < new Date()) return null;
      return row.data as Partial<SessionData>;
    },
    async updateData(id, data, expires) {
      await db
        .updateTable("sessions")
        .set({ data: JSON.stringify(data), user_id: data.userId ?? null, expires_at: expiry(expires) })
        .where("id", "=", id)
        .execute();
    },
    async deleteData(id) {
      await db.deleteFrom("sessions").where("id", "=", id).execute();
    },
  });
});

export async function getSession(request: Request): Promise<Session<SessionData>> {
  return (await storage).getSession(request.headers.get("Cookie"));
}

export async function commitSession(session: Session<SessionData>): Promise<string> {
  return (await storage).commitSession(session);
}

/**
 * The session id a request's cookie carries, if we signed it; whether that session is live is the
 * database's to say (`getUserBySession`, one statement with the user it belongs to).
 */
export async function getSessionId(request: Request): Promise<string | null> {
  const id: unknown = await (await sessionCookie).parse(request.headers.get("Cookie"));
  return typeof id === "string" && id !== "" ? id : null;
}

/**
 * Starts a fresh session for a user who just signed in: the old session (if any) is deleted and
 * a new id issued, so a session id seen before sign-in is worthless after it.
 */
export async function createUserSession(request: Request, userId: string, redirectTo: string): Promise<Response> {
  const sessions = await storage;
  const previous = await getSession(request);
  if (previous.id) await sessions.destroySession(previous);
  const session = await sessions.getSession();
  session.set("userId", userId);
  session.set("ensured", true);
  return redirect(redirectTo, { headers: { "Set-Cookie": await sessions.commitSession(session) } });
}

/** Ends the session server-side and clears the cookie. */
export async function destroyUserSession(request: Request, redirectTo = "/"): Promise<Response> {
  const sessions = await storage;
  const session = await getSession(request);
  return redirect(redirectTo, { headers: { "Set-Cookie": await sessions.destroySession(session) } });
}

/** Deletes the sessions whose time is up (the hourly `remove-expired-sessions` job). */
export async function removeExpiredSessions(now = new Date()): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
