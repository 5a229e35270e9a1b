import { type ReactNode, useEffect, useMemo } from "react";
import { type HeaderUser, HeaderUserContext } from "#app/features/site/use-header-user.ts";
import { displayNameOf } from "./display-name.ts";
import { session, useSession } from "./session.ts";

/**
 * Gives the public header the signed-in person (see [Note: The logged-in header seam]). On a public page it asks the
 * server only when this tab holds a vault key, so a visitor's page view makes no request at all.
 */
export function SessionHeaderProvider({ children }: { children: ReactNode }) {
  const { status, user } = useSession();

  useEffect(() => {
    session.loadIfThisTabHasKeys().catch(() => {
      // Offline or a server error: the header keeps the visitor's view; the signed-in area reports the error.
    });
  }, []);

  const value = useMemo<HeaderUser | null>(
    () =>
      status === "signed-in" && user
        ? { displayName: displayNameOf(user), signOut: () => void session.signOut({ kind: "user" }) }
        : null,
    [status, user],
  );
  return <HeaderUserContext.Provider value={value}>{children}</HeaderUserContext.Provider>;
}
