import { defaultLandingPage } from "@heirloom/contract";
import { returnPathAfterSignIn } from "#app/features/session/redirects.ts";
import { callApi } from "#app/lib/api.ts";

/** True when the login page's `from` names a page of this site to return to (not a flag like from=idle). */
export function hasReturnPath(from: string | null | undefined): from is string {
  return !!from && from.startsWith("/") && returnPathAfterSignIn(from) !== "/app";
}

/**
 * Where a completed sign-in goes: back to `from` when it names a page of this site, otherwise the person's chosen
 * landing page (settings), or /app when it cannot be read.
 */
export async function pathAfterSignIn(
  from: string | null | undefined,
  readLandingPage: () => Promise<string> = async () => (await callApi("getPreferences")).landingPage,
): Promise<string> {
  if (hasReturnPath(from)) return returnPathAfterSignIn(from);
  try {
    return await readLandingPage();
  } catch {
    return defaultLandingPage;
  }
}
