import { accountMessages } from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api.ts";
import { AuthError } from "./auth-api.ts";
import type { DerivedCredentials } from "./credentials.ts";
import {
  invalidRecoveryKeyText,
  type RecoverySteps,
  type ResetSteps,
  recoverWithKey,
  resetLinkInvalid,
  resetWithEmailLink,
  tooManyRecoveries,
} from "./recovery.ts";
import { testKdf } from "./test-kdf.ts";

const kdf = testKdf;
const oldSalt = "00".repeat(32);
const newSalt = "9f".repeat(32);
const credentialsFor = (saltHex: string): DerivedCredentials => ({
  saltHex,
  kdf,
  vaultKey: { salt: saltHex } as unknown as VaultKey,
  vaultKeyB64: `vault-key-for-${saltHex.slice(0, 4)}`,
  authKey: `auth-${saltHex.slice(0, 4)}`.padEnd(43, "x"),
});
const recovery = {
  recoveryEncryptedDek: "v1.a:b",
  recoveryEncryptedPrivateKey: "v1.c:d",
  recoveryEncryptedSigningPrivateKey: "v1.e:f",
};
const rewrapped = {
  ownerEncryptedDek: "v1.1:2",
  encryptedPrivateKey: "v1.3:4",
  encryptedSigningPrivateKey: "v1.5:6",
};

function cryptoError(code: string, message: string) {
  const error = new Error(message) as Error & { code: string };
  error.name = "CryptoError";
  error.code = code;
  return error;
}

function fakeRecoverySteps(overrides: Partial<RecoverySteps> = {}) {
  const calls: { step: string; args: unknown[] }[] = [];
  const base: RecoverySteps = {
    recoveryAuthKeyFromText: async () => "R".repeat(43),
    prelogin: async () => ({ saltHex: oldSalt, kdf }),
    startRecovery: async () => ({ recoveryToken: "token-1234567890abcdef", userId: "user-1", recovery }),
    newSaltHex: () => newSalt,
    deriveCredentials: async (_email, _password, known) => credentialsFor(known.saltHex),
    recoverWithRecoveryKey: async () => rewrapped,
    completeRecovery: async () => {},
    signIn: async () => "signed-in",
    completeSignIn: async () => ({}),
    logUserError: async () => {},
  };
  const steps = Object.fromEntries(
    Object.entries({ ...base, ...overrides }).map(([step, fn]) => [
      step,
      (...args: unknown[]) => {
        calls.push({ step, args });
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as RecoverySteps;
  return { steps, calls, names: () => calls.map((c) => c.step) };
}

const input = {
  email: "ada@example.com",
  recoveryKeyText: "ABCD-EFGH",
  newPassword: "a brand new passphrase",
};

describe("recoverWithKey", () => {
  it("re-wraps the keys under a new salt, completes, then signs in with the new password", async () => {
    const { steps, calls, names } = fakeRecoverySteps();
    expect(await recoverWithKey(steps, input)).toEqual({ ok: true, next: "app" });
    expect(names()).toEqual([
      "recoveryAuthKeyFromText",
      "prelogin",
      "startRecovery",
      "newSaltHex",
      "deriveCredentials",
      "recoverWithRecoveryKey",
      "completeRecovery",
      "signIn",
      "completeSignIn",
    ]);
    const fresh = credentialsFor(newSalt);
    expect(calls.find((c) => c.step === "deriveCredentials")?.args).toEqual([
      input.email,
      input.newPassword,
      { saltHex: newSalt, kdf },
    ]);
    expect(calls.find((c) => c.step === "completeRecovery")?.args[0]).toEqual({
      recoveryToken: "token-1234567890abcdef",
      newAuthKey: fresh.authKey,
      newSaltHex: newSalt,
      blobs: rewrapped,
    });
    expect(calls.find((c) => c.step === "signIn")?.args[0]).toEqual({
      email: input.email,
      authKey: fresh.authKey,
    });
    const serverBound = JSON.stringify(
      calls
        .filter((c) => ["startRecovery", "completeRecovery", "signIn"].includes(c.step))
        .map((c) => c.args),
    );
    expect(serverBound).not.toContain(input.newPassword);
    expect(serverBound).not.toContain(input.recoveryKeyText);
  });

  it("sends a TOTP account to the login page once the new password is set", async () => {
    const { steps, names } = fakeRecoverySteps({ signIn: async () => "two-factor" });
    expect(await recoverWithKey(steps, input)).toEqual({ ok: true, next: "login" });
    expect(names()).not.toContain("completeSignIn");
  });

  it("reports a mistyped key on the key field before asking the server", async () => {
    const { steps, names } = fakeRecoverySteps({
      recoveryAuthKeyFromText: async () => {
        throw cryptoError("invalidRecoveryKey", invalidRecoveryKeyText);
      },
    });
    expect(await recoverWithKey(steps, input)).toEqual({
      ok: false,
      message: invalidRecoveryKeyText,
      field: "recoveryKey",
    });
    expect(names()).not.toContain("startRecovery");
  });

  it("maps the server's refusal to recoveryKeyMismatch, and an expired token to recoveryExpired", async () => {
    const mismatch = fakeRecoverySteps({
      startRecovery: async () => {
        throw new ApiError({ status: 403, code: "forbidden", message: accountMessages.recoveryKeyMismatch });
      },
    });
    expect(await recoverWithKey(mismatch.steps, input)).toEqual({
      ok: false,
      message: accountMessages.recoveryKeyMismatch,
      field: "recoveryKey",
    });
    expect(mismatch.names()).not.toContain("completeRecovery");

    const expired = fakeRecoverySteps({
      completeRecovery: async () => {
        throw new ApiError({ status: 403, code: "forbidden", message: accountMessages.recoveryExpired });
      },
    });
    expect(await recoverWithKey(expired.steps, input)).toEqual({
      ok: false,
      message: accountMessages.recoveryExpired,
    });
    expect(expired.names()).not.toContain("signIn");
  });

  it("says how long to wait when rate limited", async () => {
    const { steps } = fakeRecoverySteps({
      startRecovery: async () => {
        throw new ApiError({
          status: 429,
          code: "rate_limited",
          message: "slow down",
          retryAfterSeconds: 661,
        });
      },
    });
    const result = await recoverWithKey(steps, input);
    expect(result).toMatchObject({ ok: false, message: tooManyRecoveries(661) });
    expect(result).toMatchObject({ message: expect.stringContaining("wait 12 minutes") });
  });

  it("still counts as done when only the sign-in afterwards fails (the password is already changed)", async () => {
    const { steps } = fakeRecoverySteps({
      signIn: async () => {
        throw new AuthError(0, "NETWORK", "offline");
      },
    });
    expect(await recoverWithKey(steps, input)).toEqual({ ok: true, next: "login" });
  });
});

describe("resetWithEmailLink", () => {
  const steps = (overrides: Partial<ResetSteps> = {}) => {
    const calls: { step: string; args: unknown[] }[] = [];
    const base: ResetSteps = {
      prelogin: async () => ({ saltHex: oldSalt, kdf }),
      deriveCredentials: async (_e, _p, known) => credentialsFor(known.saltHex),
      resetPassword: async () => {},
      logUserError: async () => {},
      ...overrides,
    };
    const wrapped = Object.fromEntries(
      Object.entries(base).map(([step, fn]) => [
        step,
        (...args: unknown[]) => {
          calls.push({ step, args });
          return (fn as (...a: unknown[]) => unknown)(...args);
        },
      ]),
    ) as unknown as ResetSteps;
    return { steps: wrapped, calls };
  };

  it("derives the auth key with the account's current salt and sends only it", async () => {
    const { steps: s, calls } = steps();
    expect(
      await resetWithEmailLink(s, { token: "tok", email: "ada@example.com", newPassword: "new pass" }),
    ).toEqual({ ok: true });
    expect(calls.find((c) => c.step === "resetPassword")?.args[0]).toEqual({
      token: "tok",
      authKey: credentialsFor(oldSalt).authKey,
    });
  });

  it("explains an invalid or used link", async () => {
    const { steps: s } = steps({
      resetPassword: async () => {
        throw new AuthError(400, "INVALID_TOKEN", "Invalid token");
      },
    });
    expect(await resetWithEmailLink(s, { token: "tok", email: "a@example.com", newPassword: "x" })).toEqual({
      ok: false,
      message: resetLinkInvalid,
    });
  });
});
