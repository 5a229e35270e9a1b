// SPEC.md section 2, "Redirects on logout": the exact URLs, so the login page can explain what happened
// (features/auth/signed-out-notice.tsx reads the same parameters).

export const loginPath = "/login";
/** Where a signed-in person lands: after sign-in, and when they open /Login or /SignUp. */
export const appHomePath = "/app";

/** Why a session ended; each reason has its own page to land on. */
export type SignOutReason =
  /** The person pressed Sign Out. */
  | { kind: "user" }
  /** 20 minutes without activity; `from` is the path (with its query) the person was on. */
  | { kind: "idle-timeout"; from: string }
  /** The 5-second check found no usable vault key in this tab. */
  | { kind: "missing-vault-key" }
  /** The check on page load found no usable vault key in this tab. */
  | { kind: "invalid-vault-key" }
  /** The person deleted their account: the home page says it is gone. */
  | { kind: "account-deleted" }
  /** The server answered 401 while this tab was signed in (lifetime reached, ended elsewhere); `from` as above. */
  | { kind: "session-ended"; from: string };

export function idleTimeoutRedirect(from: string): string {
  return `${loginPath}?logout=true&timeout=true&from=${encodeURIComponent(from)}`;
}
export const missingVaultKeyRedirect = `${loginPath}?logout=true&missingVaultKey=true`;
export const invalidVaultKeyRedirect = `${loginPath}?logout=true&missingVaultKey=true&from=idle`;
/** After deleting the account: the home page, with a notice that the account and its data are gone. */
export const accountDeletedRedirect = "/?accountDeleted=true";
/** The server no longer knows the session: /login explains, and signing in again returns to `from`. */
export function sessionEndedRedirect(from: string): string {
  return `${loginPath}?logout=true&sessionEnded=true&from=${encodeURIComponent(from)}`;
}
/** A chosen sign-out: /login, with the flag that makes the page confirm the keys were cleared. */
export const userSignOutRedirect = `${loginPath}?logout=true`;

export function signOutRedirect(reason: SignOutReason): string {
  switch (reason.kind) {
    case "user":
      return userSignOutRedirect;
    case "idle-timeout":
      return idleTimeoutRedirect(reason.from);
    case "missing-vault-key":
      return missingVaultKeyRedirect;
    case "invalid-vault-key":
      return invalidVaultKeyRedirect;
    case "account-deleted":
      return accountDeletedRedirect;
    case "session-ended":
      return sessionEndedRedirect(reason.from);
  }
}

/**
 * Where to go after signing in, given the login page's `from` parameter: a path on this site, or /app. Anything
 * that could leave the site (`//evil.example`, `https:`, `/\evil`) or is not a path (`from=idle`) gives /app.
 */
export function returnPathAfterSignIn(from: string | null | undefined): string {
  if (!from?.startsWith("/") || from.startsWith("//") || from.includes("\\")) return appHomePath;
  try {
    const url = new URL(from, "https://heirloom.invalid");
    if (url.origin !== "https://heirloom.invalid") return appHomePath;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return appHomePath;
  }
}
