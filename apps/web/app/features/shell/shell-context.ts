import type { Profile, SessionUser } from "@heirloom/contract";
import { useOutletContext } from "react-router";

/** What the signed-in layout hands its pages: the user it let in, and the profile once loaded. */
export interface ShellContext {
  user: SessionUser;
  profile: Profile | null;
}

/**
 * The signed-in person, for pages inside the shell. Comes from the layout (not read from the session store
 * directly) so a page keeps rendering during the moment between a sign-out resetting the store and the page
 * being replaced.
 */
export function useShellContext(): ShellContext {
  return useOutletContext<ShellContext>();
}
