import { beforeAll, describe, expect, test } from "vitest";
import { BlobPurpose } from "./aad.ts";
import { createAccountKeys, type NewAccountKeys } from "./account.ts";
import {
  decryptEncryptedDek,
  generateDek,
  generateEncryptedDek,
  importDekKey,
  unwrapDekForOwner,
  unwrapDekForRecipient,
  wrapDekForOwner,
  wrapDekForRecipient,
} from "./dek.ts";
import { CryptoErrorMessage } from "./errors.ts";
import { importVaultKeyB64 } from "./kdf.ts";
import { randomBytes } from "./primitives.ts";
import { sealBlob } from "./sealed-blob.ts";
import { tamperedVariants } from "./testing/tamper.ts";
import type { DekBytes } from "./types.ts";

async function rejection(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => "resolved",
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

describe("item DEKs", () => {
  let owner: NewAccountKeys;
  let recipient: NewAccountKeys;
  const context = { userId: "owner", itemId: "doc-1" };

  beforeAll(async () => {
    // The vault key's strength is not what these tests are about: import fixed bytes rather than run Argon2id.
    const [ownerVault, recipientVault] = await Promise.all([
      importVaultKeyB64(Buffer.alloc(32, 1).toString("base64")),
      importVaultKeyB64(Buffer.alloc(32, 2).toString("base64")),
    ]);
    [owner, recipient] = await Promise.all([
      createAccountKeys(ownerVault, "owner"),
      createAccountKeys(recipientVault, "recipient"),
    ]);
  }, 60_000);

  test("a DEK is 32 fresh random bytes", () => {
    const a = generateDek();
    expect(a).toHaveLength(32);
    expect(a).not.toEqual(generateDek());
  });

  test("owner wraps are bound to the user and the item", async () => {
    const dek = generateDek();
    const wrapped = await wrapDekForOwner(owner.unlocked.accountKey, dek, context);
    expect(await unwrapDekForOwner(owner.unlocked.accountKey, wrapped, context)).toEqual(dek);
    for (const other of [
      { userId: "owner", itemId: "doc-2" },
      { userId: "recipient", itemId: "doc-1" },
    ]) {
      expect(await rejection(unwrapDekForOwner(owner.unlocked.accountKey, wrapped, other))).toBe(
        "DEK decryption failed",
      );
    }
    expect(await rejection(unwrapDekForOwner(recipient.unlocked.accountKey, wrapped, context))).toBe(
      "DEK decryption failed",
    );
  });

  test("owner wraps: every tampered variant -> 'DEK decryption failed'", async () => {
    const wrapped = await wrapDekForOwner(owner.unlocked.accountKey, generateDek(), context);
    for (const variant of tamperedVariants(wrapped)) {
      expect(
        await rejection(unwrapDekForOwner(owner.unlocked.accountKey, variant.value, context)),
        variant.name,
      ).toBe("DEK decryption failed");
    }
  });

  test("'Invalid DEK length' for a wrong-length key, wrapped or unwrapped", async () => {
    expect(
      await rejection(wrapDekForOwner(owner.unlocked.accountKey, randomBytes(31) as DekBytes, context)),
    ).toBe(CryptoErrorMessage.invalidDekLength);
    const wrongLength = await sealBlob(
      owner.unlocked.accountKey,
      randomBytes(33),
      BlobPurpose.itemDek,
      context,
    );
    expect(await rejection(unwrapDekForOwner(owner.unlocked.accountKey, wrongLength, context))).toBe(
      "Invalid DEK length",
    );
    expect(await rejection(importDekKey(randomBytes(16) as DekBytes))).toBe("Invalid DEK length");
  });

  test("recipient wraps: RSA-OAEP to the recipient's public key; unwrap returns null on any failure", async () => {
    const dek = generateDek();
    const wrapped = await wrapDekForRecipient(recipient.blobs.publicKeyPem, dek);
    expect(wrapped).toMatch(/^v1\.[A-Za-z0-9+/]{683}=$/);
    expect(await unwrapDekForRecipient(recipient.unlocked.privateKey, wrapped)).toEqual(dek);
    expect(await unwrapDekForRecipient(owner.unlocked.privateKey, wrapped)).toBeNull();
    for (const bad of ["", "v1.", "v2.AAAA", wrapped.slice(3), `${wrapped}AAAA`, wrapped.slice(0, -8)]) {
      expect(await unwrapDekForRecipient(recipient.unlocked.privateKey, bad)).toBeNull();
    }
    for (let i = 3; i < wrapped.length - 1; i += 9) {
      const flipped = wrapped.slice(0, i) + (wrapped[i] === "A" ? "B" : "A") + wrapped.slice(i + 1);
      expect(await unwrapDekForRecipient(recipient.unlocked.privateKey, flipped), `flip at ${i}`).toBeNull();
    }
  });

  test("SPEC's helper: { ciphertext: number[], iv: number[] } for a fresh 32-byte key", async () => {
    const a = await generateEncryptedDek(owner.unlocked.accountKey, context);
    const b = await generateEncryptedDek(owner.unlocked.accountKey, context);
    expect(a.iv).toHaveLength(12);
    expect(a.ciphertext).toHaveLength(32 + 16);
    expect([...a.iv, ...a.ciphertext].every((n) => Number.isInteger(n) && n >= 0 && n <= 255)).toBe(true);
    const dekA = await decryptEncryptedDek(owner.unlocked.accountKey, a, context);
    expect(dekA).toHaveLength(32);
    expect(dekA).not.toEqual(await decryptEncryptedDek(owner.unlocked.accountKey, b, context));
    // JSON round trip, as it would be stored.
    expect(
      await decryptEncryptedDek(owner.unlocked.accountKey, JSON.parse(JSON.stringify(a)), context),
    ).toEqual(dekA);
  });

  test("SPEC's helper fails closed when its arrays are tampered with", async () => {
    const enc = await generateEncryptedDek(owner.unlocked.accountKey, context);
    const variants = [
      { ...enc, ciphertext: enc.ciphertext.map((n, i) => (i === 5 ? n ^ 1 : n)) },
      { ...enc, iv: enc.iv.map((n, i) => (i === 0 ? n ^ 1 : n)) },
      { ...enc, ciphertext: enc.ciphertext.slice(0, -1) },
      { ...enc, iv: enc.iv.slice(0, 11) },
      { ...enc, ciphertext: [...enc.ciphertext, 0] },
      { ...enc, ciphertext: enc.ciphertext.map((n, i) => (i === 0 ? n + 256 : n)) },
      { ciphertext: enc.iv, iv: enc.ciphertext },
    ];
    for (const variant of variants) {
      expect(await rejection(decryptEncryptedDek(owner.unlocked.accountKey, variant, context))).toBe(
        "DEK decryption failed",
      );
    }
    expect(
      await rejection(decryptEncryptedDek(owner.unlocked.accountKey, enc, { ...context, itemId: "x" })),
    ).toBe("DEK decryption failed");
  });
});
