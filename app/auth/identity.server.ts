import { createLocalJWKSet, createRemoteJWKSet, type JWTPayload, jwtVerify, type JWTVerifyGetKey } from "jose";
import { Authenticator } from "remix-auth";
import { MicrosoftStrategy } from "remix-auth-microsoft";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { config } from "~/config.server";
import { singleton } from "~/utils/singleton.server";
import {
  API_SCOPE,
  DEV_IDP_PATH,
  DEV_WEB_CLIENT_ID,
  devIssuer,
  devPublicJwk,
  devWebClientSecret,
} from "./dev-idp.server";

/**
 * The configured identity provider (Microsoft Entra ID, any OpenID Connect issuer, or the
 * development one): how to sign a browser in, and how to verify an API bearer token.
 */
export interface Identity {
  /** Stable across sign-ins: issuer and subject (Entra: tenant and object id). */
  externalId: string;
  email: string;
  name: string;
}

interface IdentityProvider {
  /** Signs a browser in and back to the origin it used (see signInOrigin). */
  authenticatorFor(request: Request): Promise<Authenticator<Identity>>;
  /** Verifies an access token for our API: signature, issuer, audience, expiry. */
  verifyAccessToken(token: string): Promise<Identity>;
}

export const STRATEGY = "identity-provider";
const STATE_COOKIE = "__oauth_state";
const SCOPES = ["openid", "profile", "email", "offline_access"];

/**
 * Where the provider sends the browser back: the origin the browser used, when it is one of ours
 * (config.browserOrigins), so the state cookie set before the round trip is there when it ends.
 * Any other host falls back to PUBLIC_URL (the host redirects such requests there first).
 */
export function signInOrigin(request: Request): string {
  const origin = new URL(request.url).origin;
  return config.browserOrigins.includes(origin) ? origin : new URL(config.publicUrl).origin;
}
const callbackUrl = (origin: string) => `${origin}/auth-callback`;
const stateCookie = () => ({
  name: STATE_COOKIE,
  httpOnly: true as const,
  sameSite: "Lax" as const,
  path: "/",
  ...(config.publicUrl.startsWith("https://") ? { secure: true as const } : {}),
  maxAge: 300,
});

/**
 * Set-Cookie headers that delete the state cookies of finished sign-in round trips: the strategy
 * writes one per attempt and never removes them.
 */
export function clearStateCookies(request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter((name) => name.startsWith(STATE_COOKIE));
  return names.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
}

/** Server-to-server calls to our own dev issuer go to the address we listen on. */
function internalUrl(): string {
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.PORT}`;
}

function identityFromClaims(issuer: string, claims: JWTPayload): Identity {
  const subject = claims.tid && claims.oid ? `${claims.tid}:${claims.oid}` : String(claims.sub);
  const email = String(claims.email ?? claims.preferred_username ?? claims.upn ?? "");
  return {
    externalId: `${issuer}|${subject}`,
    email,
    // No name from the email's local part: 'ada.l42' is not a name; onboarding asks for one.
    name: typeof claims.name === "string" ? claims.name.trim().slice(0, 100) : "",
  };
}

function makeProvider(options: {
  issuer: string;
  clientId: string;
  keys: JWTVerifyGetKey;
  apiAudience: string | string[];
  strategy: (
    origin: string,
    verify: (args: OAuth2Strategy.VerifyOptions) => Promise<Identity>,
  ) => Promise<OAuth2Strategy<Identity>>;
}): IdentityProvider {
  const { issuer, clientId, keys, apiAudience } = options;
  const verifyIdToken = async ({ tokens }: OAuth2Strategy.VerifyOptions) => {
    const { payload } = await jwtVerify(tokens.idToken(), keys, { issuer, audience: clientId });
    return identityFromClaims(issuer, payload);
  };
  // One authenticator per origin (at most three loopback names), made on first use.
  const authenticators = new Map<string, Promise<Authenticator<Identity>>>();
  return {
    authenticatorFor(request) {
      const origin = signInOrigin(request);
      let authenticator = authenticators.get(origin);
      if (!authenticator) {
        authenticator = options
          .strategy(origin, verifyIdToken)
          .then((strategy) => new Authenticator<Identity>().use(strategy, STRATEGY));
        authenticator.catch(() => authenticators.delete(origin));
        authenticators.set(origin, authenticator);
      }
      return authenticator;
    },
    async verifyAccessToken(token) {
      const { payload } = await jwtVerify(token, keys, { issuer, audience: apiAudience });
      return identityFromClaims(issuer, payload);
    },
  };
}

async function createDevProvider(): Promise<IdentityProvider> {
  const issuer = devIssuer();
  const clientSecret = await devWebClientSecret();
  return makeProvider({
    issuer,
    clientId: DEV_WEB_CLIENT_ID,
    keys: createLocalJWKSet({ keys: [await devPublicJwk()] }),
    apiAudience: config.apiAudience,
    // The browser meets the provider on its own origin (its cookies stay there); the server
    // exchanges the code at the address it listens on.
    strategy: async (origin, verify) =>
      new OAuth2Strategy<Identity>(
        {
          clientId: DEV_WEB_CLIENT_ID,
          clientSecret,
          authorizationEndpoint: `${origin}${DEV_IDP_PATH}/auth`,
          tokenEndpoint: `${internalUrl()}${DEV_IDP_PATH}/token`,
          redirectURI: callbackUrl(origin),
          scopes: [...SCOPES, API_SCOPE],
          cookie: stateCookie(),
        },
        verify,
      ),
  });
}

async function createOidcProvider(): Promise<IdentityProvider> {
  const issuerUrl = config.OIDC_ISSUER!.replace(/\/+$/, "");
  const discovery = (await (await fetch(`${issuerUrl}/.well-known/openid-configuration`)).json()) as {
    issuer: string;
    jwks_uri: string;
  };
  return makeProvider({
    issuer: discovery.issuer,
    clientId: config.OIDC_CLIENT_ID!,
    keys: createRemoteJWKSet(new URL(discovery.jwks_uri)),
    apiAudience: config.apiAudience,
    strategy: (origin, verify) =>
      OAuth2Strategy.discover<Identity, OAuth2Strategy<Identity>>(
        issuerUrl,
        {
          clientId: config.OIDC_CLIENT_ID!,
          clientSecret: config.OIDC_CLIENT_SECRET!,
          redirectURI: callbackUrl(origin),
          scopes: [...SCOPES, API_SCOPE],
          cookie: stateCookie(),
        },
        verify,
      ),
  });
}

async function createMicrosoftProvider(): Promise<IdentityProvider> {
  const tenant = config.MICROSOFT_TENANT_ID!;
  const clientId = config.MICROSOFT_CLIENT_ID!;
  return makeProvider({
    issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
    clientId,
    keys: createRemoteJWKSet(new URL(`https://login.microsoftonline.com/${tenant}/discovery/v2.0/keys`)),
    apiAudience: [`api://${clientId}`, clientId],
    strategy: async (origin, verify) =>
      new MicrosoftStrategy<Identity>(
        {
          clientId,
          clientSecret: config.MICROSOFT_CLIENT_SECRET!,
          redirectURI: callbackUrl(origin),
          tenantId: tenant,
          scopes: [...SCOPES, `api://${clientId}/${API_SCOPE}`],
          prompt: "select_account",
        },
        verify,
      ),
  });
}

/** Created on first use (the OIDC one needs discovery), then kept for the process. */
export function identityProvider(): Promise<IdentityProvider> {
  return singleton("identity-provider", () => {
    const created =
      config.signInProvider === "microsoft"
        ? createMicrosoftProvider()
        : config.signInProvider === "oidc"
          ? createOidcProvider()
          : createDevProvider();
    return created;
  });
}
