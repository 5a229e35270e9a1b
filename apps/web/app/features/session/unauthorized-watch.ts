import { unauthorizedEvent } from "#app/lib/unauthorized-event.ts";
import type { SessionStore } from "./session-store.ts";

/**
 * [Note: A 401 while signed in ends the session] (lib/unauthorized-event.ts): when any call to our API answers 401
 * while this tab is signed in, the tab signs out (keys cleared) to /login?logout=true&sessionEnded=true&from=...
 * A 401 while signed out (the login page asking who is there) changes nothing. Returns a function that stops it.
 */
export function signOutOnUnauthorized(
  store: Pick<SessionStore, "getSnapshot" | "signOut">,
  target: EventTarget,
  currentPath: () => string,
): () => void {
  const onUnauthorized = () => {
    if (store.getSnapshot().status !== "signed-in") return;
    void store.signOut({ kind: "session-ended", from: currentPath() });
  };
  target.addEventListener(unauthorizedEvent, onUnauthorized);
  return () => target.removeEventListener(unauthorizedEvent, onUnauthorized);
}
