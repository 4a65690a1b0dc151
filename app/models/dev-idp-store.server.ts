import { sql } from "kysely";
import type { Adapter, AdapterPayload } from "oidc-provider";
import { db } from "~/db.server";
import type { JsonObject } from "#db/generated-types";

/**
 * Where the development identity provider (app/auth/dev-idp.server.ts) keeps its records: sign-in
 * interactions, sessions, authorization and device codes, grants and tokens. In the database, so
 * every app instance behind a load balancer sees the same ones (oidc-provider's default keeps them
 * in one process's memory). One store per model, as oidc-provider asks (`new Store("Session")`).
 */

/** The models whose records a revoked grant takes with it (as oidc-provider's memory adapter). */
const GRANTED = ["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest"];

/** Expired records are dropped now and then by the writes themselves. */
const PRUNE_EVERY_UPSERTS = 200;
let upsertsSincePrune = 0;

export class DevIdpStore implements Adapter {
  constructor(private readonly model: string) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn > 0 ? sql<Date>`now() + make_interval(secs => ${expiresIn})` : null;
    const row = {
      payload: payload as JsonObject,
      grant_id: GRANTED.includes(this.model) ? (payload.grantId ?? null) : null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresAt,
      consumed_at: null,
    };
    await db
      .insertInto("dev_idp_records")
      .values({ model: this.model, id, ...row })
      .onConflict((conflict) => conflict.columns(["model", "id"]).doUpdateSet(row))
      .execute();
    if (++upsertsSincePrune >= PRUNE_EVERY_UPSERTS) {
      upsertsSincePrune = 0;
      await pruneDevIdpRecords();
    }
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere("id", id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere("uid", uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere("user_code", userCode);
  }

  async consume(id: string): Promise<void> {
    await db
      .updateTable("dev_idp_records")
      .set({ consumed_at: sql`now()` })
      .where("model", "=", this.model)
      .where("id", "=", id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await db.deleteFrom("dev_idp_records").where("model", "=", this.model).where("id", "=", id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await db.deleteFrom("dev_idp_records").where("grant_id", "=", grantId).execute();
  }

  private async findWhere(column: "id" | "uid" | "user_code", value: string): Promise<AdapterPayload | undefined> {
    const row = await db
      .selectFrom("dev_idp_records")
      .select(["payload", sql<number | null>`extract(epoch from consumed_at)::int`.as("consumed")])
      .where("model", "=", this.model)
      .where(column, "=", value)
      .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", sql<Date>`now()`)]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumed === null ? payload : { ...payload, consumed: row.consumed };
  }
}

/** Drops expired records; returns how many. */
export async function pruneDevIdpRecords(): Promise<number> {
  const result = await db
    .deleteFrom("dev_idp_records")
    .where("expires_at", "<", sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
