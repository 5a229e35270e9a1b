import { beforeAll, describe, expect, test } from "vitest";
import { BlobPurpose } from "./aad.ts";
import {
  createAccountKeys,
  type NewAccountKeys,
  recoverWithRecoveryKey,
  rewrapForNewPassword,
  unlockAccount,
  unlockAccountKey,
} from "./account.ts";
import { CryptoError, CryptoErrorMessage } from "./errors.ts";
import { deriveVaultKey } from "./kdf.ts";
import { randomBytes } from "./primitives.ts";
import { decryptPrivateKey, decryptSigningPrivateKey } from "./private-keys.ts";
import { formatRecoveryKey } from "./recovery-key.ts";
import { sealBlob } from "./sealed-blob.ts";
import { tamperedVariants } from "./testing/tamper.ts";
import type { AccountBlobs, RecoveryBlobs, VaultKey } from "./types.ts";

const SALT = "5a".repeat(32);
const A = "user-a";
const B = "user-b";

async function rejection(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => "resolved",
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

describe("account keys", () => {
  let vaultA: VaultKey;
  let vaultB: VaultKey;
  let a: NewAccountKeys;
  let b: NewAccountKeys;

  beforeAll(async () => {
    [vaultA, vaultB] = await Promise.all([
      deriveVaultKey("password A", SALT),
      deriveVaultKey("password B", SALT),
    ]);
    [a, b] = await Promise.all([createAccountKeys(vaultA, A), createAccountKeys(vaultB, B)]);
  }, 60_000);

  test("creation reports its stages", async () => {
    const stages: string[] = [];
    const vaultKey = await deriveVaultKey("progress", SALT);
    await createAccountKeys(vaultKey, "user-c", (p) => stages.push(`${p.done}/${p.total} ${p.stage}`));
    expect(stages[0]).toBe("0/3 Generating encryption keys");
    expect(stages.at(-1)).toBe("3/3 Done");
  });

  test("unlock gives non-extractable keys and the stored public keys", async () => {
    const unlocked = await unlockAccount(vaultA, A, a.blobs);
    for (const key of [unlocked.accountKey, unlocked.privateKey, unlocked.signingKey])
      expect(key.extractable).toBe(false);
    expect(unlocked.privateKey.algorithm).toMatchObject({ name: "RSA-OAEP", modulusLength: 4096 });
    expect(unlocked.signingKey.algorithm.name).toBe("Ed25519");
    expect(unlocked.publicKeyPem).toBe(a.blobs.publicKeyPem);
  });

  describe("SPEC section 8 errors of decryptPrivateKey", () => {
    const valid = () => ({ vaultKey: vaultA, encryptedPrivateKey: a.blobs.encryptedPrivateKey, userId: A });
    test.each([
      ["no vault key", { vaultKey: null, encryptedPrivateKey: "iv:ct" }],
      ["undefined vault key", { vaultKey: undefined, encryptedPrivateKey: "iv:ct" }],
      ["no encrypted private key", { encryptedPrivateKey: null }],
      ["an empty encrypted private key", { encryptedPrivateKey: "" }],
    ])("%s -> 'Missing vault key or encrypted private key.'", async (_name, input) => {
      const message = await rejection(decryptPrivateKey({ ...valid(), ...input }));
      expect(message).toBe("Missing vault key or encrypted private key.");
    });

    test.each(["no-colon-here", "a:b:c", "onlyiv:", ":onlyct"])(
      "'%s' -> the malformed message",
      async (blob) => {
        const message = await rejection(
          decryptPrivateKey({ vaultKey: vaultA, encryptedPrivateKey: blob, userId: A }),
        );
        expect(message).toBe("Malformed encryptedPrivateKey. Expect format: iv:ciphertext");
      },
    );

    test("wrong password, wrong user, wrong field, garbage -> 'Private key decryption failed'", async () => {
      const cases = [
        { vaultKey: vaultB, encryptedPrivateKey: a.blobs.encryptedPrivateKey, userId: A },
        { vaultKey: vaultA, encryptedPrivateKey: a.blobs.encryptedPrivateKey, userId: B },
        { vaultKey: vaultA, encryptedPrivateKey: a.blobs.encryptedSigningPrivateKey, userId: A },
        { vaultKey: vaultA, encryptedPrivateKey: a.blobs.ownerEncryptedDek, userId: A },
        { vaultKey: vaultA, encryptedPrivateKey: a.recovery.recoveryEncryptedPrivateKey, userId: A },
        { vaultKey: vaultA, encryptedPrivateKey: "v1.AAAA:BBBB", userId: A },
        { vaultKey: vaultA, encryptedPrivateKey: "plain:text", userId: A },
      ];
      for (const input of cases)
        expect(await rejection(decryptPrivateKey(input))).toBe("Private key decryption failed");
    });
  });

  describe("tamper suite on every stored blob", () => {
    const openers: Record<
      keyof Omit<AccountBlobs, "publicKeyPem" | "signingPublicKeyPem">,
      { open: (blob: string) => Promise<unknown>; messages: string[] }
    > = {
      ownerEncryptedDek: {
        open: (blob) => unlockAccountKey(vaultA, A, blob),
        messages: [CryptoErrorMessage.dekDecryptionFailed],
      },
      encryptedPrivateKey: {
        open: (blob) => decryptPrivateKey({ vaultKey: vaultA, encryptedPrivateKey: blob, userId: A }),
        messages: [
          CryptoErrorMessage.privateKeyDecryptionFailed,
          CryptoErrorMessage.malformedEncryptedPrivateKey,
        ],
      },
      encryptedSigningPrivateKey: {
        open: (blob) => decryptSigningPrivateKey({ vaultKey: vaultA, encryptedPrivateKey: blob, userId: A }),
        messages: [
          CryptoErrorMessage.privateKeyDecryptionFailed,
          CryptoErrorMessage.malformedEncryptedPrivateKey,
        ],
      },
    };

    for (const [field, { open, messages }] of Object.entries(openers)) {
      test(`${field}: flips, truncations, extensions, swaps all fail with a SPEC message`, async () => {
        const blob = a.blobs[field as keyof typeof openers];
        await open(blob); // the untouched blob opens
        for (const variant of tamperedVariants(blob)) {
          expect(messages, `${field}: ${variant.name}`).toContain(await rejection(open(variant.value)));
        }
      });
    }

    const recoveryFields: (keyof RecoveryBlobs)[] = [
      "recoveryEncryptedDek",
      "recoveryEncryptedPrivateKey",
      "recoveryEncryptedSigningPrivateKey",
    ];
    for (const field of recoveryFields) {
      test(`${field}: tampering makes recovery fail`, async () => {
        const variants = tamperedVariants(a.recovery[field]).filter((_, i) => i % 5 === 0);
        for (const variant of variants) {
          const message = await rejection(
            recoverWithRecoveryKey({
              userId: A,
              recoveryKeyText: a.recoveryKeyText,
              recovery: { ...a.recovery, [field]: variant.value },
              newVaultKey: vaultB,
            }),
          );
          expect([
            CryptoErrorMessage.dekDecryptionFailed,
            CryptoErrorMessage.privateKeyDecryptionFailed,
          ]).toContain(message);
        }
      });
    }

    test("every blob placed in every other field, and blobs swapped between users, fail", async () => {
      const all = { ...a.blobs, ...a.recovery };
      const blobNames = Object.keys(all).filter((k) => !k.endsWith("Pem")) as (keyof typeof all)[];
      for (const [field, { open, messages }] of Object.entries(openers)) {
        for (const source of blobNames) {
          if (source === field) continue;
          expect(messages, `${source} as ${field}`).toContain(await rejection(open(all[source])));
        }
        // B's blob in A's account (same field), opened with A's key, or with B's key under A's user id.
        expect(messages).toContain(await rejection(open(b.blobs[field as keyof typeof openers])));
      }
      expect(await rejection(unlockAccount(vaultB, A, b.blobs))).toBe(CryptoErrorMessage.dekDecryptionFailed);
    });

    test("a server that swaps in another public key is caught at unlock", async () => {
      for (const swapped of [
        { ...a.blobs, publicKeyPem: b.blobs.publicKeyPem },
        { ...a.blobs, signingPublicKeyPem: b.blobs.signingPublicKeyPem },
      ]) {
        const error = await unlockAccount(vaultA, A, swapped).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(CryptoError);
        expect((error as CryptoError).code).toBe("invalidPublicKey");
      }
    });

    test("a correctly encrypted account key of the wrong length -> 'Invalid DEK length'", async () => {
      for (const length of [0, 16, 31, 33, 64]) {
        const blob = await sealBlob(vaultA.aesGcm, randomBytes(length), BlobPurpose.vaultAccountKey, {
          userId: A,
        });
        expect(await rejection(unlockAccountKey(vaultA, A, blob))).toBe("Invalid DEK length");
      }
    });
  });

  describe("password change and recovery", () => {
    test("re-wrapping changes exactly the three vault blobs and needs the old key", async () => {
      const vaultNew = await deriveVaultKey("new password A", SALT);
      const rewrapped = await rewrapForNewPassword({
        userId: A,
        oldVaultKey: vaultA,
        newVaultKey: vaultNew,
        blobs: a.blobs,
      });
      expect(Object.keys(rewrapped).sort()).toEqual([
        "encryptedPrivateKey",
        "encryptedSigningPrivateKey",
        "ownerEncryptedDek",
      ]);
      for (const [field, value] of Object.entries(rewrapped)) {
        expect(value).not.toBe(a.blobs[field as keyof typeof rewrapped]);
      }
      await unlockAccount(vaultNew, A, { ...a.blobs, ...rewrapped });
      expect(
        await rejection(
          rewrapForNewPassword({ userId: A, oldVaultKey: vaultB, newVaultKey: vaultNew, blobs: a.blobs }),
        ),
      ).toBe(CryptoErrorMessage.dekDecryptionFailed);
    });

    test("a typo in the recovery key is reported as such; a different valid key fails to decrypt", async () => {
      const typo = a.recoveryKeyText.replace(/^(.)/, (c) => (c === "0" ? "2" : "0"));
      expect(
        await rejection(
          recoverWithRecoveryKey({
            userId: A,
            recoveryKeyText: typo,
            recovery: a.recovery,
            newVaultKey: vaultB,
          }),
        ),
      ).toBe(CryptoErrorMessage.invalidRecoveryKey);
      const otherKey = await formatRecoveryKey(randomBytes(32));
      expect(
        await rejection(
          recoverWithRecoveryKey({
            userId: A,
            recoveryKeyText: otherKey,
            recovery: a.recovery,
            newVaultKey: vaultB,
          }),
        ),
      ).toBe(CryptoErrorMessage.dekDecryptionFailed);
      expect(
        await rejection(
          recoverWithRecoveryKey({
            userId: A,
            recoveryKeyText: b.recoveryKeyText,
            recovery: a.recovery,
            newVaultKey: vaultB,
          }),
        ),
      ).toBe(CryptoErrorMessage.dekDecryptionFailed);
    });

    test("recovery works after a password change (the recovery copies do not depend on the vault key)", async () => {
      const vaultNew = await deriveVaultKey("changed", SALT);
      const rewrapped = await rewrapForNewPassword({
        userId: A,
        oldVaultKey: vaultA,
        newVaultKey: vaultNew,
        blobs: a.blobs,
      });
      const vaultRecovered = await deriveVaultKey("recovered", SALT);
      const recovered = await recoverWithRecoveryKey({
        userId: A,
        recoveryKeyText: a.recoveryKeyText,
        recovery: a.recovery,
        newVaultKey: vaultRecovered,
      });
      const unlocked = await unlockAccount(vaultRecovered, A, { ...a.blobs, ...rewrapped, ...recovered });
      expect(unlocked.userId).toBe(A);
    });
  });
});
