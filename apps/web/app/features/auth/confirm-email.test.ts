import { accountMessages } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import { AuthError } from "./auth-api.ts";
import {
  refreshWaitsMs,
  resendErrorMessage,
  resendTooMany,
  type VerifySteps,
  verifyEmailLink,
} from "./confirm-email.ts";

function steps(overrides: Partial<VerifySteps> = {}) {
  const logged: string[] = [];
  const base: VerifySteps = {
    verifyEmail: async () => {},
    refreshSession: async () => ({ signedIn: true, emailVerified: true }),
    logUserError: async (fn) => {
      logged.push(fn);
    },
  };
  return { steps: { ...base, ...overrides }, logged };
}

describe("verifyEmailLink", () => {
  it("says verified when the refreshed session shows the new status", async () => {
    expect(await verifyEmailLink(steps().steps, "t")).toEqual({
      kind: "verified",
      message: accountMessages.verified,
    });
  });

  it("asks a visitor (no session in this browser) to log in again", async () => {
    const { steps: s } = steps({ refreshSession: async () => ({ signedIn: false, emailVerified: false }) });
    expect((await verifyEmailLink(s, "t")).message).toBe(accountMessages.verifiedLogInAgain);
  });

  it("asks again while a signed-in session still shows the old status (a server's kept session), then says verified", async () => {
    const answers = [false, false, true];
    const waits: number[] = [];
    const { steps: s } = steps({
      refreshSession: async () => ({ signedIn: true, emailVerified: answers.shift() ?? false }),
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect((await verifyEmailLink(s, "t")).message).toBe(accountMessages.verified);
    expect(waits).toEqual([1000, 2000]);
  });

  it("says the status could not be updated when it stays unchanged past the servers' 5 s session cache", async () => {
    let asked = 0;
    const waits: number[] = [];
    const { steps: s } = steps({
      refreshSession: async () => {
        asked++;
        return { signedIn: true, emailVerified: false };
      },
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect((await verifyEmailLink(s, "t")).message).toBe(accountMessages.verifiedNoStatus);
    expect(asked).toBe(1 + refreshWaitsMs.length);
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(5000);
  });

  it("does not wait when the refresh says signed out", async () => {
    const waits: number[] = [];
    const { steps: s } = steps({
      refreshSession: async () => ({ signedIn: false, emailVerified: false }),
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect((await verifyEmailLink(s, "t")).message).toBe(accountMessages.verifiedLogInAgain);
    expect(waits).toEqual([]);
  });

  it("says the status could not be updated when the refresh fails", async () => {
    const { steps: s } = steps({
      refreshSession: async () => {
        throw new Error("offline");
      },
    });
    expect((await verifyEmailLink(s, "t")).message).toBe(accountMessages.verifiedNoStatus);
  });

  it.each([
    [new AuthError(401, "INVALID_TOKEN", ""), accountMessages.invalidLink],
    [new AuthError(401, "TOKEN_EXPIRED", ""), accountMessages.invalidLink],
    [new AuthError(401, "USER_NOT_FOUND", ""), accountMessages.noUserForEmail],
    [new AuthError(403, "BANNED_USER", ""), accountMessages.disabled],
    [new AuthError(500, "UNKNOWN", ""), accountMessages.verifyFailed],
  ])("maps %s to its SPEC text", async (error, message) => {
    const { steps: s, logged } = steps({
      verifyEmail: async () => {
        throw error;
      },
    });
    expect(await verifyEmailLink(s, "t")).toEqual({ kind: "failed", message });
    expect(logged.length).toBe(message === accountMessages.verifyFailed ? 1 : 0);
  });
});

describe("resendErrorMessage", () => {
  it("turns the rate limit into a wait", () => {
    expect(resendErrorMessage(new AuthError(429, "TOO_MANY_REQUESTS", ""))).toBe(resendTooMany);
  });
});
