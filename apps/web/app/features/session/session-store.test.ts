import type { SessionUser } from "@heirloom/contract";
import { describe, expect, it, vi } from "vitest";
import { createSessionStore, type SessionDeps } from "./session-store.ts";

const user: SessionUser = {
  uid: "u1",
  email: "ada@example.com",
  name: "Ada",
  emailVerified: true,
  twoFactorEnabled: false,
  hasVault: true,
  vaultLocked: false,
  accountType: "individual",
  accountTier: "a",
  accountActive: true,
  subscriptionStatus: "none",
  isAdmin: false,
};

function setup(overrides: Partial<SessionDeps> = {}) {
  const calls: string[] = [];
  const deps: SessionDeps = {
    fetchUser: vi.fn(async () => user),
    fetchProfile: vi.fn(async () => null),
    hasVaultKey: () => true,
    postSignOut: vi.fn(async () => void calls.push("postSignOut")),
    clearVaultStorage: vi.fn(() => void calls.push("clearVaultStorage")),
    clearTabStorage: vi.fn(() => void calls.push("clearTabStorage")),
    forgetKeys: vi.fn(() => void calls.push("forgetKeys")),
    navigate: vi.fn((url: string) => void calls.push(`navigate ${url}`)),
    ...overrides,
  };
  return { store: createSessionStore(deps), deps, calls };
}

describe("session store", () => {
  it("starts loading, then holds the signed-in user", async () => {
    const { store } = setup();
    expect(store.getSnapshot().status).toBe("loading");
    const listener = vi.fn();
    store.subscribe(listener);
    await store.load();
    expect(store.getSnapshot()).toMatchObject({ status: "signed-in", user });
    expect(listener).toHaveBeenCalled();
  });

  it("no user (401/404 from /me) reads as signed out", async () => {
    const { store } = setup({ fetchUser: async () => null });
    await expect(store.load()).resolves.toMatchObject({ status: "signed-out", user: null });
  });

  it("asks the server once per page load unless forced", async () => {
    const { store, deps } = setup();
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(deps.fetchUser).toHaveBeenCalledTimes(1);
    await store.load({ force: true });
    expect(deps.fetchUser).toHaveBeenCalledTimes(2);
  });

  it("no verdict (offline) rejects and lets the next caller ask again", async () => {
    const fetchUser = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(user);
    const { store } = setup({ fetchUser });
    await expect(store.load()).rejects.toThrow("offline");
    expect(store.getSnapshot().status).toBe("loading");
    await expect(store.load()).resolves.toMatchObject({ status: "signed-in" });
  });

  it("a tab without a vault key is signed out for public pages, with no request", async () => {
    const { store, deps } = setup({ hasVaultKey: () => false });
    await expect(store.loadIfThisTabHasKeys()).resolves.toMatchObject({ status: "signed-out" });
    expect(deps.fetchUser).not.toHaveBeenCalled();
  });

  it("sign-out clears the keys before anything else, resets the store, ends the server session, then reloads", async () => {
    const { store, calls } = setup();
    await store.load();
    await store.signOut({ kind: "user" });
    expect(calls).toEqual(["clearVaultStorage", "forgetKeys", "postSignOut", "navigate /login?logout=true"]);
    expect(store.getSnapshot()).toEqual({ status: "signed-out", user: null, profile: null });
  });

  it("a failed server sign-out still clears and reloads", async () => {
    const { store, calls } = setup({
      postSignOut: async () => {
        throw new Error("unreachable");
      },
    });
    await store.signOut({ kind: "missing-vault-key" }).catch(() => {});
    expect(calls).toContain("clearVaultStorage");
    expect(calls.at(-1)).toBe("navigate /login?logout=true&missingVaultKey=true");
  });

  it("an invalid key at startup also empties the tab's sessionStorage", async () => {
    const { store, calls } = setup();
    await store.signOut({ kind: "invalid-vault-key" });
    expect(calls).toEqual([
      "clearVaultStorage",
      "clearTabStorage",
      "forgetKeys",
      "postSignOut",
      "navigate /login?logout=true&missingVaultKey=true&from=idle",
    ]);
  });

  it("the idle timer and the key check firing together sign out once", async () => {
    const { store, deps } = setup();
    await Promise.all([
      store.signOut({ kind: "idle-timeout", from: "/app/Passwords" }),
      store.signOut({ kind: "missing-vault-key" }),
    ]);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith("/login?logout=true&timeout=true&from=%2Fapp%2FPasswords");
  });

  it("a late answer from /me does not bring a signed-out user back", async () => {
    let answer: (u: SessionUser) => void = () => {};
    const { store } = setup({ fetchUser: () => new Promise((resolve) => (answer = resolve)) });
    const loading = store.load();
    await store.signOut();
    answer(user);
    await loading;
    expect(store.getSnapshot().status).toBe("signed-out");
  });
});
