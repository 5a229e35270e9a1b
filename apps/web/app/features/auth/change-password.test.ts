import { accountMessages, type KeysResponse } from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import { describe, expect, it, vi } from "vitest";
import { type ChangePasswordDeps, changePassword } from "./change-password.ts";
import type { DerivedCredentials } from "./credentials.ts";
import { ReauthInputError } from "./reauth.ts";
import { testKdf } from "./test-kdf.ts";

const kdf = testKdf;
const oldSalt = "a".repeat(64);
const newSalt = "b".repeat(64);
const keys: KeysResponse = {
  userId: "user-1",
  saltHex: oldSalt,
  kdf,
  blobs: {
    ownerEncryptedDek: "v1.old:dek",
    publicKeyPem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
    encryptedPrivateKey: "v1.old:pk",
    signingPublicKeyPem: "-----BEGIN PUBLIC KEY-----\nBBBB\n-----END PUBLIC KEY-----\n",
    encryptedSigningPrivateKey: "v1.old:sk",
  },
};

/** A stand-in for Argon2id: each password maps to opaque keys, so the test can see which one went where. */
const tags: Record<string, string> = { "old pass phrase": "OLD", "new pass phrase": "NEW", wrong: "WRONG" };
function fakeDerive(password: string, saltHex: string): DerivedCredentials {
  const tag = tags[password] ?? "OTHER";
  return {
    saltHex,
    kdf,
    vaultKey: { name: `vault-${tag}` } as unknown as VaultKey,
    vaultKeyB64: `vaultKey${tag}${saltHex.slice(0, 4)}`.padEnd(44, "A"),
    authKey: `auth-${tag}`,
  };
}

function setup(overrides: Partial<ChangePasswordDeps> = {}) {
  const calls: string[] = [];
  const sent: unknown[] = [];
  const deps: ChangePasswordDeps = {
    fetchKeys: vi.fn(async () => {
      calls.push("fetchKeys");
      return keys;
    }),
    derive: vi.fn(async (_email, password, known) => {
      calls.push(`derive ${known?.saltHex.slice(0, 1)}`);
      return fakeDerive(password, known?.saltHex ?? "f".repeat(64));
    }),
    newSaltHex: () => newSalt,
    openAccountKey: vi.fn(async (vaultKey) => {
      calls.push("openAccountKey");
      if ((vaultKey as unknown as { name: string }).name !== "vault-OLD")
        throw new Error("DEK decryption failed");
      return {};
    }),
    rewrap: vi.fn(async (input) => {
      calls.push("rewrap");
      expect(input.userId).toBe("user-1");
      expect(input.blobs).toEqual({
        ownerEncryptedDek: "v1.old:dek",
        encryptedPrivateKey: "v1.old:pk",
        encryptedSigningPrivateKey: "v1.old:sk",
      });
      return {
        ownerEncryptedDek: "v1.new:dek",
        encryptedPrivateKey: "v1.new:pk",
        encryptedSigningPrivateKey: "v1.new:sk",
      };
    }),
    postChangePassword: vi.fn(async (body) => {
      calls.push("post");
      sent.push(body);
    }),
    storeVaultKey: vi.fn(() => void calls.push("store")),
    onStep: (step) => void calls.push(`step ${step}`),
    ...overrides,
  };
  return { deps, calls, sent };
}

const input = {
  email: "ada@example.com",
  twoFactorEnabled: false,
  password: "old pass phrase",
  newPassword: "new pass phrase",
};

describe("password change", () => {
  it("proves the old password, derives the new key with a new salt, re-wraps, saves, then keeps the new key", async () => {
    const { deps, calls, sent } = setup();
    await changePassword(deps, input);
    expect(calls).toEqual([
      "step checking",
      "fetchKeys",
      "derive a",
      "openAccountKey",
      "step deriving",
      "derive b",
      "step rewrapping",
      "rewrap",
      "step saving",
      "post",
      "store",
    ]);
    expect(sent).toEqual([
      {
        currentAuthKey: "auth-OLD",
        newAuthKey: "auth-NEW",
        newSaltHex: newSalt,
        blobs: {
          ownerEncryptedDek: "v1.new:dek",
          encryptedPrivateKey: "v1.new:pk",
          encryptedSigningPrivateKey: "v1.new:sk",
        },
      },
    ]);
    expect(deps.storeVaultKey).toHaveBeenCalledWith({
      vaultKeyB64: fakeDerive("new pass phrase", newSalt).vaultKeyB64,
      saltHex: newSalt,
    });
  });

  it("never sends either password", async () => {
    const { deps, sent } = setup();
    await changePassword(deps, input);
    const wire = JSON.stringify(sent);
    expect(wire).toContain("auth-OLD");
    expect(wire).not.toContain("pass phrase");
    expect(JSON.stringify(vi.mocked(deps.storeVaultKey).mock.calls)).not.toContain("pass phrase");
  });

  it("sends the authenticator code with the proof when two-factor is on", async () => {
    const { deps, sent } = setup();
    await changePassword(deps, { ...input, twoFactorEnabled: true, totpCode: "123 456" });
    expect(sent[0]).toMatchObject({ currentAuthKey: "auth-OLD", totpCode: "123456" });
  });

  it("asks for the code before any slow work when two-factor is on and none was typed", async () => {
    const { deps, calls } = setup();
    const failure = changePassword(deps, { ...input, twoFactorEnabled: true, totpCode: "" });
    await expect(failure).rejects.toMatchObject({ field: "totpCode", message: accountMessages.totpRequired });
    expect(calls).not.toContain("derive a");
    expect(deps.postChangePassword).not.toHaveBeenCalled();
  });

  it("a wrong current password stops before the new key is derived, and says so on the password field", async () => {
    const { deps, calls } = setup();
    const failure = changePassword(deps, { ...input, password: "wrong" });
    await expect(failure).rejects.toBeInstanceOf(ReauthInputError);
    await expect(failure).rejects.toMatchObject({
      field: "password",
      message: accountMessages.incorrectPassword,
    });
    expect(calls).not.toContain("derive b");
    expect(deps.postChangePassword).not.toHaveBeenCalled();
    expect(deps.storeVaultKey).not.toHaveBeenCalled();
  });

  it("keeps the old key in this tab when the server refuses the change", async () => {
    const refused = Object.assign(new Error(accountMessages.invalidTotp), { status: 403, code: "forbidden" });
    const { deps } = setup({ postChangePassword: vi.fn(async () => Promise.reject(refused)) });
    await expect(changePassword(deps, input)).rejects.toBe(refused);
    expect(deps.storeVaultKey).not.toHaveBeenCalled();
  });
});
