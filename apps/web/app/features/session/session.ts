import { useSyncExternalStore } from "react";
import { forgetCryptoKeys } from "./crypto.ts";
import type { SignOutReason } from "./redirects.ts";
import { fetchProfile, fetchSessionUser, postSignOut } from "./session-api.ts";
import { createSessionStore, loadingState, type SessionState } from "./session-store.ts";
import { clearTabStorage, clearVaultStorage, hasVaultKey, writeVaultStorage } from "./vault-storage.ts";

/** The page's one session store, wired to the browser. */
export const session = createSessionStore({
  fetchUser: fetchSessionUser,
  fetchProfile,
  hasVaultKey: () => hasVaultKey(),
  postSignOut: () => postSignOut(),
  clearVaultStorage: () => clearVaultStorage(),
  clearTabStorage: () => clearTabStorage(),
  forgetKeys: forgetCryptoKeys,
  navigate: (url) => window.location.assign(url),
});

const serverSnapshot = () => loadingState;

/**
 * The session for React: "loading" during server rendering and until the first answer, then "signed-in" with the
 * user (and profile) or "signed-out".
 */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, serverSnapshot);
}

/** Ends the session and loads the reason's page (SPEC.md section 2, "Redirects on logout"). See SessionStore. */
export function signOut(reason: SignOutReason = { kind: "user" }): Promise<void> {
  return session.signOut(reason);
}

/**
 * The login and sign-up pages' last step, after better-auth accepted the auth key: keeps the vault key and salt for
 * this tab (sessionStorage only) and loads who is signed in. Resolves with the signed-in state; rejects when the
 * values are invalid or the server does not see a session (in which case nothing is left stored).
 *
 * `vaultKeyB64` is dangerouslyExportVaultKeyB64(vaultKey) from the crypto worker; `saltHex` the salt it was derived
 * with. Navigate afterwards with returnPathAfterSignIn(searchParams.get("from")).
 */
export async function completeSignIn(values: {
  vaultKeyB64: string;
  saltHex: string;
}): Promise<SessionState> {
  writeVaultStorage(values);
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
