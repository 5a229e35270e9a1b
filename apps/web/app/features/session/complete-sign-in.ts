import { clearApiCache } from "#app/lib/query-client.tsx";
import { session } from "./session.ts";
import type { SessionState } from "./session-store.ts";
import { writeVaultStorage } from "./vault-key.ts";
import { clearVaultStorage } from "./vault-storage.ts";

/**
 * The login and sign-up pages' last step, after better-auth accepted the auth key: keeps the vault key and salt for
 * this tab (sessionStorage only) and loads who is signed in. Resolves with the signed-in state; rejects when the
 * values are invalid or the server does not see a session (and then leaves nothing stored).
 *
 * `vaultKeyB64` is dangerouslyExportVaultKeyB64(vaultKey) from the crypto worker; `saltHex` the salt it was derived
 * with. Navigate afterwards to returnPathAfterSignIn(searchParams.get("from")).
 */
export async function completeSignIn(values: {
  vaultKeyB64: string;
  saltHex: string;
}): Promise<SessionState> {
  writeVaultStorage(values);
  // Answers read before this sign-in (another person's, in a shared browser) are never shown to this one.
  clearApiCache();
  let state: SessionState;
  try {
    state = await session.load({ force: true });
  } catch (error) {
    clearVaultStorage();
    throw error;
  }
  if (state.status !== "signed-in") {
    clearVaultStorage();
    throw new Error("No authenticated user.");
  }
  return state;
}
