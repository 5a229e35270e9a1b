import { useSyncExternalStore } from "react";
import { forgetCryptoKeys } from "./crypto.ts";
import type { SignOutReason } from "./redirects.ts";
import { createSessionStore, loadingState, type SessionState } from "./session-store.ts";
import { signOutOnUnauthorized } from "./unauthorized-watch.ts";
import {
  clearTabStorage,
  clearVaultStorage,
  readStored,
  sessionStore,
  vaultStorageKeys,
} from "./vault-storage.ts";

// The root layout imports this file (the public header's Sign Out), so everything heavy (zod through the API
// client, the crypto package's validators) is imported on first use: a visitor's page downloads none of it.
const api = () => import("./session-api.ts");
const vaultKey = () => import("./vault-key.ts");

/** The page's one session store, wired to the browser. */
export const session = createSessionStore({
  fetchUser: async () => (await api()).fetchSessionUser(),
  fetchProfile: async () => (await api()).fetchProfile(),
  // Nothing stored (every visitor) is answered without loading the validator.
  hasVaultKey: async () =>
    readStored(sessionStore(), vaultStorageKeys.vaultKey) !== null && (await vaultKey()).hasVaultKey(),
  postSignOut: async () => (await api()).postSignOut(),
  clearVaultStorage: () => clearVaultStorage(),
  clearTabStorage: () => clearTabStorage(),
  forgetKeys: forgetCryptoKeys,
  navigate: (url) => window.location.assign(url),
});

if (typeof window !== "undefined") {
  signOutOnUnauthorized(session, window, () => `${window.location.pathname}${window.location.search}`);
}

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
  // Signing out loads another page (window.location.assign): the query cache goes with the tab's memory. Emptying it
  // here would make the still-mounted pages ask again, after the session ended.
  return session.signOut(reason);
}
