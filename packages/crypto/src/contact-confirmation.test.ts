import { beforeAll, describe, expect, test } from "vitest";
import {
  type ContactConfirmation,
  canonicalContactConfirmationBytes,
  signContactConfirmation,
  verifyContactConfirmation,
} from "./contact-confirmation.ts";
import { utf8Decode } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { newSigner, type TestSigner } from "./testing/signer.ts";

const FINGERPRINT = "a7093b89d24b3257d7b99f2ee59d231bccd28ddcd8641406423fdcedd465013f";
const statement: ContactConfirmation = {
  ownerId: "owner-1",
  contactId: "contact-1",
  contactUserId: "user-9",
  keyFingerprint: FINGERPRINT,
};

describe("contact confirmations", () => {
  let signer: TestSigner;
  let signature: string;

  beforeAll(async () => {
    signer = await newSigner();
    signature = await signContactConfirmation(signer.signingKey, statement);
  });

  test("signed bytes: JCS of the format and the four members", () => {
    expect(utf8Decode(canonicalContactConfirmationBytes(statement))).toBe(
      `{"contactId":"contact-1","contactUserId":"user-9","format":"heirloom/contact-confirmation/v1",` +
        `"keyFingerprint":"${FINGERPRINT}","ownerId":"owner-1"}`,
    );
    const withExtras = { ...statement, format: "heirloom/contact-confirmation/v1", note: "ignored" };
    expect(canonicalContactConfirmationBytes(withExtras)).toEqual(
      canonicalContactConfirmationBytes(statement),
    );
  });

  test("a valid signature verifies, also after the statement went through JSON", async () => {
    expect(signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(await verifyContactConfirmation(signer.publicPem, statement, signature)).toBe(true);
    expect(
      await verifyContactConfirmation(signer.publicPem, JSON.parse(JSON.stringify(statement)), signature),
    ).toBe(true);
  });

  test("any changed member, another signer, or a changed signature fails", async () => {
    const changes: Partial<Record<keyof ContactConfirmation, unknown>>[] = [
      { ownerId: "owner-2" },
      { contactId: "contact-2" },
      { contactUserId: "user-8" },
      { keyFingerprint: `b${FINGERPRINT.slice(1)}` },
      { format: "heirloom/contact-confirmation/v2" },
      { format: "heirloom/manifest/v1" },
    ];
    for (const change of changes) {
      const forged = { ...statement, ...change } as ContactConfirmation;
      expect(
        await verifyContactConfirmation(signer.publicPem, forged, signature),
        JSON.stringify(change),
      ).toBe(false);
    }
    const bytes = Buffer.from(signature, "base64");
    bytes[5] = (bytes[5] as number) ^ 1;
    expect(await verifyContactConfirmation(signer.publicPem, statement, bytes.toString("base64"))).toBe(
      false,
    );
    expect(
      await verifyContactConfirmation(signer.publicPem, statement, bytes.subarray(0, 63).toString("base64")),
    ).toBe(false);
    expect(await verifyContactConfirmation(signer.publicPem, statement, "")).toBe(false);
    expect(await verifyContactConfirmation((await newSigner()).publicPem, statement, signature)).toBe(false);
    expect(await verifyContactConfirmation("not a pem", statement, signature)).toBe(false);
  });

  test("malformed statements are refused when signing and never verify", async () => {
    const bad: Partial<Record<keyof ContactConfirmation, unknown>>[] = [
      { ownerId: "" },
      { contactId: undefined },
      { contactUserId: 42 },
      { keyFingerprint: FINGERPRINT.toUpperCase() },
      { keyFingerprint: FINGERPRINT.slice(2) },
      { format: "other" },
    ];
    for (const change of bad) {
      const malformed = { ...statement, ...change } as ContactConfirmation;
      const error = await signContactConfirmation(signer.signingKey, malformed).catch((e: unknown) => e);
      expect(error, JSON.stringify(change)).toBeInstanceOf(CryptoError);
      expect((error as CryptoError).code).toBe("invalidContactConfirmation");
      expect(await verifyContactConfirmation(signer.publicPem, malformed, signature)).toBe(false);
    }
    expect(await verifyContactConfirmation(signer.publicPem, null as never, signature)).toBe(false);
  });
});
