import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The server's own secret (keys HMACs such as the contact form's IP hashes and, later, prelogin's fake salts).
 * SECRET_KEY wins; otherwise a random one is made once and kept in DATA_DIR so restarts keep the same value.
 * Several instances must share it, so scaled-out deployments set SECRET_KEY.
 */
export function loadServerSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "secret.key");
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  // "wx": if another process created it first, fail and read theirs instead of overwriting it.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}
