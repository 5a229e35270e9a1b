import { describe, expect, it } from "vitest";
import { announceUnauthorized, unauthorizedEvent } from "#app/lib/unauthorized-event.ts";
import type { SignOutReason } from "./redirects.ts";
import { type SessionStatus, signedOutState } from "./session-store.ts";
import { signOutOnUnauthorized } from "./unauthorized-watch.ts";

function fakeStore(status: SessionStatus) {
  const reasons: SignOutReason[] = [];
  const store = {
    getSnapshot: () => ({ ...signedOutState, status }),
    signOut: async (reason?: SignOutReason) => {
      reasons.push(reason ?? { kind: "user" });
    },
  };
  return { store, reasons };
}

describe("signOutOnUnauthorized", () => {
  it("signs a signed-in tab out to the session-ended page, remembering where it was", () => {
    const target = new EventTarget();
    const { store, reasons } = fakeStore("signed-in");
    signOutOnUnauthorized(store, target, () => "/app/Passwords?tab=2");
    target.dispatchEvent(new Event(unauthorizedEvent));
    expect(reasons).toEqual([{ kind: "session-ended", from: "/app/Passwords?tab=2" }]);
  });

  it("ignores a 401 while nobody is signed in (the login page asking who is there)", () => {
    const target = new EventTarget();
    for (const status of ["signed-out", "loading"] as const) {
      const { store, reasons } = fakeStore(status);
      signOutOnUnauthorized(store, target, () => "/Login");
      target.dispatchEvent(new Event(unauthorizedEvent));
      expect(reasons).toEqual([]);
    }
  });

  it("stops listening when asked", () => {
    const target = new EventTarget();
    const { store, reasons } = fakeStore("signed-in");
    signOutOnUnauthorized(store, target, () => "/app")();
    target.dispatchEvent(new Event(unauthorizedEvent));
    expect(reasons).toEqual([]);
  });

  it("is what callApi's 401 announcement reaches in a browser", () => {
    const { store, reasons } = fakeStore("signed-in");
    const target = new EventTarget();
    const original = globalThis.window;
    // announceUnauthorized dispatches on window; give it one.
    (globalThis as { window?: unknown }).window = target;
    try {
      signOutOnUnauthorized(store, target, () => "/app");
      announceUnauthorized("/api/account/keys");
    } finally {
      (globalThis as { window?: unknown }).window = original;
    }
    expect(reasons).toEqual([{ kind: "session-ended", from: "/app" }]);
  });
});
