import { accountMessages } from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api.ts";
import { AuthError } from "./auth-api.ts";
import type { DerivedCredentials } from "./credentials.ts";
import {
  createFirstVault,
  type SignUpProgress,
  type SignUpSteps,
  signUp,
  signUpErrorMessage,
} from "./sign-up.ts";
import { testKdf } from "./test-kdf.ts";

const credentials: DerivedCredentials = {
  saltHex: "ab".repeat(32),
  kdf: testKdf,
  vaultKey: { kind: "vault-key" } as unknown as VaultKey,
  vaultKeyB64: "VAULT-KEY-B64-VAULT-KEY-B64",
  authKey: "A".repeat(43),
};

const newKeys = {
  blobs: {
    ownerEncryptedDek: "v1.aa:bb",
    publicKeyPem: "pem",
    encryptedPrivateKey: "v1.cc:dd",
    signingPublicKeyPem: "pem2",
    encryptedSigningPrivateKey: "v1.ee:ff",
  },
  recovery: {
    recoveryEncryptedDek: "v1.11:22",
    recoveryEncryptedPrivateKey: "v1.33:44",
    recoveryEncryptedSigningPrivateKey: "v1.55:66",
  },
  recoveryAuthKey: "R".repeat(43),
  recoveryKeyText: "ABCD-EFGH",
};

/** Steps that record every call; `overrides` replaces one step (e.g. to make it fail). */
function fakeSteps(overrides: Partial<SignUpSteps> = {}) {
  const calls: { step: string; args: unknown[] }[] = [];
  const record =
    <A extends unknown[], R>(step: string, result: (...args: A) => R) =>
    (...args: A): R => {
      calls.push({ step, args });
      return result(...args);
    };
  const base: SignUpSteps = {
    preliminaryCheck: record("preliminaryCheck", async () => ({ success: true })),
    deriveCredentials: record("deriveCredentials", async () => credentials),
    createAuthAccount: record("createAuthAccount", async () => ({ userId: "user-1" })),
    createAccountKeys: record("createAccountKeys", async (_vk, _id, onProgress) => {
      onProgress({ stage: "Generating encryption keys", done: 0, total: 3 });
      onProgress({ stage: "Encrypting keys", done: 1, total: 3 });
      onProgress({ stage: "Creating the recovery key", done: 2, total: 3 });
      return newKeys;
    }),
    saveKeys: record("saveKeys", async () => {}),
    completeSignIn: record("completeSignIn", async () => ({})),
    deleteAccount: record("deleteAccount", async () => {}),
    logUserError: record("logUserError", async () => {}),
  };
  const steps = { ...base };
  for (const [name, fn] of Object.entries(overrides)) {
    (steps as Record<string, unknown>)[name] = record(name, fn as (...args: unknown[]) => unknown);
  }
  return { steps, calls, names: () => calls.map((c) => c.step) };
}

const input = { name: "ada lovelace", email: "ada@example.com", password: "correct horse battery staple" };

describe("signUp", () => {
  it("runs SPEC's steps in order and sends only derived values", async () => {
    const { steps, calls, names } = fakeSteps();
    const progress: SignUpProgress[] = [];
    const outcome = await signUp(steps, input, (p) => progress.push(p));

    expect(outcome).toEqual({ ok: true, userId: "user-1", recoveryKeyText: "ABCD-EFGH" });
    expect(names()).toEqual([
      "preliminaryCheck",
      "deriveCredentials",
      "createAuthAccount",
      "createAccountKeys",
      "saveKeys",
      "completeSignIn",
    ]);
    expect(calls[0]?.args[0]).toEqual({ email: input.email, name: input.name, accType: "individual" });
    expect(calls[2]?.args[0]).toEqual({ email: input.email, name: input.name, authKey: credentials.authKey });
    expect(calls[3]?.args.slice(0, 2)).toEqual([credentials.vaultKey, "user-1"]);
    expect(calls[4]?.args[0]).toEqual({
      saltHex: credentials.saltHex,
      blobs: newKeys.blobs,
      recovery: newKeys.recovery,
      recoveryAuthKey: newKeys.recoveryAuthKey,
    });
    expect(calls[5]?.args[0]).toEqual({ vaultKeyB64: credentials.vaultKeyB64, saltHex: credentials.saltHex });
    // Neither the password nor the recovery key goes to any step that talks to the server.
    const serverBound = calls.filter((c) =>
      ["preliminaryCheck", "createAuthAccount", "saveKeys", "deleteAccount", "logUserError"].includes(c.step),
    );
    const sent = JSON.stringify(serverBound.map((c) => c.args));
    expect(sent).not.toContain(input.password);
    expect(sent).not.toContain(newKeys.recoveryKeyText);

    expect(progress.map((p) => p.stage)).toEqual([
      "Checking your details",
      "Making your vault key from your password",
      "Creating your account",
      "Generating encryption keys",
      "Encrypting keys",
      "Creating the recovery key",
      "Saving your encrypted keys",
      "Signing you in",
    ]);
    const fractions = progress.map((p) => p.done / p.total);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });

  it("shows the preliminary check's error as received and creates nothing", async () => {
    const { steps, names } = fakeSteps({
      preliminaryCheck: async () => ({ success: false, error: accountMessages.emailInUse }),
    });
    expect(await signUp(steps, input)).toEqual({
      ok: false,
      message: accountMessages.emailInUse,
      field: "email",
    });
    expect(names()).toEqual(["preliminaryCheck"]);
  });

  it("maps better-auth's sign-up errors to SPEC texts without a clean-up (no account was made)", async () => {
    const { steps, names } = fakeSteps({
      createAuthAccount: async () => {
        throw new AuthError(422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "User already exists.");
      },
    });
    expect(await signUp(steps, input)).toEqual({
      ok: false,
      message: accountMessages.emailInUse,
      field: "email",
    });
    expect(names()).not.toContain("deleteAccount");
    expect(names()).not.toContain("createAccountKeys");
  });

  it.each(["saveKeys", "createAccountKeys", "completeSignIn"] as const)(
    "deletes the new account when %s fails, and says creation failed",
    async (failing) => {
      const { steps, calls, names } = fakeSteps({
        [failing]: async () => {
          throw new ApiError({ status: 500, code: "internal", message: "boom" });
        },
      });
      const outcome = await signUp(steps, input);
      expect(outcome).toEqual({ ok: false, message: accountMessages.creationFailed });
      const deletion = calls.find((c) => c.step === "deleteAccount");
      expect(deletion?.args[0]).toEqual({ currentAuthKey: credentials.authKey, confirmation: "DELETE" });
      expect(names().indexOf("deleteAccount")).toBeGreaterThan(names().indexOf(failing));
      // Logged once the account is gone, so the entry is not deleted with it.
      expect(names().indexOf("logUserError")).toBeGreaterThan(names().indexOf("deleteAccount"));
    },
  );

  it("still answers creation failed when the clean-up fails too, and logs both", async () => {
    const { steps, calls } = fakeSteps({
      saveKeys: async () => {
        throw new Error("save failed");
      },
      deleteAccount: async () => {
        throw new Error("delete failed");
      },
    });
    expect(await signUp(steps, input)).toEqual({ ok: false, message: accountMessages.creationFailed });
    const logged = calls.filter((c) => c.step === "logUserError").map((c) => c.args[0]);
    expect(logged).toEqual(["signUp.createVault", "signUp.deleteAccount"]);
  });

  it("answers the unexpected-error text when deriving the key fails, before any account exists", async () => {
    const { steps, names } = fakeSteps({
      deriveCredentials: async () => {
        throw new Error("Refusing weak key-derivation parameters");
      },
    });
    expect(await signUp(steps, input)).toEqual({ ok: false, message: accountMessages.unexpectedSignUp });
    expect(names()).not.toContain("createAuthAccount");
  });
});

describe("signUpErrorMessage", () => {
  it.each([
    [new AuthError(422, "USER_ALREADY_EXISTS", ""), accountMessages.emailInUse],
    [new AuthError(400, "INVALID_EMAIL", ""), accountMessages.invalidEmail],
    [new AuthError(400, "PASSWORD_TOO_SHORT", ""), accountMessages.weakPassword],
    [new AuthError(400, "EMAIL_PASSWORD_SIGN_UP_DISABLED", ""), accountMessages.emailPasswordDisabled],
    [new AuthError(500, "FAILED_TO_CREATE_USER", ""), accountMessages.unexpectedSignUp],
    [new Error("anything"), accountMessages.unexpectedSignUp],
  ])("%s -> %s", (error, message) => {
    expect(signUpErrorMessage(error).message).toBe(message);
  });

  it("says to wait when rate limited", () => {
    expect(signUpErrorMessage(new AuthError(429, "TOO_MANY_REQUESTS", "")).message).toMatch(
      /wait a few minutes/,
    );
  });
});

describe("createFirstVault (social account)", () => {
  it("saves the keys with the vault password's auth key as the new credential", async () => {
    const { steps, calls, names } = fakeSteps();
    const outcome = await createFirstVault(steps, {
      userId: "social-1",
      email: "s@example.com",
      password: "pw",
    });
    expect(outcome).toEqual({ ok: true, userId: "social-1", recoveryKeyText: "ABCD-EFGH" });
    expect(names()).toEqual(["deriveCredentials", "createAccountKeys", "saveKeys", "completeSignIn"]);
    expect(calls[2]?.args[0]).toMatchObject({
      newAuthKey: credentials.authKey,
      saltHex: credentials.saltHex,
    });
  });

  it("keeps the account and says securing failed when saving fails", async () => {
    const { steps, names } = fakeSteps({
      saveKeys: async () => {
        throw new ApiError({ status: 500, code: "internal", message: "boom" });
      },
    });
    expect(await createFirstVault(steps, { userId: "s", email: "s@example.com", password: "pw" })).toEqual({
      ok: false,
      message: accountMessages.securingFailed,
    });
    expect(names()).not.toContain("deleteAccount");
  });
});
