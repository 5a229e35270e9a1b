import { redirect } from "react-router";
import { appHomePath } from "./redirects.ts";
import { session } from "./session.ts";

/**
 * For the clientLoader of /Login and /SignUp: a person already signed in *in this tab* (server session and vault key)
 * goes to /app; everyone else stays. A tab without its key is not asked about, so visitors cause no request, and a
 * signed-in person who opened a fresh tab can sign in there to unlock it.
 *
 * Light on purpose (session.ts and redirects.ts only): the public sign-in pages import it directly, so a visitor
 * downloads neither the crypto package nor the API schemas.
 */
export async function redirectSignedInClient(): Promise<null> {
  const state = await session.loadIfThisTabHasKeys().catch(() => null);
  if (state?.status === "signed-in") throw redirect(appHomePath);
  return null;
}
