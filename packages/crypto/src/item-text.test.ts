import { beforeAll, describe, expect, test } from "vitest";
import { BlobPurpose } from "./aad.ts";
import { generateDek, importDekKey } from "./dek.ts";
import { CryptoError } from "./errors.ts";
import { ITEM_TEXT_MAX_LENGTH, type ItemTextContext, openItemText, sealItemText } from "./item-text.ts";
import { sealBlob } from "./sealed-blob.ts";
import { tamperedVariants } from "./testing/tamper.ts";
import type { DekBytes } from "./types.ts";

const letter: ItemTextContext = { ownerId: "owner-1", itemId: "letter-1", purpose: "letter" };
const TEXT = "Dear Sam,\n\nthe deeds are in the blue folder. ❤️ — Mum";

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error("no error"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CryptoError);
  return (error as CryptoError).code;
}

describe("letters and drills", () => {
  let dek: DekBytes;
  let blob: string;

  beforeAll(async () => {
    dek = generateDek();
    blob = await sealItemText(dek, letter, TEXT);
  });

  test("round trip of a letter and a drill's text, empty text included", async () => {
    expect(await openItemText(dek, letter, blob)).toBe(TEXT);
    const drill: ItemTextContext = { ownerId: "owner-1", itemId: "drill-1", purpose: "drill" };
    expect(await openItemText(dek, drill, await sealItemText(dek, drill, "A test document."))).toBe(
      "A test document.",
    );
    expect(await openItemText(dek, letter, await sealItemText(dek, letter, ""))).toBe("");
    const reason: ItemTextContext = { ownerId: "owner-1", itemId: "plan-1", purpose: "requestReason" };
    expect(await openItemText(dek, reason, await sealItemText(dek, reason, "Mum is in hospital."))).toBe(
      "Mum is in hospital.",
    );
  });

  test("another DEK, owner, item or purpose does not open it", async () => {
    const wrong: [DekBytes, ItemTextContext][] = [
      [generateDek(), letter],
      [dek, { ...letter, ownerId: "owner-2" }],
      [dek, { ...letter, itemId: "letter-2" }],
      [dek, { ...letter, purpose: "drill" }],
      [dek, { ...letter, purpose: "requestReason" }],
    ];
    for (const [key, context] of wrong) {
      expect(await codeOf(openItemText(key, context, blob)), JSON.stringify(context)).toBe(
        "decryptionFailed",
      );
    }
    // The same DEK also wraps nothing else under these purposes: an item/dek blob under it is not a letter.
    const other = await sealBlob(await importDekKey(dek), new Uint8Array(5), BlobPurpose.itemDek, {
      userId: "owner-1",
      itemId: "letter-1",
    });
    expect(await codeOf(openItemText(dek, letter, other))).toBe("decryptionFailed");
  });

  test("every tampered spelling fails closed", async () => {
    for (const variant of tamperedVariants(blob)) {
      expect(["malformedBlob", "decryptionFailed"], variant.name).toContain(
        await codeOf(openItemText(dek, letter, variant.value)),
      );
    }
  });

  test("at most 100,000 characters; bad contexts, keys and plaintexts are refused", async () => {
    const longest = "é".repeat(ITEM_TEXT_MAX_LENGTH);
    const sealed = await sealItemText(dek, letter, longest);
    expect(sealed.length).toBeLessThanOrEqual(600_000);
    expect(await openItemText(dek, letter, sealed)).toBe(longest);
    expect(await codeOf(sealItemText(dek, letter, `${longest}x`))).toBe("invalidItemText");
    expect(await codeOf(sealItemText(dek, letter, 42 as never))).toBe("invalidItemText");
    expect(await codeOf(sealItemText(dek, { ...letter, purpose: "note" as never }, TEXT))).toBe(
      "invalidItemText",
    );
    expect(await codeOf(sealItemText(dek, { ...letter, itemId: "" }, TEXT))).toBe("invalidItemText");
    expect(await codeOf(sealItemText(dek, { ...letter, ownerId: "" }, TEXT))).toBe("invalidItemText");
    expect(await codeOf(sealItemText(dek.slice(0, 16) as DekBytes, letter, TEXT))).toBe("invalidDekLength");

    const dekKey = await importDekKey(dek);
    const sealRaw = (bytes: Uint8Array) =>
      sealBlob(dekKey, new Uint8Array(bytes), BlobPurpose.legacyLetter, {
        userId: "owner-1",
        itemId: "letter-1",
      });
    expect(await codeOf(openItemText(dek, letter, await sealRaw(new Uint8Array([0x61, 0xff]))))).toBe(
      "invalidItemText",
    );
    const tooLong = new TextEncoder().encode("a".repeat(ITEM_TEXT_MAX_LENGTH + 1));
    expect(await codeOf(openItemText(dek, letter, await sealRaw(tooLong)))).toBe("invalidItemText");
  });
});
