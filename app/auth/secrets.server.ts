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

let loaded: Promise<DevSecrets> | undefined;

export function devSecrets(): Promise<DevSecrets> {
  loaded ??= (async () => {
    if (!config.dataDir) return generate();
    const file = path.join(config.dataDir, "dev-secrets.json");
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as DevSecrets;
    const secrets = await generate();
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
    return secrets;
  })();
  return loaded;
}

export async function sessionSecret(): Promise<string> {
  return config.SESSION_SECRET ?? (await devSecrets()).sessionSecret;
}
