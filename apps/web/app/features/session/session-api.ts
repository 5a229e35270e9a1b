import { apiRoutes, type Profile, type SessionUser } from "@heirloom/contract";
import { ApiError, callApi } from "#app/lib/api.ts";

// The session's calls to the server (packages/contract/src/routes.ts). Kept apart from the store so the store can be
// tested with stand-ins.

/**
 * Who is signed in, or null for nobody. 401 and 403 mean no session; 404 means the account API is not there
 * (an older server): nobody can be signed in either. Anything else (offline, 5xx) is an error, not a verdict.
 */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await callApi("getMe");
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return null;
    throw error;
  }
}

/** The profile fields of SPEC.md section 7 (userhandle getuserde); null when they cannot be had right now. */
export async function fetchProfile(): Promise<Profile | null> {
  try {
    return await callApi("getProfile");
  } catch {
    return null;
  }
}

/** SPEC.md section 7 getUserSalt. Resolves with undefined when the answer has no salt. */
export async function fetchUserSalt(): Promise<string | undefined> {
  try {
    return (await callApi("getSalt")).salt;
  } catch (error) {
    // A 2xx answer in another shape: the server answered, without a salt.
    if (error instanceof ApiError && error.status >= 200 && error.status < 300) return undefined;
    throw error;
  }
}

/** SPEC.md section 8: a userErrors entry (the server adds uid and timestamp). Best effort: never throws. */
export async function logUserError(fn: string, error: string): Promise<void> {
  try {
    await callApi("logUserError", { body: { function: fn, error: error.slice(0, 2_000) } });
  } catch {
    // Logging must never break the page it reports on.
  }
}

/** Ends the server session (better-auth). Best effort and bounded: a sign-out never waits on a dead network. */
export async function postSignOut(timeoutMs = 5_000): Promise<void> {
  try {
    await fetch(`${apiRoutes.auth}/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: "{}",
      credentials: "same-origin",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    // The local half of signing out (keys gone, page reloaded) does not depend on the server.
  }
}
