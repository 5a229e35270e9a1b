import { createHash } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { utf8Decode } from "./encoding.ts";
import {
  canonicalManifestBytes,
  ciphertextDigestHex,
  type DocumentManifest,
  manifestContentDigestHex,
  type SignedManifest,
  sha256HexOfText,
  signManifest,
  verifyManifest,
} from "./manifest.ts";
import {
  dangerouslyExportPkcs8,
  exportSpki,
  generateEd25519KeyPair,
  importEd25519PrivateKey,
} from "./primitives.ts";
import { spkiToPem } from "./public-key.ts";
import type { SigningPrivateKey } from "./types.ts";

const HEX_A = "a".repeat(64);
const HEX_B = "b".repeat(64);
const HEX_C = "c".repeat(64);

const manifest: DocumentManifest = {
  documentId: "doc-1",
  version: 3,
  fileId: "doc-1/v3",
  ownerId: "owner-1",
  chunkCount: 2,
  headerDigest: HEX_A,
  ciphertextDigest: HEX_B,
  recipients: [
    { userId: "zoe", keyFingerprint: HEX_C },
    { userId: "adam", keyFingerprint: HEX_A },
  ],
};

async function newSigner(): Promise<{ signingKey: SigningPrivateKey; publicPem: string }> {
  const pair = await generateEd25519KeyPair();
  const signingKey = (await importEd25519PrivateKey(
    await dangerouslyExportPkcs8(pair.privateKey),
  )) as SigningPrivateKey;
  return { signingKey, publicPem: spkiToPem(await exportSpki(pair.publicKey)) };
}

describe("document manifests", () => {
  let signer: Awaited<ReturnType<typeof newSigner>>;
  let signed: SignedManifest;

  beforeAll(async () => {
    signer = await newSigner();
    signed = await signManifest(signer.signingKey, manifest);
  });

  test("canonical bytes: RFC 8785 JSON with sorted members and recipients sorted by user id", () => {
    expect(utf8Decode(canonicalManifestBytes(manifest))).toBe(
      `{"chunkCount":2,"ciphertextDigest":"${HEX_B}","documentId":"doc-1","fileId":"doc-1/v3",` +
        `"format":"heirloom/manifest/v1","headerDigest":"${HEX_A}","ownerId":"owner-1",` +
        `"recipients":[{"keyFingerprint":"${HEX_A}","userId":"adam"},{"keyFingerprint":"${HEX_C}","userId":"zoe"}],` +
        `"version":3}`,
    );
  });

  test("the recipients' order and extra properties do not change the signed bytes", () => {
    const reordered = { ...manifest, recipients: [...manifest.recipients].reverse(), extra: "ignored" };
    expect(canonicalManifestBytes(reordered)).toEqual(canonicalManifestBytes(manifest));
  });

  test("canonical bytes are valid JSON that parses back to the same values (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        fc.nat(),
        (documentId, userId, version) => {
          const m = {
            ...manifest,
            documentId,
            version: version + 1,
            recipients: [{ userId, keyFingerprint: HEX_C }],
          };
          const parsed = JSON.parse(utf8Decode(canonicalManifestBytes(m)));
          expect(parsed.documentId).toBe(documentId);
          expect(parsed.recipients[0].userId).toBe(userId);
          expect(parsed.version).toBe(version + 1);
        },
      ),
    );
  });

  test("a valid signature verifies", async () => {
    expect(signed.signatureB64).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(await verifyManifest(signer.publicPem, signed)).toBe(true);
  });

  test("any changed field, recipient or signature fails verification", async () => {
    const changes: Partial<Record<keyof DocumentManifest, unknown>>[] = [
      { documentId: "doc-2" },
      { version: 4 },
      { fileId: "doc-1/v2" },
      { ownerId: "owner-2" },
      { chunkCount: 1 },
      { headerDigest: HEX_B },
      { ciphertextDigest: HEX_A },
      { recipients: [manifest.recipients[0]] },
      { recipients: [...manifest.recipients, { userId: "mallory", keyFingerprint: HEX_B }] },
      { recipients: [{ userId: "adam", keyFingerprint: HEX_B }, manifest.recipients[0]] },
    ];
    for (const change of changes) {
      const forged = { ...signed, manifest: { ...manifest, ...change } as DocumentManifest };
      expect(await verifyManifest(signer.publicPem, forged), JSON.stringify(change)).toBe(false);
    }
    const sig = Buffer.from(signed.signatureB64, "base64");
    sig[10] = (sig[10] as number) ^ 1;
    expect(await verifyManifest(signer.publicPem, { ...signed, signatureB64: sig.toString("base64") })).toBe(
      false,
    );
    expect(await verifyManifest(signer.publicPem, { ...signed, signatureB64: "" })).toBe(false);
    expect(await verifyManifest((await newSigner()).publicPem, signed)).toBe(false);
    expect(await verifyManifest("not a pem", signed)).toBe(false);
  });

  test("malformed manifests are refused when signing and never verify", async () => {
    const bad: Partial<Record<keyof DocumentManifest, unknown>>[] = [
      { version: 0 },
      { version: 1.5 },
      { chunkCount: 0 },
      { headerDigest: "ABC" },
      { ciphertextDigest: HEX_A.toUpperCase() },
      { documentId: "" },
      {
        recipients: [
          { userId: "a", keyFingerprint: HEX_A },
          { userId: "a", keyFingerprint: HEX_B },
        ],
      },
      { recipients: "everyone" },
    ];
    for (const change of bad) {
      const m = { ...manifest, ...change } as DocumentManifest;
      await expect(signManifest(signer.signingKey, m), JSON.stringify(change)).rejects.toThrow(
        "Invalid manifest",
      );
      expect(await verifyManifest(signer.publicPem, { manifest: m, signatureB64: signed.signatureB64 })).toBe(
        false,
      );
    }
  });

  test("the stored manifest carries its format; one stored before it did still verifies; another format never", async () => {
    expect(signed.manifest.format).toBe("heirloom/manifest/v1");
    // As the bytes are stored (JSON), and as manifests written before the format member was stored look.
    const stored = JSON.parse(JSON.stringify(signed)) as SignedManifest;
    expect(await verifyManifest(signer.publicPem, stored)).toBe(true);
    const { format: _format, ...withoutFormat } = stored.manifest;
    expect(await verifyManifest(signer.publicPem, { ...stored, manifest: withoutFormat })).toBe(true);
    const v2 = { ...stored, manifest: { ...stored.manifest, format: "heirloom/manifest/v2" } };
    expect(await verifyManifest(signer.publicPem, v2)).toBe(false);
    await expect(signManifest(signer.signingKey, { ...manifest, format: "other" })).resolves.toMatchObject({
      manifest: { format: "heirloom/manifest/v1" },
    });
  });

  test("ciphertextDigestHex is SHA-256 over the chunk digests in order", async () => {
    const digests = [1, 2, 3].map((n) => createHash("sha256").update(Buffer.alloc(10, n)).digest());
    const expected = createHash("sha256").update(Buffer.concat(digests)).digest("hex");
    expect(await ciphertextDigestHex(digests.map((d) => new Uint8Array(d)))).toBe(expected);
    expect(await ciphertextDigestHex(digests.reverse().map((d) => new Uint8Array(d)))).not.toBe(expected);
  });

  test("the content digest is SHA-256 of the canonical manifest without recipients", async () => {
    const content =
      `{"chunkCount":2,"ciphertextDigest":"${HEX_B}","documentId":"doc-1","fileId":"doc-1/v3",` +
      `"format":"heirloom/manifest/v1","headerDigest":"${HEX_A}","ownerId":"owner-1","version":3}`;
    const expected = createHash("sha256").update(content, "utf8").digest("hex");
    expect(await manifestContentDigestHex(manifest)).toBe(expected);
    // Adding, dropping or re-keying a recipient (a re-signed manifest) keeps it.
    for (const recipients of [[], [{ userId: "kim", keyFingerprint: HEX_B }, ...manifest.recipients]]) {
      expect(await manifestContentDigestHex({ ...manifest, recipients })).toBe(expected);
    }
    expect(await manifestContentDigestHex(signed.manifest)).toBe(expected);
    const changes: Partial<DocumentManifest>[] = [
      { documentId: "doc-2" },
      { version: 4 },
      { fileId: "doc-1/v2" },
      { ownerId: "owner-2" },
      { chunkCount: 3 },
      { headerDigest: HEX_C },
      { ciphertextDigest: HEX_C },
    ];
    for (const change of changes) {
      expect(await manifestContentDigestHex({ ...manifest, ...change }), JSON.stringify(change)).not.toBe(
        expected,
      );
    }
    await expect(manifestContentDigestHex({ ...manifest, version: 0 })).rejects.toThrow("Invalid manifest");
    await expect(manifestContentDigestHex({ ...manifest, format: "heirloom/manifest/v2" })).rejects.toThrow(
      "Invalid manifest",
    );
  });

  test("sha256HexOfText hashes the UTF-8 bytes", async () => {
    for (const text of ["", "v1.AAAA:BBBB", "é ❤️ 名"]) {
      expect(await sha256HexOfText(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
    }
  });
});
