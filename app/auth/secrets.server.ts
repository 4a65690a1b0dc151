import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { config } from "~/config.server";

/**
 * Secrets that development needs but nobody should have to configure: the cookie secret (when
 * SESSION_SECRET is unset) and the development identity provider's signing key and cookie keys.
 * Generated once and kept in DATA_DIR, so sessions and tokens survive restarts.
 */
export interface DevSecrets {
  sessionSecret: string;
  idpCookieKeys: string[];
  idpSigningKey: JWK;
}

async function generate(): Promise<DevSecrets> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  return {
    sessionSecret: randomBytes(32).toString("hex"),
    idpCookieKeys: [randomBytes(32).toString("hex")],
    idpSigningKey: { ...jwk, alg: "RS256", use: "sig", kid: randomBytes(8).toString("hex") },
  };
}

/**
 * The secrets kept in `dataDir`, made there by the first process that needs them. Several instances
 * starting together on one folder (npm run cluster) must all use the same ones, or a session signed
 * by one is refused by another: the file appears whole and only once (a hard link fails if it
 * exists), and a process that lost the race reads the winner's.
 */
export async function loadDevSecrets(dataDir: string): Promise<DevSecrets> {
  const file = path.join(dataDir, "dev-secrets.json");
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as DevSecrets;
  const secrets = await generate();
  fs.mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, JSON.stringify(secrets), { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return JSON.parse(fs.readFileSync(file, "utf8")) as DevSecrets;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

let loaded: Promise<DevSecrets> | undefined;

export function devSecrets(): Promise<DevSecrets> {
  loaded ??= config.dataDir ? loadDevSecrets(config.dataDir) : generate();
  return loaded;
}

export async function sessionSecret(): Promise<string> {
  return config.SESSION_SECRET ?? (await devSecrets()).sessionSecret;
}
