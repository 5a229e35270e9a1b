import { describe, expect, it } from "vitest";
import {
  idleTimeoutRedirect,
  invalidVaultKeyRedirect,
  missingVaultKeyRedirect,
  returnPathAfterSignIn,
  signOutRedirect,
} from "./redirects.ts";

describe("redirects on logout (SPEC.md section 2)", () => {
  it("idle timeout carries the encoded original path with its query", () => {
    expect(idleTimeoutRedirect("/app/Passwords?tab=shared&q=a b")).toBe(
      "/login?logout=true&timeout=true&from=%2Fapp%2FPasswords%3Ftab%3Dshared%26q%3Da%20b",
    );
    expect(signOutRedirect({ kind: "idle-timeout", from: "/account/MyInfo" })).toBe(
      "/login?logout=true&timeout=true&from=%2Faccount%2FMyInfo",
    );
  });

  it("a missing vault key and an invalid one at startup have their own URLs", () => {
    expect(missingVaultKeyRedirect).toBe("/login?logout=true&missingVaultKey=true");
    expect(signOutRedirect({ kind: "missing-vault-key" })).toBe("/login?logout=true&missingVaultKey=true");
    expect(invalidVaultKeyRedirect).toBe("/login?logout=true&missingVaultKey=true&from=idle");
    expect(signOutRedirect({ kind: "invalid-vault-key" })).toBe(
      "/login?logout=true&missingVaultKey=true&from=idle",
    );
  });

  it("a deleted account lands on the home page, which then says so", () => {
    expect(signOutRedirect({ kind: "account-deleted" })).toBe("/?accountDeleted=true");
  });

  it("a session the server no longer knows ends on /login with the path to return to", () => {
    expect(signOutRedirect({ kind: "session-ended", from: "/app/MyData?x=1" })).toBe(
      "/login?logout=true&sessionEnded=true&from=%2Fapp%2FMyData%3Fx%3D1",
    );
  });

  it("a chosen sign-out goes to /login", () => {
    expect(new URL(signOutRedirect({ kind: "user" }), "https://x.test").pathname).toBe("/login");
  });
});

describe("returnPathAfterSignIn", () => {
  it("returns to a path on this site, with its query", () => {
    expect(returnPathAfterSignIn("/app/Passwords?tab=shared")).toBe("/app/Passwords?tab=shared");
    expect(returnPathAfterSignIn(decodeURIComponent("%2Faccount%2FMyInfo"))).toBe("/account/MyInfo");
  });

  it.each([
    null,
    "",
    "idle",
    "//evil.example/app",
    "https://evil.example",
    "/\\evil.example",
    "javascript:x",
  ])("sends %s to /app", (from) => {
    expect(returnPathAfterSignIn(from)).toBe("/app");
  });
});
