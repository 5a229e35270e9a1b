import { useEffect } from "react";
import { idleTimeoutMs, startIdleTimer } from "./idle-timer.ts";
import { session } from "./session.ts";
import { hasVaultKey } from "./vault-key.ts";
import { sessionStore } from "./vault-storage.ts";
import { startVaultWatch } from "./vault-watch.ts";

/** The path the person is on, with its query, for the idle timeout's `from`. */
const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** SPEC.md section 4: after 20 minutes without activity, sign out to the timeout page. Mount once in the shell. */
export function useIdleSignOut(): void {
  useEffect(
    () =>
      startIdleTimer({
        target: window,
        timeoutMs: idleTimeoutMs(sessionStore()),
        onIdle: () => void session.signOut({ kind: "idle-timeout", from: currentPath() }),
      }),
    [],
  );
}

/** SPEC.md section 4: every 5 seconds, a tab without a usable vault key signs out. Mount once in the shell. */
export function useVaultWatch(): void {
  useEffect(
    () =>
      startVaultWatch({
        hasVaultKey: () => hasVaultKey(),
        onMissing: () => void session.signOut({ kind: "missing-vault-key" }),
      }),
    [],
  );
}
