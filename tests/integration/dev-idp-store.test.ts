import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { DevIdpStore, pruneDevIdpRecords } from "~/models/dev-idp-store.server";

/**
 * The development identity provider's records live in the database, so a sign-in begun on one
 * app instance can be finished on another: what one store (one instance) writes, another reads.
 */
const id = () => randomBytes(8).toString("hex");

describe("the development identity provider's store", () => {
  it("finds what another instance's store wrote, by id, by uid and by user code", async () => {
    const [written, read] = [new DevIdpStore("Session"), new DevIdpStore("Session")];
    const [sessionId, uid] = [id(), id()];
    await written.upsert(sessionId, { uid, accountId: "dev.someone", exp: 1 }, 60);
    expect(await read.find(sessionId)).toEqual({ uid, accountId: "dev.someone", exp: 1 });
    expect(await read.findByUid(uid)).toEqual({ uid, accountId: "dev.someone", exp: 1 });
    // Another model's records are apart.
    expect(await new DevIdpStore("Interaction").find(sessionId)).toBeUndefined();

    const codes = new DevIdpStore("DeviceCode");
    const [codeId, userCode] = [id(), id()];
    await codes.upsert(codeId, { userCode, clientId: "cli" }, 60);
    expect(await new DevIdpStore("DeviceCode").findByUserCode(userCode)).toMatchObject({ clientId: "cli" });

    // An update replaces the payload.
    await written.upsert(sessionId, { uid, accountId: "dev.other" }, 60);
    expect(await read.find(sessionId)).toEqual({ uid, accountId: "dev.other" });
    await read.destroy(sessionId);
    expect(await written.find(sessionId)).toBeUndefined();
  });

  it("marks a consumed code, so it cannot be used twice on any instance", async () => {
    const codeId = id();
    await new DevIdpStore("AuthorizationCode").upsert(codeId, { grantId: "g" }, 60);
    expect((await new DevIdpStore("AuthorizationCode").find(codeId))?.consumed).toBeUndefined();
    await new DevIdpStore("AuthorizationCode").consume(codeId);
    const consumed = await new DevIdpStore("AuthorizationCode").find(codeId);
    expect(consumed?.consumed).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it("a revoked grant takes its codes and tokens with it, and nothing else", async () => {
    const [grantId, other] = [id(), id()];
    const [code, token, kept] = [id(), id(), id()];
    await new DevIdpStore("AuthorizationCode").upsert(code, { grantId }, 60);
    await new DevIdpStore("AccessToken").upsert(token, { grantId }, 60);
    await new DevIdpStore("AccessToken").upsert(kept, { grantId: other }, 60);
    await new DevIdpStore("Grant").revokeByGrantId(grantId);
    expect(await new DevIdpStore("AuthorizationCode").find(code)).toBeUndefined();
    expect(await new DevIdpStore("AccessToken").find(token)).toBeUndefined();
    expect(await new DevIdpStore("AccessToken").find(kept)).toEqual({ grantId: other });
  });

  it("an expired record is not found, and pruning drops it", async () => {
    const store = new DevIdpStore("Interaction");
    const [expired, live] = [id(), id()];
    await store.upsert(expired, { uid: expired }, 60);
    await store.upsert(live, { uid: live }, 60);
    await sql`update dev_idp_records set expires_at = now() - interval '1 second' where id = ${expired}`.execute(db);
    expect(await store.find(expired)).toBeUndefined();
    expect(await store.findByUid(expired)).toBeUndefined();
    expect(await pruneDevIdpRecords()).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom("dev_idp_records").select("id").where("id", "in", [expired, live]).execute();
    expect(left.map((row) => row.id)).toEqual([live]);
  });
});
