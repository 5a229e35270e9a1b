// The session's public face: what the login, sign-up, MFA and recovery pages and the signed-in area call.
// [Note: What the browser keeps, and where] is in vault-storage.ts.

export { completeSignIn } from "./complete-sign-in.ts";
export { getCryptoClient } from "./crypto.ts";
export { displayNameOf } from "./display-name.ts";
export { redirectSignedInClient, requireSignedInClient, runStartupVaultCheck } from "./guards.ts";
export { IDLE_OVERRIDE_STORAGE_KEY, IDLE_TIMEOUT_MS } from "./idle-timer.ts";
export {
  appHomePath,
  idleTimeoutRedirect,
  invalidVaultKeyRedirect,
  loginPath,
  missingVaultKeyRedirect,
  returnPathAfterSignIn,
  type SignOutReason,
} from "./redirects.ts";
export { session, signOut, useSession } from "./session.ts";
export { fetchSessionUser, logUserError } from "./session-api.ts";
export type { SessionState, SessionStatus } from "./session-store.ts";
export { unlockFromStorage } from "./unlock.ts";
export { useIdleSignOut, useVaultWatch } from "./use-session-timers.ts";
export { hasVaultKey, readVaultKey, readVaultSalt } from "./vault-key.ts";
export { clearVaultStorage, signOutClearedKeys } from "./vault-storage.ts";
export { VAULT_CHECK_INTERVAL_MS } from "./vault-watch.ts";
