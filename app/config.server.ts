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
  GITHUB_API_URL: z.string().url().default("https://api.github.com"),
  GITHUB_TOKEN: z.string().optional(),
});

export type Config = z.infer<typeof configSchema> & {
  /** Absolute folder of the embedded database, or undefined for an in-memory one. */
  dataDir: string | undefined;
};

function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.SESSION_SECRET && !isLoopback(parsed.data.HOST)) {
    throw new Error("SESSION_SECRET is required in production when the server is not on a loopback address.");
  }
  const dataDir = parsed.data.DATA_DIR === ":memory:" ? undefined : path.resolve(parsed.data.DATA_DIR);
  return { ...parsed.data, dataDir };
}

export function isLoopback(host: string) {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

export const config: Config = loadConfig(process.env);
