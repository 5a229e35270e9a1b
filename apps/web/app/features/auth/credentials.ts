import type { KdfParamsDto } from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import { getCryptoClient } from "#app/features/session/index.ts";
import { callApi } from "#app/lib/api.ts";

/**
 * What a password turns into in the browser (ARCHITECTURE.md "Key hierarchy"). `vaultKey` stays in this page;
 * `authKey` is the only value sent to the server in place of the password; `vaultKeyB64` is for completeSignIn
 * (sessionStorage of this tab) and nothing else.
 */
export interface DerivedCredentials {
  saltHex: string;
  kdf: KdfParamsDto;
  vaultKey: VaultKey;
  vaultKeyB64: string;
  authKey: string;
}

/** SPEC.md section 7 prelogin: the salt and KDF parameters for an email (a stable fake pair for unknown emails). */
export async function prelogin(email: string): Promise<{ saltHex: string; kdf: KdfParamsDto }> {
  return callApi("prelogin", { body: { email } });
}

/**
 * Argon2id(password, salt) in the crypto worker, then the auth key from it. The vault key is extractable so it can be
 * kept for this tab. The crypto package refuses KDF parameters below t=3, m=64 MiB, so a server cannot weaken them.
 * `known` skips the prelogin call when the salt and parameters are already at hand (e.g. a new salt at sign-up).
 */
export async function deriveCredentials(
  email: string,
  password: string,
  known?: { saltHex: string; kdf: KdfParamsDto },
): Promise<DerivedCredentials> {
  const [{ saltHex, kdf }, crypto] = await Promise.all([known ?? prelogin(email), getCryptoClient()]);
  const vaultKey = await crypto.api.deriveVaultKey(
    password,
    saltHex,
    {
      algorithm: kdf.algorithm,
      iterations: kdf.iterations,
      memoryKiB: kdf.memoryKiB,
      parallelism: kdf.parallelism,
    },
    { extractable: true },
  );
  const [authKey, vaultKeyB64] = await Promise.all([
    crypto.api.deriveAuthKey(vaultKey),
    crypto.api.dangerouslyExportVaultKeyB64(vaultKey),
  ]);
  return { saltHex, kdf, vaultKey, vaultKeyB64, authKey };
}
