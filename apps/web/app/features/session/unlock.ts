import { callApi } from "#app/lib/api.ts";
import { getCryptoClient, sessionScoped } from "./crypto.ts";
import { readVaultKey } from "./vault-key.ts";

/**
 * Opens this account's keys with the vault key kept for this tab: imports the stored key into the workers and
 * unlocks the blobs from GET /api/account/keys (which also proves the stored public keys are the account's own).
 * Shared: every caller on the page gets the same UnlockedAccount (non-extractable CryptoKeys) until sign-out.
 * Rejects when the tab has no vault key, the server is unreachable, or a blob does not open (crypto errors carry
 * SPEC.md section 8's texts).
 */
export const unlockFromStorage = sessionScoped(async () => {
  const vaultKeyB64 = readVaultKey();
  if (!vaultKeyB64) throw new Error("Missing vault key or encrypted private key.");
  const [crypto, keys] = await Promise.all([getCryptoClient(), callApi("getKeys")]);
  const vaultKey = await crypto.api.importVaultKeyB64(vaultKeyB64);
  return crypto.api.unlockAccount(vaultKey, keys.userId, keys.blobs);
});
