import { generateKeyPair, importJWK, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { devIssuer } from "~/auth/dev-idp.server";
import { devSecrets } from "~/auth/secrets.server";
import { config } from "~/config.server";
import { loader as meLoader } from "~/routes/api/users/me";
import { action as ensureAction } from "~/routes/api/users/me-ensure";

const context = { cspNonce: "", requestId: "test" };

async function token(
  claims: { sub?: string; aud?: string; iss?: string; exp?: number; email?: string },
  forged = false,
) {
  const { idpSigningKey } = await devSecrets();
  const key = forged ? (await generateKeyPair("RS256")).privateKey : await importJWK(idpSigningKey, "RS256");
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: claims.email ?? "token.user@example.org", name: "Token User" })
    .setProtectedHeader({ alg: "RS256", kid: idpSigningKey.kid })
    .setSubject(claims.sub ?? "dev.token-user")
    .setIssuer(claims.iss ?? devIssuer())
    .setAudience(claims.aud ?? config.apiAudience)
    .setIssuedAt(now - 60)
    .setExpirationTime(claims.exp ?? now + 600)
    .sign(key);
}

function get(path: string, authorization?: string) {
  const headers = authorization ? { Authorization: authorization } : undefined;
  return new Request(`http://localhost${path}`, { headers });
}

describe("API authentication", () => {
  it("answers 401 with a challenge when no credentials are sent", async () => {
    const response = await meLoader({ request: get("/api/users/me"), params: {}, context });
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(await response.json()).toMatchObject({ message: expect.any(String) });
  });

  it.each([
    ["a forged signature", () => token({}, true)],
    ["an expired token", () => token({ exp: Math.floor(Date.now() / 1000) - 120 })],
    ["another audience", () => token({ aud: "https://elsewhere.example.org/api" })],
    ["another issuer", () => token({ iss: "https://evil.example.org" })],
    ["garbage", async () => "not-a-jwt"],
  ])("refuses %s with 401 invalid_token", async (_name, make) => {
    const response = await meLoader({ request: get("/api/users/me", `Bearer ${await make()}`), params: {}, context });
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
  });

  it("refuses a non-bearer Authorization header", async () => {
    const response = await meLoader({ request: get("/api/users/me", "Basic dXNlcjpwYXNz"), params: {}, context });
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toContain('error="invalid_request"');
  });

  it("knows a valid token's user only after ensure: 404, then ensure, then 200", async () => {
    const bearer = `Bearer ${await token({ sub: "dev.ensure-me", email: "ensure.me@example.org" })}`;
    expect((await meLoader({ request: get("/api/users/me", bearer), params: {}, context })).status).toBe(404);

    const ensure = new Request("http://localhost/api/users/me/ensure", {
      method: "POST",
      headers: { Authorization: bearer },
    });
    const ensured = await ensureAction({ request: ensure, params: {}, context });
    expect(ensured.status).toBe(200);
    expect(await ensured.json()).toMatchObject({ isNewUser: true, userId: expect.any(String) });

    const me = await meLoader({ request: get("/api/users/me", bearer), params: {}, context });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      emailAddress: "ensure.me@example.org",
      fullName: "Token User",
      isNewUser: true,
      role: null,
    });

    const again = await ensureAction({ request: ensure.clone(), params: {}, context });
    expect(await again.json()).toMatchObject({ isNewUser: true });
  });
});
