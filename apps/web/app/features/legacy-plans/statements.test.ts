import {
  bytesToBase64,
  canonicalPlanStatementBytes,
  createAccountKeys,
  importVaultKeyB64,
  signPlanStatement,
  utf8Decode,
  verifyPlanStatement,
} from "@heirloom/crypto";
import { describe, expect, it } from "vitest";
import { drillStatement, drillText, releaseStatement } from "./statements.ts";

const FP = "c".repeat(64);
const D = (c: string) => c.repeat(64);

describe("plan statements", () => {
  const input = {
    planId: "plan-1",
    version: 7,
    ownerId: "owner-1",
    recipient: { userId: "user-2", keyFingerprint: FP },
    documents: [
      { id: "doc-b", digest: D("2") },
      { id: "doc-a", digest: D("1") },
    ],
    letter: { id: "letter-1", digest: D("3") },
  };

  it("lists every document and the letter, sorted by kind, then id, for this version and key", () => {
    expect(releaseStatement(input)).toEqual({
      format: "heirloom/plan-statement/v1",
      planId: "plan-1",
      kind: "release",
      version: 7,
      ownerId: "owner-1",
      recipient: { userId: "user-2", keyFingerprint: FP },
      items: [
        { kind: "document", id: "doc-a", digest: D("1") },
        { kind: "document", id: "doc-b", digest: D("2") },
        { kind: "letter", id: "letter-1", digest: D("3") },
      ],
    });
    expect(releaseStatement({ ...input, letter: null }).items.map((i) => i.kind)).toEqual([
      "document",
      "document",
    ]);
    expect(releaseStatement({ ...input, documents: [], letter: null }).items).toEqual([]);
  });

  it("signs and verifies with the owner's key; the stored JSON is what the signature covers", async () => {
    const vaultKey = await importVaultKeyB64(
      bytesToBase64(globalThis.crypto.getRandomValues(new Uint8Array(32))),
    );
    const owner = (await createAccountKeys(vaultKey, "owner-1")).unlocked;
    const signed = await signPlanStatement(owner.signingKey, releaseStatement(input));
    const wire = { statement: JSON.stringify(signed.statement), signatureB64: signed.signatureB64 };
    const read = { statement: JSON.parse(wire.statement), signatureB64: wire.signatureB64 };
    expect(await verifyPlanStatement(owner.signingPublicKeyPem, read)).toBe(true);
    expect(utf8Decode(canonicalPlanStatementBytes(read.statement))).toContain('"version":7');
    const drill = drillStatement({
      planId: "plan-1",
      version: 7,
      ownerId: "owner-1",
      recipient: { userId: "user-2", keyFingerprint: FP },
      drillId: "drill-1",
      digest: D("4"),
    });
    expect(drill).toMatchObject({ kind: "drill", items: [{ kind: "drill", id: "drill-1", digest: D("4") }] });
    const signedDrill = await signPlanStatement(owner.signingKey, drill);
    expect(await verifyPlanStatement(owner.signingPublicKeyPem, signedDrill)).toBe(true);
  }, 60_000);

  it("the drill's text names the owner", () => {
    expect(drillText("Grace")).toBe(
      "This is a drill from Grace. If you can read this, you will be able to open what I leave you.",
    );
  });
});
