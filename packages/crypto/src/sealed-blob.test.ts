import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { BlobPurpose, blobAadV1, lengthPrefixed } from "./aad.ts";
import { bytesToBase64Url, bytesToHex } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { importAesGcmKey, randomBytes } from "./primitives.ts";
import { openBlob, parseSealedBlob, sealBlob, splitIvCiphertext } from "./sealed-blob.ts";
import { tamperedVariants } from "./testing/tamper.ts";

describe("sealed blobs", () => {
  let key: CryptoKey;
  let otherKey: CryptoKey;
  const context = { userId: "user-1" };
  const purpose = BlobPurpose.vaultRsaPrivateKey;

  beforeAll(async () => {
    key = await importAesGcmKey(randomBytes(32), { extractable: false });
    otherKey = await importAesGcmKey(randomBytes(32), { extractable: false });
  });

  test("written as v1.{iv base64}:{ciphertext base64}, a fresh 12-byte iv every time", async () => {
    const plaintext = randomBytes(50);
    const a = await sealBlob(key, plaintext, purpose, context);
    const b = await sealBlob(key, plaintext, purpose, context);
    expect(a).toMatch(/^v1\.[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]+=*$/);
    expect(a).not.toBe(b);
    expect(parseSealedBlob(a).iv).toHaveLength(12);
    expect(parseSealedBlob(a).ciphertext).toHaveLength(50 + 16);
    expect(await openBlob(key, a, purpose, context)).toEqual(plaintext);
  });

  test("round-trips any plaintext, also when the stored form is re-encoded as base64url", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async (bytes) => {
        const plaintext = new Uint8Array(bytes);
        const blob = await sealBlob(key, plaintext, purpose, context);
        expect(await openBlob(key, blob, purpose, context)).toEqual(plaintext);
        const { iv, ciphertext } = parseSealedBlob(blob);
        const urlForm = `v1.${bytesToBase64Url(iv)}:${bytesToBase64Url(ciphertext)}`;
        expect(await openBlob(key, urlForm, purpose, context)).toEqual(plaintext);
      }),
      { numRuns: 50 },
    );
  });

  test("the AAD layout is length-prefixed UTF-8 (docs/file-format.md)", () => {
    expect(bytesToHex(blobAadV1(BlobPurpose.itemDek, { userId: "u", itemId: "i" }))).toBe(
      "00000010686569726c6f6f6d2f626c6f622f7631" + "000000086974656d2f64656b" + "0000000175" + "0000000169",
    );
    expect(lengthPrefixed(["ab", "c"])).toEqual(lengthPrefixed(["ab", "c"]));
    expect(bytesToHex(lengthPrefixed(["ab", "c"]))).not.toBe(bytesToHex(lengthPrefixed(["a", "bc"])));
    expect(() => blobAadV1(BlobPurpose.itemDek, { userId: "u" })).toThrow("itemId is required");
    expect(() => blobAadV1(BlobPurpose.vaultAccountKey, { userId: "" })).toThrow("userId is required");
  });

  test("SPEC's shape check: two non-empty parts separated by one colon", () => {
    expect(splitIvCiphertext("a:b")).toEqual(["a", "b"]);
    for (const bad of ["", "ab", "a:", ":b", "a:b:c", null, undefined, 42])
      expect(splitIvCiphertext(bad)).toBeNull();
  });

  describe("tamper suite: fails closed", () => {
    let blob: string;
    const plaintext = randomBytes(64);
    beforeAll(async () => {
      blob = await sealBlob(key, plaintext, purpose, context);
    });

    test("every bit flip, truncation, extension, duplication and swap of the parts", async () => {
      const variants = tamperedVariants(blob);
      expect(variants.length).toBeGreaterThan(100);
      for (const variant of variants) {
        const error = await openBlob(key, variant.value, purpose, context).then(
          () => new Error(`${variant.name} opened`),
          (e: unknown) => e,
        );
        expect(error, variant.name).toBeInstanceOf(CryptoError);
        expect(["malformedBlob", "decryptionFailed"]).toContain((error as CryptoError).code);
      }
    });

    test("another purpose, another user, another key, an item id", async () => {
      const attempts = [
        () => openBlob(key, blob, BlobPurpose.vaultSigningPrivateKey, context),
        () => openBlob(key, blob, BlobPurpose.recoveryRsaPrivateKey, context),
        () => openBlob(key, blob, purpose, { userId: "user-2" }),
        () => openBlob(key, blob, purpose, { userId: "user-1 " }),
        () => openBlob(otherKey, blob, purpose, context),
      ];
      for (const attempt of attempts) await expect(attempt()).rejects.toThrow(CryptoError);
    });

    test("the iv of one blob with the ciphertext of another (splice)", async () => {
      const other = await sealBlob(key, plaintext, purpose, context);
      const [ivA] = blob.split(":");
      const [, ctB] = other.split(":");
      await expect(openBlob(key, `${ivA}:${ctB}`, purpose, context)).rejects.toThrow("Decryption failed");
    });

    test("random edits of the string never open, unless they only change the base64 spelling (property)", async () => {
      // base64 and base64url spell the same bytes, and padding is optional: such edits are not tampering.
      const spelling = (text: string) =>
        text
          .replaceAll("-", "+")
          .replaceAll("_", "/")
          .replace(/=+(?=:|$)/g, "");
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          fc.string({ minLength: 1, maxLength: 3 }),
          fc.nat({ max: 3 }),
          async (at, insert, cut) => {
            const i = at % blob.length;
            const edited = blob.slice(0, i) + insert + blob.slice(i + cut);
            fc.pre(spelling(edited) !== spelling(blob));
            await expect(openBlob(key, edited, purpose, context)).rejects.toThrow(CryptoError);
          },
        ),
        { numRuns: 300 },
      );
    });
  });
});
