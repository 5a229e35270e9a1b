import type { Profile, SessionUser } from "@heirloom/contract";
import { type SignOutReason, signOutRedirect } from "./redirects.ts";

export type SessionStatus = "loading" | "signed-out" | "signed-in";

export interface SessionState {
  readonly status: SessionStatus;
  readonly user: SessionUser | null;
  /** SPEC.md section 3's profile; null until loaded, or when the server could not give it. */
  readonly profile: Profile | null;
}

export const loadingState: SessionState = Object.freeze({ status: "loading", user: null, profile: null });
export const signedOutState: SessionState = Object.freeze({
  status: "signed-out",
  user: null,
  profile: null,
});

/** What the store needs from the outside world; the browser's versions are wired in session.ts. */
export interface SessionDeps {
  fetchUser(): Promise<SessionUser | null>;
  fetchProfile(): Promise<Profile | null>;
  /** True when this tab holds a usable vault key (sessionStorage). */
  hasVaultKey(): boolean | Promise<boolean>;
  postSignOut(): Promise<void>;
  /** Removes every stored name SPEC's sign-out lists, from session and local storage. */
  clearVaultStorage(): void;
  /** Empties this tab's sessionStorage (the startup check's "clears session storage"). */
  clearTabStorage(): void;
  /** Closes the crypto workers and drops every key held in memory. */
  forgetKeys(): void;
  /** A full page load, so nothing held in memory survives. */
  navigate(url: string): void;
}

export interface SessionStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionState;
  /**
   * Asks the server who is signed in, once per page load (later calls share the answer; `force` asks again).
   * Rejects only when there is no verdict (offline, server error).
   */
  load(options?: { force?: boolean }): Promise<SessionState>;
  /**
   * For public pages: asks the server only when this tab holds a vault key. A visitor's page makes no call, and a
   * tab without its key could not open the vault anyway, so it reads as signed out.
   */
  loadIfThisTabHasKeys(): Promise<SessionState>;
  /**
   * Ends the session: keys out of storage and memory, store reset, server session ended, then a full page load of
   * the reason's page. Concurrent calls (idle timer and key check firing together) share the first one.
   */
  signOut(reason?: SignOutReason): Promise<void>;
}

export function createSessionStore(deps: SessionDeps): SessionStore {
  let state: SessionState = loadingState;
  let loading: Promise<SessionState> | null = null;
  let signingOut: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function fetchState(): Promise<SessionState> {
    const user = await deps.fetchUser();
    if (!user) return signedOutState;
    return { status: "signed-in", user, profile: await deps.fetchProfile() };
  }

  function load(options: { force?: boolean } = {}): Promise<SessionState> {
    if (signingOut) return Promise.resolve(signedOutState);
    if (loading && !options.force) return loading;
    const attempt = fetchState().then(
      (next) => {
        // A sign-out that started meanwhile wins over a late answer.
        if (!signingOut && loading === attempt) set(next);
        return state;
      },
      (error: unknown) => {
        if (loading === attempt) loading = null; // no verdict: the next caller asks again
        throw error;
      },
    );
    loading = attempt;
    return attempt;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    load,
    async loadIfThisTabHasKeys() {
      if (state.status !== "loading") return state;
      if (!(await deps.hasVaultKey())) {
        set(signedOutState);
        return state;
      }
      return load();
    },
    signOut(reason = { kind: "user" }) {
      if (signingOut) return signingOut;
      signingOut = (async () => {
        // Keys go first, before any network call that might hang.
        deps.clearVaultStorage();
        if (reason.kind === "invalid-vault-key") deps.clearTabStorage();
        deps.forgetKeys();
        set(signedOutState);
        try {
          await deps.postSignOut();
        } catch {
          // The server session is the server's to end; the keys are already gone from this tab.
        }
        deps.navigate(signOutRedirect(reason));
      })();
      return signingOut;
    },
  };
}
