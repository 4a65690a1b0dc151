import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { exportJWK, importJWK, type JWK } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { config } from "~/config.server";
import { logger } from "~/logger.server";
import { DevIdpStore } from "~/models/dev-idp-store.server";
import { escapeHtml } from "~/utils/escape-html";
import { devSecrets, sessionSecret } from "./secrets.server";

/**
 * The built-in development identity provider: a real OpenID Connect issuer (oidc-provider) mounted
 * at /dev-idp, whose sign-in page asks only for an email. The same email is always the same
 * account. Used only when no other provider is configured (see config.server.ts for the rule).
 */
export const DEV_IDP_PATH = "/dev-idp";
export const DEV_WEB_CLIENT_ID = "gainers-hub-web";
export const DEV_CLI_CLIENT_ID = "gainers-hub-cli";
export const API_SCOPE = "access_as_user";

export const devIssuer = () => `${config.publicUrl}${DEV_IDP_PATH}`;

export async function devWebClientSecret(): Promise<string> {
  return createHmac("sha256", await sessionSecret())
    .update("dev-idp-web-client")
    .digest("hex");
}

/** The issuer's public signing key, for verifying its tokens without a network call. */
export async function devPublicJwk(): Promise<JWK> {
  const { idpSigningKey } = await devSecrets();
  const publicKey = await importJWK(
    { ...idpSigningKey, d: undefined, p: undefined, q: undefined, dp: undefined, dq: undefined, qi: undefined },
    "RS256",
  );
  return { ...(await exportJWK(publicKey)), kid: idpSigningKey.kid, alg: "RS256", use: "sig" };
}

/**
 * The account id for an email: the email itself, encoded, so the same email is always the same
 * account and the provider needs no account store of its own.
 */
export function devAccountId(email: string): string {
  return `dev.${Buffer.from(email.trim().toLowerCase()).toString("base64url")}`;
}

function emailOfAccount(accountId: string): string | undefined {
  if (!accountId.startsWith("dev.")) return undefined;
  const email = Buffer.from(accountId.slice(4), "base64url").toString("utf8");
  return EMAIL.test(email) ? email : undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/dev-idp.css"></head>
<body><main class="card"><p class="badge">Development sign-in</p>${body}
<p class="note">This sign-in is for development only: anyone can sign in as anyone.</p></main></body></html>`;
}

function signInPage(uid: string, email = "", error = ""): string {
  return page(
    "Sign in",
    `<h1>Sign in to Gainers Hub</h1>
<form method="post" action="${DEV_IDP_PATH}/interaction/${escapeHtml(uid)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ""} autofocus>
${error ? `<p id="email-error" class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<button type="submit">Sign in</button>
</form>`,
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) throw new Error("Form too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function send(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(html);
}

async function createProvider(): Promise<Provider> {
  const secrets = await devSecrets();
  const audience = config.apiAudience;
  const configuration: Configuration = {
    // In the database, not one process's memory: a sign-in may cross instances behind a balancer.
    adapter: DevIdpStore,
    clients: [
      {
        client_id: DEV_WEB_CLIENT_ID,
        client_secret: await devWebClientSecret(),
        redirect_uris: config.browserOrigins.map((origin) => `${origin}/auth-callback`),
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
      {
        // For developers' curl sessions: the device flow, no secret (see README).
        client_id: DEV_CLI_CLIENT_ID,
        token_endpoint_auth_method: "none",
        grant_types: ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"],
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: { keys: [secrets.idpSigningKey as never] },
    cookies: { keys: secrets.idpCookieKeys },
    scopes: ["openid", "profile", "email", "offline_access", API_SCOPE],
    claims: { openid: ["sub"], profile: ["name", "email"], email: ["email"] },
    // The web client reads name and email from the ID token; the access token is for our API.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      DeviceCode: 600,
    },
    features: {
      devInteractions: { enabled: false },
      deviceFlow: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new Error(`Unknown resource ${resource}`);
          return {
            scope: API_SCOPE,
            audience,
            accessTokenFormat: "jwt",
            accessTokenTTL: 3600,
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    // API tokens carry who the caller is, so the API can ensure a user from the token alone.
    extraTokenClaims: (_ctx, token) => {
      const email = "accountId" in token && token.accountId ? emailOfAccount(token.accountId) : undefined;
      return email ? { email } : {};
    },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
    // First-party clients only: grant what they ask for without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId! });
      grant.addOIDCScope(`openid profile email offline_access ${API_SCOPE}`);
      grant.addResourceScope(audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, accountId) => {
      const email = emailOfAccount(accountId);
      if (!email) return undefined;
      return {
        accountId,
        // Only an email is known here: no name is made up from it (onboarding asks for one).
        claims: () => ({ sub: accountId, email, email_verified: true }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = page(
        "Sign-in error",
        `<h1>Sign-in error</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="/login">Try again</a></p>`,
      );
    },
  };
  const provider = new Provider(devIssuer(), configuration);
  provider.on("server_error", (_ctx, error) => logger.error({ err: error }, "dev identity provider error"));
  return provider;
}

/**
 * The Node request handler to mount at /dev-idp: the sign-in page and form for interactions,
 * everything else (discovery, authorize, token, JWKS, device flow) handled by oidc-provider.
 */
export async function createDevIdentityProviderHandler() {
  const provider = await createProvider();
  const callback = provider.callback();
  logger.warn(
    "No sign-in provider configured: using the DEVELOPMENT identity provider (anyone can sign in as anyone).",
  );

  return async (
    req: IncomingMessage & { originalUrl?: string },
    res: ServerResponse,
    next: (error?: unknown) => void,
  ) => {
    const match = /^\/interaction\/([\w-]+)\/?$/.exec((req.url ?? "").split("?")[0]!);
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === "GET") return send(res, 200, signInPage(details.uid));
      if (req.method !== "POST") return send(res, 405, page("Not allowed", "<p>Method not allowed.</p>"));
      const email = (await readForm(req)).get("email")?.trim() ?? "";
      if (!EMAIL.test(email) || email.length > 200) {
        return send(res, 400, signInPage(details.uid, email, "Please enter a valid email address."));
      }
      const accountId = devAccountId(email);
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    } catch (error) {
      next(error);
    }
  };
}
