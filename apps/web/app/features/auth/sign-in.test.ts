import { accountMessages, type KeysResponse, type SessionUser } from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api.ts";
import { AuthError } from "./auth-api.ts";
import type { DerivedCredentials } from "./credentials.ts";
import {
  finishSecondFactor,
  finishSocialSecondFactor,
  type SignInStage,
  type SignInSteps,
  signInMessages,
  signInWithPassword,
  unlockAfterSocialSignIn,
} from "./sign-in.ts";
import { testKdf } from "./test-kdf.ts";

const user: SessionUser = {
  uid: "user-1",
  email: "ada@example.com",
  name: "Ada Lovelace",
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
const kdf = testKdf;
const keys = { userId: "user-1", saltHex: "ab".repeat(32), kdf } as unknown as KeysResponse;
const credentials: DerivedCredentials = {
  saltHex: "ab".repeat(32),
  kdf,
  vaultKey: { right: true } as unknown as VaultKey,
  vaultKeyB64: "dmF1bHQta2V5LWJ5dGVzLWJhc2U2NA==",
  authKey: "A".repeat(43),
};

/** Steps that succeed, recording each call; `overrides` replaces one to script a failure. */
function fakeSteps(overrides: Partial<SignInSteps> = {}) {
  const calls: string[] = [];
  const logged: [string, string][] = [];
  const record =
    <A extends unknown[], R>(name: string, fn: (...args: A) => R) =>
    (...args: A): R => {
      calls.push(name);
      return fn(...args);
    };
  const steps: SignInSteps = {
    derive: record("derive", async () => credentials),
    signInEmail: record("signInEmail", async () => ({ twoFactorRedirect: false })),
    verifySecondFactor: record("verifySecondFactor", async () => {}),
    fetchUser: record("fetchUser", async () => user),
    fetchKeys: record("fetchKeys", async () => keys),
    openKeys: record(
      "openKeys",
      async (vaultKey: VaultKey) => (vaultKey as unknown as { right?: boolean }).right === true,
    ),
    completeSignIn: record("completeSignIn", async () => {}),
    endServerSession: record("endServerSession", async () => {}),
    logUserError: async (fn, error) => {
      logged.push([fn, error]);
    },
  };
  for (const [name, fn] of Object.entries(overrides)) {
    (steps as unknown as Record<string, unknown>)[name] = record(name, fn as (...args: unknown[]) => unknown);
  }
  return { steps, calls, logged };
}

const input = { email: "ada@example.com", password: "correct horse battery staple" };

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error & { field?: string; restart?: boolean };
  }
  throw new Error("expected the sign-in to fail");
}

describe("signInWithPassword", () => {
  it("derives, authenticates, logs the activity, opens the keys, then keeps the vault key for the tab", async () => {
    const { steps, calls } = fakeSteps();
    const completed: unknown[] = [];
    steps.completeSignIn = async (values) => {
      calls.push("completeSignIn");
      completed.push(values);
    };
    const stages: SignInStage[] = [];
    const result = await signInWithPassword(steps, input, (stage) => stages.push(stage));
    expect(result).toEqual({ kind: "signed-in", user });
    expect(calls).toEqual(["derive", "signInEmail", "fetchUser", "fetchKeys", "openKeys", "completeSignIn"]);
    expect(stages).toEqual(["unlocking", "signing-in", "opening"]);
    expect(completed).toEqual([{ vaultKeyB64: credentials.vaultKeyB64, saltHex: credentials.saltHex }]);
  });

  it("sends only the auth key to better-auth, never the password", async () => {
    const sent: string[] = [];
    const { steps } = fakeSteps({
      signInEmail: async (email, authKey) => {
        sent.push(email, authKey);
        return { twoFactorRedirect: false };
      },
    });
    await signInWithPassword(steps, input);
    expect(sent).toEqual([input.email, credentials.authKey]);
  });

  it("asks for a second factor and opens nothing until it is given", async () => {
    const { steps, calls } = fakeSteps({ signInEmail: async () => ({ twoFactorRedirect: true }) });
    const result = await signInWithPassword(steps, input);
    expect(result.kind).toBe("second-factor");
    expect(calls).toEqual(["derive", "signInEmail"]);
  });

  it("answers a wrong password and an unknown email with the same text (ADR 021), on the password field", async () => {
    const { steps, logged } = fakeSteps({
      signInEmail: async () => {
        throw new AuthError(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password");
      },
    });
    const error = await failure(signInWithPassword(steps, input));
    expect(error.message).toBe("Wrong email or password.");
    expect(error.field).toBe("password");
    expect(logged).toEqual([]);
  });

  it("says 'Too many login attemps' when the account is locked or the address is rate limited", async () => {
    for (const answer of [
      new AuthError(429, "TOO_MANY_ATTEMPTS", accountMessages.tooManyAttempts),
      new AuthError(429, "TOO_MANY_REQUESTS", "Too many requests. Please try again later."),
      new ApiError({ status: 429, code: "rate_limited", message: "slow down" }),
    ]) {
      const { steps } = fakeSteps({
        derive: async () => {
          if (answer instanceof ApiError) throw answer; // prelogin's own limit
          return credentials;
        },
        signInEmail: async () => {
          throw answer;
        },
      });
      expect((await failure(signInWithPassword(steps, input))).message).toBe(
        "Too many login attemps, please try again later.",
      );
    }
  });

  it("shows the unknown-error text for anything else and writes it to the userErrors log", async () => {
    const { steps, logged } = fakeSteps({
      signInEmail: async () => {
        throw new AuthError(500, "UNKNOWN", "Unexpected response (HTTP 500).");
      },
    });
    const error = await failure(signInWithPassword(steps, input));
    expect(error.message).toBe("Uknown error has occured. Please try again later.");
    expect(logged).toEqual([["signIn", "500 UNKNOWN: Unexpected response (HTTP 500)."]]);
  });

  it("treats a failing crypto worker as unknown, logged", async () => {
    const { steps, logged } = fakeSteps({
      derive: async () => {
        throw new Error("Argon2id could not allocate memory");
      },
    });
    expect((await failure(signInWithPassword(steps, input))).message).toBe(accountMessages.unknownLogin);
    expect(logged).toEqual([["signIn", "Error: Argon2id could not allocate memory"]]);
  });

  it("says the connection failed when the server cannot be reached", async () => {
    const { steps, logged } = fakeSteps({
      signInEmail: async () => {
        throw new AuthError(0, "NETWORK", "Could not reach Heirloom.");
      },
    });
    expect((await failure(signInWithPassword(steps, input))).message).toBe(signInMessages.network);
    expect(logged).toEqual([]);
  });

  it("reports a vault locked by an email reset, ends the session and keeps no key", async () => {
    const { steps, calls } = fakeSteps({ fetchUser: async () => ({ ...user, vaultLocked: true }) });
    expect(await signInWithPassword(steps, input)).toEqual({ kind: "vault-locked" });
    expect(calls).toContain("endServerSession");
    expect(calls).not.toContain("openKeys");
    expect(calls).not.toContain("completeSignIn");
  });

  it("reports the vault locked when the blobs do not open with the new password", async () => {
    const { steps, calls } = fakeSteps({ openKeys: async () => false });
    expect(await signInWithPassword(steps, input)).toEqual({ kind: "vault-locked" });
    expect(calls.slice(-2)).toEqual(["openKeys", "endServerSession"]);
    expect(calls).not.toContain("completeSignIn");
  });
});

describe("finishSecondFactor", () => {
  const pending = { email: input.email, credentials };

  it("verifies the code (spaces removed), then opens the vault", async () => {
    const factors: unknown[] = [];
    const { steps, calls } = fakeSteps({
      verifySecondFactor: async (factor) => {
        factors.push(factor);
      },
    });
    const stages: SignInStage[] = [];
    const result = await finishSecondFactor(steps, pending, { method: "totp", code: "123 456" }, (s) =>
      stages.push(s),
    );
    expect(result.kind).toBe("signed-in");
    expect(factors).toEqual([{ method: "totp", code: "123456" }]);
    expect(calls).toEqual(["verifySecondFactor", "fetchUser", "fetchKeys", "openKeys", "completeSignIn"]);
    expect(stages).toEqual(["verifying", "opening"]);
  });

  it("refuses a wrong or replayed TOTP code with SPEC's code message, on the code field", async () => {
    const { steps, calls } = fakeSteps({
      verifySecondFactor: async () => {
        throw new AuthError(401, "INVALID_CODE", "Invalid code");
      },
    });
    const error = await failure(finishSecondFactor(steps, pending, { method: "totp", code: "000000" }));
    expect(error.message).toBe("That code is not valid. Please try again.");
    expect(error.field).toBe("code");
    expect(calls).not.toContain("completeSignIn");
  });

  it("sends a backup code as issued, hyphen included, in capitals", async () => {
    const factors: unknown[] = [];
    const { steps } = fakeSteps({
      verifySecondFactor: async (factor) => {
        factors.push(factor);
      },
    });
    await finishSecondFactor(steps, pending, { method: "backup", code: " abcde-fghjk " });
    expect(factors).toEqual([{ method: "backup", code: "ABCDE-FGHJK" }]);
  });

  it("refuses a used backup code in words about backup codes", async () => {
    const { steps } = fakeSteps({
      verifySecondFactor: async () => {
        throw new AuthError(401, "INVALID_BACKUP_CODE", "Invalid backup code");
      },
    });
    const error = await failure(
      finishSecondFactor(steps, pending, { method: "backup", code: "abcde-fghij" }),
    );
    expect(error.message).toBe(signInMessages.invalidBackupCode);
  });

  it("sends the person back to the password when the pending sign-in expired", async () => {
    const { steps } = fakeSteps({
      verifySecondFactor: async () => {
        throw new AuthError(401, "INVALID_TWO_FACTOR_COOKIE", "Invalid two factor cookie");
      },
    });
    const error = await failure(finishSecondFactor(steps, pending, { method: "totp", code: "123456" }));
    expect(error.restart).toBe(true);
    expect(error.message).toBe(signInMessages.secondFactorExpired);
  });

  it("says 'Too many login attemps' when the code endpoint is rate limited", async () => {
    const { steps } = fakeSteps({
      verifySecondFactor: async () => {
        throw new AuthError(429, "TOO_MANY_REQUESTS", "Too many requests.");
      },
    });
    const error = await failure(finishSecondFactor(steps, pending, { method: "totp", code: "123456" }));
    expect(error.message).toBe(accountMessages.tooManyAttempts);
  });
});

describe("finishSocialSecondFactor", () => {
  it("verifies the code, then asks for the vault password of the account now signed in", async () => {
    const { steps, calls } = fakeSteps();
    const result = await finishSocialSecondFactor(steps, { method: "totp", code: "123 456" });
    expect(result).toEqual({ kind: "needs-vault-password", user });
    expect(calls).toEqual(["verifySecondFactor", "fetchUser"]);
  });

  it("sends an account without a vault on to set its first vault password", async () => {
    const { steps } = fakeSteps({ fetchUser: async () => ({ ...user, hasVault: false }) });
    expect(await finishSocialSecondFactor(steps, { method: "totp", code: "123456" })).toEqual({
      kind: "needs-vault",
    });
  });

  it("refuses a wrong code and opens nothing", async () => {
    const { steps, calls } = fakeSteps({
      verifySecondFactor: async () => {
        throw new AuthError(401, "INVALID_CODE", "Invalid code");
      },
    });
    const error = await failure(finishSocialSecondFactor(steps, { method: "totp", code: "000000" }));
    expect(error.message).toBe(accountMessages.invalidTotp);
    expect(calls).toEqual(["verifySecondFactor"]);
  });

  it("starts over when the pending sign-in expired", async () => {
    const { steps } = fakeSteps({
      verifySecondFactor: async () => {
        throw new AuthError(401, "INVALID_TWO_FACTOR_COOKIE", "Invalid two factor cookie");
      },
    });
    const error = await failure(finishSocialSecondFactor(steps, { method: "backup", code: "abcde-fghij" }));
    expect(error.restart).toBe(true);
  });
});

describe("unlockAfterSocialSignIn", () => {
  it("sends an account without a vault to set its first vault password, deriving nothing", async () => {
    const { steps, calls } = fakeSteps();
    const result = await unlockAfterSocialSignIn(steps, {
      user: { ...user, hasVault: false },
      password: "x",
    });
    expect(result).toEqual({ kind: "needs-vault" });
    expect(calls).toEqual([]);
  });

  it("derives with the account's own salt and parameters, opens the keys, keeps the key for the tab", async () => {
    const known: unknown[] = [];
    const { steps, calls } = fakeSteps({
      derive: async (email, _password, k) => {
        known.push([email, k]);
        return credentials;
      },
    });
    const result = await unlockAfterSocialSignIn(steps, { user, password: "vault password" });
    expect(result.kind).toBe("signed-in");
    expect(known).toEqual([[user.email, { saltHex: keys.saltHex, kdf }]]);
    expect(calls).toEqual(["fetchKeys", "derive", "openKeys", "completeSignIn"]);
  });

  it("says the password does not open the vault, and keeps nothing, when the blobs do not open", async () => {
    const { steps, calls } = fakeSteps({ openKeys: async () => false });
    const error = await failure(unlockAfterSocialSignIn(steps, { user, password: "wrong" }));
    expect(error.message).toBe(signInMessages.wrongVaultPassword);
    expect(error.field).toBe("password");
    expect(calls).not.toContain("completeSignIn");
  });

  it("reports a locked vault without asking for keys", async () => {
    const { steps, calls } = fakeSteps();
    const result = await unlockAfterSocialSignIn(steps, {
      user: { ...user, vaultLocked: true },
      password: "x",
    });
    expect(result).toEqual({ kind: "vault-locked" });
    expect(calls).toEqual(["endServerSession"]);
  });
});
