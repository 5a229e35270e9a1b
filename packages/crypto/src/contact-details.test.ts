import { beforeAll, describe, expect, test } from "vitest";
import { BlobPurpose } from "./aad.ts";
import {
  CONTACT_DETAILS_MAX_BYTES,
  contactDetailsItemId,
  openContactDetails,
  sealContactDetails,
} from "./contact-details.ts";
import { utf8Encode } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { importAesGcmKey, randomBytes } from "./primitives.ts";
import { openBlob, sealBlob } from "./sealed-blob.ts";
import { tamperedVariants } from "./testing/tamper.ts";
import type { AccountKey } from "./types.ts";

const context = { userId: "owner-1", email: "jane@example.com" };
const details = { name: "Jane Doe", relationship: "Sister" };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error("opened"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CryptoError);
  return (error as CryptoError).code;
}

describe("contact details", () => {
  let accountKey: AccountKey;
  let otherKey: AccountKey;
  let blob: string;

  beforeAll(async () => {
    accountKey = (await importAesGcmKey(randomBytes(32), { extractable: false })) as AccountKey;
    otherKey = (await importAesGcmKey(randomBytes(32), { extractable: false })) as AccountKey;
    blob = await sealContactDetails(accountKey, context, details);
  });

  test("round trip, as a sealed blob of the JSON {name, relationship}", async () => {
    expect(blob).toMatch(/^v1\.[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]+=*$/);
    expect(await openContactDetails(accountKey, context, blob)).toEqual(details);
    const plaintext = await openBlob(accountKey, blob, BlobPurpose.legacyContactDetails, {
      userId: "owner-1",
      itemId: "jane@example.com",
    });
    expect(new TextDecoder().decode(plaintext)).toBe('{"name":"Jane Doe","relationship":"Sister"}');
    const empty = { name: "Ünïcødé 名前 👋", relationship: "" };
    expect(
      await openContactDetails(accountKey, context, await sealContactDetails(accountKey, context, empty)),
    ).toEqual(empty);
  });

  test("the address is trimmed and lower-cased, as the server stores it", async () => {
    expect(contactDetailsItemId("  Jane@Example.COM\n")).toBe("jane@example.com");
    const sealed = await sealContactDetails(accountKey, { ...context, email: " JANE@example.com " }, details);
    expect(await openContactDetails(accountKey, context, sealed)).toEqual(details);
  });

  test("another key, owner, address or purpose does not open it", async () => {
    expect(await codeOf(openContactDetails(otherKey, context, blob))).toBe("decryptionFailed");
    expect(await codeOf(openContactDetails(accountKey, { ...context, userId: "owner-2" }, blob))).toBe(
      "decryptionFailed",
    );
    expect(
      await codeOf(openContactDetails(accountKey, { ...context, email: "john@example.com" }, blob)),
    ).toBe("decryptionFailed");
    // The same bytes under the item-DEK or plan purpose, with the address as the item id.
    const ids = { userId: "owner-1", itemId: "jane@example.com" };
    await expect(openBlob(accountKey, blob, BlobPurpose.itemDek, ids)).rejects.toThrow(CryptoError);
    await expect(openBlob(accountKey, blob, BlobPurpose.legacyPlanDetails, ids)).rejects.toThrow(CryptoError);
    const planBlob = await sealBlob(
      accountKey,
      utf8Encode(JSON.stringify(details)),
      BlobPurpose.legacyPlanDetails,
      ids,
    );
    expect(await codeOf(openContactDetails(accountKey, context, planBlob))).toBe("decryptionFailed");
  });

  test("every tampered spelling fails closed", async () => {
    for (const variant of tamperedVariants(blob)) {
      expect(["malformedBlob", "decryptionFailed"], variant.name).toContain(
        await codeOf(openContactDetails(accountKey, context, variant.value)),
      );
    }
  });

  test("a sealed plaintext of another shape is refused on open; other members are ignored", async () => {
    const ids = { userId: "owner-1", itemId: "jane@example.com" };
    const sealRaw = (bytes: Uint8Array) =>
      sealBlob(accountKey, new Uint8Array(bytes), BlobPurpose.legacyContactDetails, ids);
    for (const plaintext of [
      '["Jane","Sister"]',
      '{"name":"Jane"}',
      '{"name":1,"relationship":"x"}',
      "null",
      "{",
    ]) {
      expect(
        await codeOf(openContactDetails(accountKey, context, await sealRaw(utf8Encode(plaintext)))),
      ).toBe("invalidContactDetails");
    }
    const invalidUtf8 = await sealRaw(new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(await codeOf(openContactDetails(accountKey, context, invalidUtf8))).toBe("invalidContactDetails");
    const extra = await sealRaw(utf8Encode('{"name":"Jane","relationship":"Aunt","later":true}'));
    expect(await openContactDetails(accountKey, context, extra)).toEqual({
      name: "Jane",
      relationship: "Aunt",
    });
  });

  test("bad input is refused before sealing; the largest details fit the server's 4,096 characters", async () => {
    const bad = [{ name: "x" }, { name: 1, relationship: "x" }, null, "Jane"];
    for (const value of bad) {
      expect(await codeOf(sealContactDetails(accountKey, context, value as never))).toBe(
        "invalidContactDetails",
      );
    }
    expect(await codeOf(sealContactDetails(accountKey, { ...context, email: "  " }, details))).toBe(
      "invalidContactDetails",
    );
    expect(await codeOf(sealContactDetails(accountKey, { ...context, userId: "" }, details))).toBe(
      "invalidContactDetails",
    );
    const overhead = '{"name":"","relationship":""}'.length;
    const largest = { name: "n".repeat(CONTACT_DETAILS_MAX_BYTES - overhead), relationship: "" };
    const sealed = await sealContactDetails(accountKey, context, largest);
    expect(sealed.length).toBeLessThanOrEqual(4_096);
    expect(await openContactDetails(accountKey, context, sealed)).toEqual(largest);
    expect(await codeOf(sealContactDetails(accountKey, context, { ...largest, relationship: "x" }))).toBe(
      "invalidContactDetails",
    );
  });
});
