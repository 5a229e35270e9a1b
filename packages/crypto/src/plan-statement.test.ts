import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { utf8Decode } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import {
  canonicalPlanStatementBytes,
  type PlanStatement,
  type SignedPlanStatement,
  signPlanStatement,
  verifyPlanStatement,
} from "./plan-statement.ts";
import { newSigner, type TestSigner } from "./testing/signer.ts";

const HEX_A = "a".repeat(64);
const HEX_B = "b".repeat(64);
const HEX_C = "c".repeat(64);
const HEX_D = "d".repeat(64);

const statement: PlanStatement = {
  planId: "plan-1",
  kind: "release",
  version: 4,
  ownerId: "owner-1",
  recipient: { userId: "user-2", keyFingerprint: HEX_A },
  items: [
    { kind: "letter", id: "letter-1", digest: HEX_B },
    { kind: "document", id: "doc-2", digest: HEX_C },
    { kind: "document", id: "doc-10", digest: HEX_D },
  ],
};

describe("plan statements", () => {
  let signer: TestSigner;
  let signed: SignedPlanStatement;

  beforeAll(async () => {
    signer = await newSigner();
    signed = await signPlanStatement(signer.signingKey, statement);
  });

  test("signed bytes: JCS with items sorted by kind, then id (UTF-16 code units)", () => {
    expect(utf8Decode(canonicalPlanStatementBytes(statement))).toBe(
      `{"format":"heirloom/plan-statement/v1","items":[` +
        `{"digest":"${HEX_D}","id":"doc-10","kind":"document"},` +
        `{"digest":"${HEX_C}","id":"doc-2","kind":"document"},` +
        `{"digest":"${HEX_B}","id":"letter-1","kind":"letter"}],` +
        `"kind":"release","ownerId":"owner-1","planId":"plan-1",` +
        `"recipient":{"keyFingerprint":"${HEX_A}","userId":"user-2"},"version":4}`,
    );
  });

  test("the stored statement is what was signed: format set, items sorted, other members dropped", () => {
    expect(signed.statement.format).toBe("heirloom/plan-statement/v1");
    expect(signed.statement.items.map((i) => i.id)).toEqual(["doc-10", "doc-2", "letter-1"]);
    expect(signed.signatureB64).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(JSON.stringify(signed.statement)).not.toContain("extra");
  });

  test("verifies, also after a trip through JSON and with the items in any order (property)", async () => {
    expect(await verifyPlanStatement(signer.publicPem, signed)).toBe(true);
    const stored = JSON.parse(JSON.stringify(signed)) as SignedPlanStatement;
    expect(await verifyPlanStatement(signer.publicPem, stored)).toBe(true);
    const { format: _format, ...withoutFormat } = stored.statement;
    expect(await verifyPlanStatement(signer.publicPem, { ...stored, statement: withoutFormat })).toBe(true);
    const extras = { ...statement, note: "x", recipient: { ...statement.recipient, name: "Sam" } };
    expect(await verifyPlanStatement(signer.publicPem, { ...signed, statement: extras })).toBe(true);
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray([...statement.items], { minLength: 3 }), async (items) => {
        expect(
          await verifyPlanStatement(signer.publicPem, { ...signed, statement: { ...statement, items } }),
        ).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  test("an added, dropped or swapped item, or any other changed member, fails", async () => {
    const [letter, doc2, doc10] = statement.items as [PlanStatement["items"][0], ...PlanStatement["items"]];
    const changes: Partial<Record<keyof PlanStatement, unknown>>[] = [
      { planId: "plan-2" },
      { kind: "drill" },
      { version: 3 },
      { version: 5 },
      { ownerId: "owner-2" },
      { recipient: { userId: "user-3", keyFingerprint: HEX_A } },
      { recipient: { userId: "user-2", keyFingerprint: HEX_B } },
      { items: [letter, doc2] },
      { items: [] },
      { items: [...statement.items, { kind: "document", id: "doc-3", digest: HEX_A }] },
      { items: [letter, doc2, { ...doc10, digest: HEX_A }] },
      { items: [letter, doc2, { ...doc10, id: "doc-11" }] },
      { items: [{ ...letter, kind: "drill" }, doc2, doc10] },
      { items: [letter, { ...doc2, digest: doc10?.digest }, { ...doc10, digest: doc2?.digest }] },
      { format: "heirloom/plan-statement/v2" },
      { format: "heirloom/manifest/v1" },
    ];
    for (const change of changes) {
      const forged = { ...signed, statement: { ...statement, ...change } as PlanStatement };
      expect(await verifyPlanStatement(signer.publicPem, forged), JSON.stringify(change)).toBe(false);
    }
    const sig = Buffer.from(signed.signatureB64, "base64");
    sig[40] = (sig[40] as number) ^ 0x80;
    expect(
      await verifyPlanStatement(signer.publicPem, { ...signed, signatureB64: sig.toString("base64") }),
    ).toBe(false);
    expect(await verifyPlanStatement(signer.publicPem, { ...signed, signatureB64: "" })).toBe(false);
    expect(await verifyPlanStatement((await newSigner()).publicPem, signed)).toBe(false);
    expect(await verifyPlanStatement("not a pem", signed)).toBe(false);
    expect(await verifyPlanStatement(signer.publicPem, null as never)).toBe(false);
  });

  test("malformed statements are refused when signing and never verify; duplicate ids are malformed", async () => {
    const item = { kind: "document", id: "doc-1", digest: HEX_A } as const;
    const bad: Partial<Record<keyof PlanStatement, unknown>>[] = [
      { planId: "" },
      { kind: "share" },
      { version: 0 },
      { version: 1.5 },
      { version: "4" },
      { ownerId: undefined },
      { recipient: null },
      { recipient: { userId: "user-2" } },
      { recipient: { userId: "user-2", keyFingerprint: HEX_A.toUpperCase() } },
      { items: "all" },
      { items: [null] },
      { items: [{ ...item, kind: "password" }] },
      { items: [{ ...item, id: "" }] },
      { items: [{ ...item, digest: "abc" }] },
      { items: [item, item] },
      { items: [item, { ...item, digest: HEX_B }] },
      { items: [item, { ...item, kind: "letter" }] },
      { format: "other" },
    ];
    for (const change of bad) {
      const malformed = { ...statement, ...change } as PlanStatement;
      const error = await signPlanStatement(signer.signingKey, malformed).catch((e: unknown) => e);
      expect(error, JSON.stringify(change)).toBeInstanceOf(CryptoError);
      expect((error as CryptoError).code).toBe("invalidPlanStatement");
      expect(await verifyPlanStatement(signer.publicPem, { ...signed, statement: malformed })).toBe(false);
    }
  });
});
