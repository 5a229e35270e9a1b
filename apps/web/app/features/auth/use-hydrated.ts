import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the page is server-rendered HTML, true once React runs it. The sign-in forms keep their submit button
 * disabled until then: without the page's code a submit would post the password itself to the server, which must
 * never see it (a disabled default button also stops the Enter key from submitting).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
