import { beforeAll, describe, expect, test } from "vitest";
import { BlobPurpose } from "./aad.ts";
import { openContactDetails, sealContactDetails } from "./contact-details.ts";
import { utf8Encode } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { openPlanDetails, PLAN_DETAILS_MAX_BYTES, sealPlanDetails } from "./plan-details.ts";
import { importAesGcmKey, randomBytes } from "./primitives.ts";
import { sealBlob } from "./sealed-blob.ts";
import { tamperedVariants } from "./testing/tamper.ts";
import type { AccountKey } from "./types.ts";

const context = { userId: "owner-1", planId: "plan-1" };
const details = { name: "For the children", labels: { include: ["Family", "Bank"], exclude: [] }, n: 3 };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error("no error"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CryptoError);
  return (error as CryptoError).code;
}

describe("plan details", () => {
  let accountKey: AccountKey;
  let otherKey: AccountKey;
  let blob: string;

  beforeAll(async () => {
    accountKey = (await importAesGcmKey(randomBytes(32), { extractable: false })) as AccountKey;
    otherKey = (await importAesGcmKey(randomBytes(32), { extractable: false })) as AccountKey;
    blob = await sealPlanDetails(accountKey, context, details);
  });

  test("round trip of any JSON object the web app chooses", async () => {
    expect(await openPlanDetails(accountKey, context, blob)).toEqual(details);
    expect(
      await openPlanDetails(accountKey, context, await sealPlanDetails(accountKey, context, {})),
    ).toEqual({});
  });

  test("another key, owner, plan or purpose does not open it", async () => {
    expect(await codeOf(openPlanDetails(otherKey, context, blob))).toBe("decryptionFailed");
    expect(await codeOf(openPlanDetails(accountKey, { ...context, userId: "owner-2" }, blob))).toBe(
      "decryptionFailed",
    );
    expect(await codeOf(openPlanDetails(accountKey, { ...context, planId: "plan-2" }, blob))).toBe(
      "decryptionFailed",
    );
    // Contact details and plan details with the same item id, under the same key: neither opens as the other.
    const contact = { userId: "owner-1", email: "plan-1" };
    expect(await codeOf(openContactDetails(accountKey, contact, blob))).toBe("decryptionFailed");
    const contactBlob = await sealContactDetails(accountKey, contact, { name: "n", relationship: "r" });
    expect(await codeOf(openPlanDetails(accountKey, context, contactBlob))).toBe("decryptionFailed");
    const dekBlob = await sealBlob(accountKey, randomBytes(32), BlobPurpose.itemDek, {
      userId: "owner-1",
      itemId: "plan-1",
    });
    expect(await codeOf(openPlanDetails(accountKey, context, dekBlob))).toBe("decryptionFailed");
  });

  test("every tampered spelling fails closed", async () => {
    for (const variant of tamperedVariants(blob)) {
      expect(["malformedBlob", "decryptionFailed"], variant.name).toContain(
        await codeOf(openPlanDetails(accountKey, context, variant.value)),
      );
    }
  });

  test("only a JSON object of at most 64 KiB is sealed or opened", async () => {
    const notObjects = [null, [], "name", 3, new Date(0), { toJSON: () => [1] }];
    for (const value of notObjects) {
      expect(await codeOf(sealPlanDetails(accountKey, context, value as never))).toBe("invalidPlanDetails");
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await codeOf(sealPlanDetails(accountKey, context, cyclic))).toBe("invalidPlanDetails");
    expect(await codeOf(sealPlanDetails(accountKey, context, { big: 1n }))).toBe("invalidPlanDetails");
    expect(await codeOf(sealPlanDetails(accountKey, { ...context, planId: "" }, details))).toBe(
      "invalidPlanDetails",
    );

    const largest = { text: "x".repeat(PLAN_DETAILS_MAX_BYTES - '{"text":""}'.length) };
    const sealed = await sealPlanDetails(accountKey, context, largest);
    expect(sealed.length).toBeLessThanOrEqual(100_000);
    expect(await openPlanDetails(accountKey, context, sealed)).toEqual(largest);
    expect(await codeOf(sealPlanDetails(accountKey, context, { text: `${largest.text}x` }))).toBe(
      "invalidPlanDetails",
    );

    const sealRaw = (text: string) =>
      sealBlob(accountKey, utf8Encode(text), BlobPurpose.legacyPlanDetails, {
        userId: "owner-1",
        itemId: "plan-1",
      });
    for (const text of ["[1]", "null", '"x"', "{", `{"t":"${"x".repeat(PLAN_DETAILS_MAX_BYTES)}"}`]) {
      expect(await codeOf(openPlanDetails(accountKey, context, await sealRaw(text)))).toBe(
        "invalidPlanDetails",
      );
    }
  });
});
