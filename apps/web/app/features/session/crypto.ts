import { apiRoutes, keysResponseSchema } from "@heirloom/contract";
import type { CryptoWorkerClient, UnlockedAccount } from "@heirloom/crypto";
import { apiRequest } from "../../lib/api.ts";
import { readVaultKey } from "./vault-storage.ts";

// [Note: Keys live in the crypto workers' and this module's memory only]
// The workers (packages/crypto, started on first use) do every operation; this module keeps the unlocked account's
// non-extractable CryptoKeys for the page. Sign-out calls forgetCryptoKeys() and then reloads the page, so neither
// the workers nor this module outlive the session. @heirloom/crypto's worker client is imported on first use, so
// pages that never touch a key never download it.

let client: CryptoWorkerClient | null = null;
let starting: Promise<CryptoWorkerClient> | null = null;
let unlocking: Promise<UnlockedAccount> | null = null;
/** Bumped by forgetCryptoKeys, so a start or unlock that finishes afterwards is thrown away. */
let generation = 0;

/** The page's crypto worker client, started on first call and shared afterwards. */
export function getCryptoClient(): Promise<CryptoWorkerClient> {
  if (client) return Promise.resolve(client);
  if (starting) return starting;
  const started = generation;
  starting = import("@heirloom/crypto").then(({ startCryptoWorkers }) => {
    const fresh = startCryptoWorkers();
    if (started !== generation) {
      fresh.close();
      throw new Error("Signed out while the crypto workers were starting.");
    }
    client = fresh;
    return fresh;
  });
  starting.catch(() => {
    starting = null;
  });
  return starting;
}

/**
 * Opens this account's keys with the vault key kept for this tab: imports the stored key into the workers and
 * unlocks the blobs from GET /api/account/keys (which also proves the stored public keys are the account's own).
 * Shared: every caller on the page gets the same unlocked account. Rejects when the tab has no vault key, the
 * server is unreachable, or a blob does not open (crypto errors carry SPEC.md section 8's texts).
 */
export function unlockFromStorage(): Promise<UnlockedAccount> {
  if (unlocking) return unlocking;
  const started = generation;
  const attempt = (async () => {
    const vaultKeyB64 = readVaultKey();
    if (!vaultKeyB64) throw new Error("Missing vault key or encrypted private key.");
    const [crypto, keys] = await Promise.all([
      getCryptoClient(),
      apiRequest<unknown>(apiRoutes.keys).then((body) => keysResponseSchema.parse(body)),
    ]);
    const vaultKey = await crypto.api.importVaultKeyB64(vaultKeyB64);
    const account = await crypto.api.unlockAccount(vaultKey, keys.userId, keys.blobs);
    if (started !== generation) throw new Error("Signed out while the vault was being unlocked.");
    return account;
  })();
  unlocking = attempt;
  attempt.catch(() => {
    if (unlocking === attempt) unlocking = null;
  });
  return attempt;
}

/** Sign-out: closes the workers (which discards their keys) and forgets the unlocked account. */
export function forgetCryptoKeys(): void {
  generation++;
  client?.close();
  client = null;
  starting = null;
  unlocking = null;
}
