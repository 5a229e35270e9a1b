import type { SessionUser } from "@heirloom/contract";
import { redirect } from "react-router";
import { loginPath } from "./redirects.ts";
import { session } from "./session.ts";
import { fetchUserSalt, logUserError } from "./session-api.ts";
import { hasVaultKey, readVaultSalt, writeVaultSalt } from "./vault-key.ts";
import { checkVaultOnLoad, type StartupCheckResult } from "./vault-watch.ts";

export { redirectSignedInClient } from "./redirect-signed-in.ts";

/**
 * For a clientLoader of a page that needs a signed-in user (the signed-in area, /AddInfo, /ConfirmEmail, /Payment):
 * resolves with the user, or throws a redirect to /login for a visitor. Throws the ApiError when the server cannot
 * answer (the route's error page then says "Server Error" instead of pretending the person is signed out).
 *
 * A tab that still holds a vault key but whose server session is gone (12 hours reached, ended elsewhere) was signed
 * in until now: it is signed out like any 401 while signed in (keys cleared, /login says the session ended), and the
 * returned promise never settles because the page is being replaced.
 */
export async function requireSignedInClient(): Promise<SessionUser> {
  const state = await session.load();
  if (state.status === "signed-in" && state.user) return state.user;
  if (hasVaultKey()) {
    await session.signOut({
      kind: "session-ended",
      from: `${window.location.pathname}${window.location.search}`,
    });
    return new Promise<never>(() => {});
  }
  throw redirect(loginPath);
}

let startupCheck: Promise<StartupCheckResult> | null = null;

/**
 * SPEC.md section 4's check "once on page load" (later calls on the same page share its result). An invalid vault
 * key signs out to /login?logout=true&missingVaultKey=true&from=idle and the returned promise then never settles,
 * so the signed-in area never renders for a tab without its key; an invalid salt is fetched again.
 */
export function runStartupVaultCheck(): Promise<StartupCheckResult> {
  startupCheck ??= checkVaultOnLoad({
    hasVaultKey: () => hasVaultKey(),
    hasVaultSalt: () => readVaultSalt() !== null,
    onInvalidKey: () => session.signOut({ kind: "invalid-vault-key" }),
    fetchSalt: fetchUserSalt,
    storeSalt: (saltHex) => writeVaultSalt(saltHex),
    logUserError,
  }).then((result) => (result === "invalid-key" ? new Promise<never>(() => {}) : result));
  return startupCheck;
}
