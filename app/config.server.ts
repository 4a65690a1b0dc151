import path from "node:path";
import { z } from "zod";

/** Every setting the server reads, validated once at start (DESIGN: Configuration). */
const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL schema to use instead of public (test runs use one each). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  /** Folder of the embedded database and generated dev secrets; ":memory:" keeps it in memory. */
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Seed demo data into an empty database at start (the embedded database always does). */
  SEED_ON_START: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true")),
  /** The address browsers use to reach this server (sign-in redirects and the dev issuer). */
  PUBLIC_URL: z.string().url().optional(),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT_ID: z.string().min(1).optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The API audience of access tokens (the `access_as_user` scope's resource). */
  API_AUDIENCE: z.string().min(1).optional(),
  ALLOW_DEV_SIGN_IN: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /** Per client address and minute: sign-in steps, and profile writes. */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * At SIGTERM, seconds during which /healthz answers 503 while requests are still served, before
   * the server stops taking connections: a load balancer's health checks take it out of rotation
   * first, so no request reaches it as it closes (npm run cluster sets it).
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(0),
  GITHUB_API_URL: z.string().url().default("https://api.github.com"),
  GITHUB_TOKEN: z.string().optional(),
  /**
   * An OpenAI-compatible embeddings API (its base, e.g. https://api.openai.com/v1, or its
   * /embeddings address): its vectors replace the offline ones in the semantic search.
   */
  EMBEDDINGS_URL: z.string().url().optional(),
  EMBEDDINGS_MODEL: z.string().min(1).default("text-embedding-3-small"),
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  /** How long a search waits for its query's vector before it uses the offline one. */
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(800),
  /** How many searches' rankings each instance keeps for words asked again (0: none). */
  SEARCH_RANKINGS_KEPT: z.coerce.number().int().min(0).max(100_000).default(1_000),
  /**
   * "1": the embedded database's WebAssembly starts as quickly compiled code and is optimized only
   * where it runs hot. Read by db/embedded-db-worker.js itself, before PGlite loads.
   */
  EMBEDDED_LIFTOFF: z.enum(["0", "1"]).optional(),
});

/** The names of every setting, for the checks that .env.example and the README list them all. */
export const SETTING_NAMES = Object.keys(configSchema.shape);

export type SignInProvider = "microsoft" | "oidc" | "dev";

export type Config = z.infer<typeof configSchema> & {
  /** Absolute folder of the embedded database, or undefined for an in-memory one. */
  dataDir: string | undefined;
  publicUrl: string;
  /**
   * The origins a browser may reach us on and sign in from: PUBLIC_URL alone when it is set,
   * otherwise every loopback name for our port (localhost, 127.0.0.1, [::1]).
   */
  browserOrigins: string[];
  signInProvider: SignInProvider;
  apiAudience: string;
};

export function loadConfig(processEnv: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(processEnv);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.SESSION_SECRET && !isLoopback(parsed.data.HOST)) {
    throw new Error("SESSION_SECRET is required in production when the server is not on a loopback address.");
  }
  const env = parsed.data;
  const dataDir = env.DATA_DIR === ":memory:" ? undefined : path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const signInProvider = chooseSignInProvider(env);
  if (signInProvider === "dev" && !isLoopback(env.HOST) && !env.ALLOW_DEV_SIGN_IN) {
    throw new Error(
      `No sign-in provider is configured and the server listens on ${env.HOST}, which is not a loopback address. ` +
        "Set MICROSOFT_* or OIDC_* (see README), or ALLOW_DEV_SIGN_IN=true to accept that anyone can sign in as anyone.",
    );
  }
  const browserOrigins = env.PUBLIC_URL
    ? [new URL(publicUrl).origin]
    : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${env.PORT}`);
  return {
    ...env,
    dataDir,
    publicUrl,
    browserOrigins,
    signInProvider,
    apiAudience: env.API_AUDIENCE ?? `${publicUrl}/api`,
  };
}

function chooseSignInProvider(env: z.infer<typeof configSchema>): SignInProvider {
  if (env.MICROSOFT_CLIENT_ID || env.MICROSOFT_CLIENT_SECRET || env.MICROSOFT_TENANT_ID) {
    if (!env.MICROSOFT_CLIENT_ID || !env.MICROSOFT_CLIENT_SECRET || !env.MICROSOFT_TENANT_ID) {
      throw new Error("Microsoft sign-in needs MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET and MICROSOFT_TENANT_ID.");
    }
    return "microsoft";
  }
  if (env.OIDC_ISSUER || env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET) {
    if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) {
      throw new Error("OpenID Connect sign-in needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.");
    }
    return "oidc";
  }
  return "dev";
}

export function isLoopback(host: string) {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

export const config: Config = loadConfig(process.env);
