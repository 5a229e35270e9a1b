import {
  argon2Sync,
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  sign as nodeSign,
} from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { createAccountKeys, recoveryAuthKeyFromText, unlockAccountKey } from "./account.ts";
import { signContactConfirmation, verifyContactConfirmation } from "./contact-confirmation.ts";
import { openContactDetails } from "./contact-details.ts";
import { importDekKey, unwrapDekForOwner } from "./dek.ts";
import { utf8Decode } from "./encoding.ts";
import { decryptFileChunk, decryptFileHeader } from "./file-format.ts";
import { createFileEncryptor } from "./file-stream.ts";
import { fingerprintPhrase, publicKeyFingerprintHex } from "./fingerprint.ts";
import { openItemText } from "./item-text.ts";
import { dangerouslyExportVaultKeyB64, deriveAuthKey, deriveVaultKey, importVaultKeyB64 } from "./kdf.ts";
import { canonicalManifestBytes, manifestContentDigestHex } from "./manifest.ts";
import { openPlanDetails } from "./plan-details.ts";
import { signPlanStatement, verifyPlanStatement } from "./plan-statement.ts";
import { importEd25519PrivateKey } from "./primitives.ts";
import { formatRecoveryKey } from "./recovery-key.ts";
import type { AccountKey, DekBytes, SigningPrivateKey } from "./types.ts";

// An independent implementation of docs/file-format.md on node:crypto alone (nothing below the "independent" marker
// imports this package), used two ways: it must produce the document's examples byte for byte, and it must read what
// the package writes. The document's examples are checked to be present in the document, so text and code cannot drift.

const DOC = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), "../../../docs/file-format.md"),
  "utf8",
);

// ---- independent -------------------------------------------------------------------------------------------------

const lp = (...parts: string[]) =>
  Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, "utf8");
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length);
      return [length, bytes];
    }),
  );
const range = (start: number, length: number) =>
  Buffer.from(Array.from({ length }, (_, i) => (start + i) & 0xff));
const b64 = (text: string) => Buffer.from(text.replaceAll("-", "+").replaceAll("_", "/"), "base64");
const hkdf = (ikm: Buffer, info: string) => Buffer.from(hkdfSync("sha256", ikm, Buffer.alloc(0), info, 32));
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();

function gcmSeal(key: Buffer, iv: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad);
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

function gcmOpen(key: Buffer, iv: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(-16));
  return Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
}

function blobAad(purpose: string, userId: string, itemId?: string): Buffer {
  return itemId === undefined
    ? lp("heirloom/blob/v1", purpose, userId)
    : lp("heirloom/blob/v1", purpose, userId, itemId);
}

function sealBlobIndependently(key: Buffer, iv: Buffer, plaintext: Buffer, aad: Buffer): string {
  return `v1.${iv.toString("base64")}:${gcmSeal(key, iv, plaintext, aad).toString("base64")}`;
}

function openBlobIndependently(key: Buffer, blob: string, aad: Buffer): Buffer {
  const [ivPart, ctPart] = blob.split(":");
  if (!ivPart?.startsWith("v1.") || !ctPart) throw new Error("not a v1 blob");
  return gcmOpen(key, b64(ivPart.slice(3)), b64(ctPart), aad);
}

function chunkAad(fileId: string, index: number, isLast: boolean): Buffer {
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(index);
  tail[4] = isLast ? 1 : 0;
  return Buffer.concat([lp("heirloom/file/v1", "chunk", fileId), tail]);
}

function decryptFileIndependently(dek: Buffer, fileId: string, headerObject: Buffer, chunkStream: Buffer) {
  if (headerObject[0] !== 1) throw new Error("header version");
  const json = gcmOpen(
    dek,
    headerObject.subarray(1, 13),
    headerObject.subarray(13),
    lp("heirloom/file/v1", "header", fileId),
  );
  const header = JSON.parse(json.toString("utf8")) as {
    v: number;
    name: string;
    size: number;
    chunkSize: number;
  };
  const n = header.size === 0 ? 1 : Math.ceil(header.size / header.chunkSize);
  const parts: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < n; i++) {
    const plainLength = i < n - 1 ? header.chunkSize : header.size - (n - 1) * header.chunkSize;
    const chunk = chunkStream.subarray(offset, offset + plainLength + 28);
    if (chunk.length !== plainLength + 28 || chunk.readUInt32BE(8) !== i) throw new Error(`chunk ${i}`);
    parts.push(gcmOpen(dek, chunk.subarray(0, 12), chunk.subarray(12), chunkAad(fileId, i, i === n - 1)));
    offset += chunk.length;
  }
  if (offset !== chunkStream.length) throw new Error("trailing data");
  return { header, plaintext: Buffer.concat(parts) };
}

/** JCS (RFC 8785) for values made of strings, safe integers, arrays and objects: JSON with members sorted. */
function jcs(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : typeof v === "object" && v !== null
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sorted(value));
}

/** The Ed25519 key of RFC 8032 section 7.1, TEST 1, as PKCS#8 (RFC 8410): a signer anyone can reproduce. */
const RFC8032_SEED_HEX = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
const RFC8032_PUBLIC_HEX = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
const rfc8032Pkcs8 = () =>
  Buffer.concat([
    Buffer.from("302e020100300506032b657004220420", "hex"),
    Buffer.from(RFC8032_SEED_HEX, "hex"),
  ]);

const rfc8032PrivateKey = () => createPrivateKey({ key: rfc8032Pkcs8(), format: "der", type: "pkcs8" });

function signIndependently(message: string): string {
  return nodeSign(null, Buffer.from(message, "utf8"), rfc8032PrivateKey()).toString("base64");
}

function parseRecoveryKeyIndependently(text: string): Buffer {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const clean = text.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  const bits = [...clean].map((c) => alphabet.indexOf(c).toString(2).padStart(5, "0")).join("");
  const bytes = Buffer.from(
    Array.from({ length: 35 }, (_, i) => Number.parseInt(bits.slice(i * 8, i * 8 + 8), 2)),
  );
  if (bytes[0] !== 1 || !sha256(bytes.subarray(0, 33)).subarray(0, 2).equals(bytes.subarray(33)))
    throw new Error("typo");
  return bytes.subarray(1, 33);
}

// ---- the document's examples -------------------------------------------------------------------------------------

function expectInDoc(value: string) {
  expect(DOC.includes(value), `docs/file-format.md should contain ${value.slice(0, 60)}`).toBe(true);
}

describe("docs/file-format.md examples, computed independently", () => {
  test("section 2-3: vault key and auth key", async () => {
    const saltHex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff0123";
    const independent = argon2Sync("argon2id", {
      message: Buffer.from("correct horse battery staple".normalize("NFC")),
      nonce: Buffer.from(saltHex.slice(0, 64), "hex"),
      passes: 3,
      memory: 65536,
      parallelism: 1,
      tagLength: 32,
    });
    expectInDoc(saltHex);
    expectInDoc(`vaultKey = ${independent.toString("hex")}`);
    const ours = await deriveVaultKey("correct horse battery staple", saltHex, undefined, {
      extractable: true,
    });
    expect(b64(await dangerouslyExportVaultKeyB64(ours))).toEqual(independent);
    const authKey = hkdf(independent, "heirloom/auth/v1").toString("base64url");
    expectInDoc(authKey);
    expect(await deriveAuthKey(ours)).toBe(authKey);
  });

  test("section 4: sealed blobs (account key and item DEK), opened by the package", async () => {
    const aad = blobAad("vault/account-key", "user-123");
    const blob = sealBlobIndependently(range(0x00, 32), range(0xa0, 12), range(0x20, 32), aad);
    expectInDoc(`AAD    = ${aad.toString("hex")}`);
    expectInDoc(`string = ${blob}`);
    const itemAad = blobAad("item/dek", "user-123", "doc-1");
    const itemBlob = sealBlobIndependently(range(0x20, 32), range(0xc0, 12), range(0x40, 32), itemAad);
    expectInDoc(`AAD    = ${itemAad.toString("hex")}`);
    expectInDoc(`string = ${itemBlob}`);

    const vaultKey = await importVaultKeyB64(range(0x00, 32).toString("base64"));
    const accountKey = await unlockAccountKey(vaultKey, "user-123", blob);
    const dek = await unwrapDekForOwner(accountKey, itemBlob, { userId: "user-123", itemId: "doc-1" });
    expect(Buffer.from(dek)).toEqual(range(0x40, 32));
  });

  test("section 6: recovery key text, wrap key and auth key", async () => {
    const key = range(0x60, 32);
    const text = await formatRecoveryKey(new Uint8Array(key));
    expectInDoc(`display         = ${text}`);
    expect(parseRecoveryKeyIndependently(text)).toEqual(key);
    expectInDoc(
      `checksum        = ${sha256(Buffer.concat([Buffer.from([1]), key]))
        .subarray(0, 2)
        .toString("hex")}`,
    );
    expectInDoc(`recoveryWrapKey = ${hkdf(key, "heirloom/recovery/wrap/v1").toString("hex")}`);
    const authKey = hkdf(key, "heirloom/recovery/auth/v1").toString("base64url");
    expectInDoc(`recoveryAuthKey = ${authKey}`);
    expect(await recoveryAuthKeyFromText(text)).toBe(authKey);
  });

  test("section 8.5: an encrypted file, read by the package", async () => {
    const dek = range(0x40, 32);
    const fileId = "doc-1/v1";
    const headerJson = '{"v":1,"name":"hello.txt","type":"text/plain","size":20,"chunkSize":16}';
    const headerAad = lp("heirloom/file/v1", "header", fileId);
    const headerNonce = range(0xb0, 12);
    const headerObject = Buffer.concat([
      Buffer.from([1]),
      headerNonce,
      gcmSeal(dek, headerNonce, Buffer.from(headerJson), headerAad),
    ]);
    const plaintext = Buffer.from("Hello from Heirloom!");
    const chunks = [plaintext.subarray(0, 16), plaintext.subarray(16)].map((piece, i) => {
      const nonce = Buffer.concat([Buffer.from("0102030405060708", "hex"), Buffer.from([0, 0, 0, i])]);
      return Buffer.concat([nonce, gcmSeal(dek, nonce, piece, chunkAad(fileId, i, i === 1))]);
    });
    expectInDoc(`headerJson   = ${headerJson}`);
    expectInDoc(`AAD_header   = ${headerAad.toString("hex")}`);
    expectInDoc(`headerObject = ${headerObject.toString("hex")}`);
    expectInDoc(`AAD_chunk(0) = ${chunkAad(fileId, 0, false).toString("hex")}`);
    expectInDoc(`AAD_chunk(1) = ${chunkAad(fileId, 1, true).toString("hex")}`);
    expectInDoc(`chunk(0)     = ${(chunks[0] as Buffer).toString("hex")}`);
    expectInDoc(`chunk(1)     = ${(chunks[1] as Buffer).toString("hex")}`);

    const dekKey = await importDekKey(new Uint8Array(dek) as DekBytes);
    const header = await decryptFileHeader(dekKey, fileId, new Uint8Array(headerObject));
    expect(header).toEqual({ name: "hello.txt", type: "text/plain", size: 20, chunkSize: 16 });
    const parts = await Promise.all(
      chunks.map((chunk, index) =>
        decryptFileChunk(dekKey, { fileId, layout: header, index, chunkObject: new Uint8Array(chunk) }),
      ),
    );
    expect(utf8Decode(Buffer.concat(parts))).toBe("Hello from Heirloom!");

    // Section 9: the manifest of this file.
    const digests = chunks.map(sha256);
    const ciphertextDigest = sha256(Buffer.concat(digests)).toString("hex");
    expectInDoc(`d_0              = ${(digests[0] as Buffer).toString("hex")}`);
    expectInDoc(`d_1              = ${(digests[1] as Buffer).toString("hex")}`);
    expectInDoc(`headerDigest     = ${sha256(headerObject).toString("hex")}`);
    expectInDoc(`ciphertextDigest = ${ciphertextDigest}`);
    const fingerprint = sha256(Buffer.from(SPKI_HEX, "hex")).toString("hex");
    const signed = canonicalManifestBytes({
      documentId: "doc-1",
      version: 1,
      fileId,
      ownerId: "user-123",
      chunkCount: 2,
      headerDigest: sha256(headerObject).toString("hex"),
      ciphertextDigest,
      recipients: [{ userId: "user-456", keyFingerprint: fingerprint }],
    });
    expectInDoc(`signed bytes     = ${utf8Decode(signed)}`);
  });

  test("section 10: fingerprint and phrase", async () => {
    const spki = Buffer.from(SPKI_HEX, "hex");
    const pem = createPublicKey({ key: spki, format: "der", type: "spki" })
      .export({ type: "spki", format: "pem" })
      .toString();
    expectInDoc(SPKI_HEX);
    expectInDoc(`fingerprint = ${sha256(spki).toString("hex")}`);
    expect(await publicKeyFingerprintHex(pem)).toBe(sha256(spki).toString("hex"));
    expectInDoc(`phrase      = ${await fingerprintPhrase(pem)}`);
  });
});

describe("docs/file-format.md examples of the legacy circle, computed independently", () => {
  const signerPem = () =>
    createPublicKey(rfc8032PrivateKey()).export({ type: "spki", format: "pem" }).toString();
  const packageSigner = async () =>
    (await importEd25519PrivateKey(new Uint8Array(rfc8032Pkcs8()))) as SigningPrivateKey;

  test("the signer of the examples is RFC 8032's TEST 1 key", () => {
    const spki = createPublicKey(rfc8032PrivateKey()).export({
      type: "spki",
      format: "der",
    });
    expect(spki.subarray(-32).toString("hex")).toBe(RFC8032_PUBLIC_HEX);
    expectInDoc(RFC8032_SEED_HEX);
    expectInDoc(RFC8032_PUBLIC_HEX);
  });

  test("section 11.1: contact details, opened by the package", async () => {
    const aad = blobAad("legacy/contact-details", "user-123", "jane.doe@example.com");
    const plaintext = '{"name":"Jane Doe","relationship":"Sister"}';
    const blob = sealBlobIndependently(range(0x20, 32), range(0xd0, 12), Buffer.from(plaintext), aad);
    expectInDoc(`plaintext = ${plaintext}`);
    expectInDoc(`AAD       = ${aad.toString("hex")}`);
    expectInDoc(`string    = ${blob}`);
    const accountKey = (await importVaultKeyB64(range(0x20, 32).toString("base64"))).aesGcm as AccountKey;
    const context = { userId: "user-123", email: " Jane.Doe@Example.com " };
    expect(await openContactDetails(accountKey, context, blob)).toEqual({
      name: "Jane Doe",
      relationship: "Sister",
    });
  });

  test("section 11.2: contact confirmation, signed and verified by the package", async () => {
    const statement = {
      ownerId: "user-123",
      contactId: "contact-1",
      contactUserId: "user-456",
      keyFingerprint: sha256(Buffer.from(SPKI_HEX, "hex")).toString("hex"),
    };
    const signedBytes = jcs({ format: "heirloom/contact-confirmation/v1", ...statement });
    const signature = signIndependently(signedBytes);
    expectInDoc(`signed bytes = ${signedBytes}`);
    expectInDoc(`signatureB64 = ${signature}`);
    expect(await signContactConfirmation(await packageSigner(), statement)).toBe(signature);
    expect(await verifyContactConfirmation(signerPem(), statement, signature)).toBe(true);
  });
});

describe("docs/file-format.md examples of legacy plans, computed independently", () => {
  // The document of sections 8.5 and 9, and a letter to its recipient.
  const manifest = {
    format: "heirloom/manifest/v1",
    documentId: "doc-1",
    version: 1,
    fileId: "doc-1/v1",
    ownerId: "user-123",
    chunkCount: 2,
    headerDigest: "c6c45d1c3d4ec62b9c8487eab31bb39ecaab27c8bac185f3d0e7fe4fa472541f",
    ciphertextDigest: "63f15a235cd1215a9ff26b45ed732c1661c8a002626292ceb7d1fc54463effc8",
  };
  const recipientFingerprint = () => sha256(Buffer.from(SPKI_HEX, "hex")).toString("hex");
  const letterText = "Dear Sam, the deeds are in the blue folder.";
  const letterBlob = () =>
    sealBlobIndependently(
      range(0x70, 32),
      range(0xf0, 12),
      Buffer.from(letterText),
      blobAad("legacy/letter", "user-123", "letter-1"),
    );

  test("section 11.3: plan details, opened by the package", async () => {
    const aad = blobAad("legacy/plan-details", "user-123", "plan-1");
    const plaintext = '{"name":"For Sam","labels":["Family"]}';
    const blob = sealBlobIndependently(range(0x20, 32), range(0xe0, 12), Buffer.from(plaintext), aad);
    expectInDoc(`plaintext = ${plaintext}`);
    expectInDoc(`AAD       = ${aad.toString("hex")}`);
    expectInDoc(`string    = ${blob}`);
    const accountKey = (await importVaultKeyB64(range(0x20, 32).toString("base64"))).aesGcm as AccountKey;
    expect(await openPlanDetails(accountKey, { userId: "user-123", planId: "plan-1" }, blob)).toEqual(
      JSON.parse(plaintext),
    );
  });

  test("section 11.4: a letter and a drill's AAD, opened by the package", async () => {
    const blob = letterBlob();
    expectInDoc(`text      = ${letterText}`);
    expectInDoc(`AAD       = ${blobAad("legacy/letter", "user-123", "letter-1").toString("hex")}`);
    expectInDoc(`string    = ${blob}`);
    expectInDoc(`digest    = ${sha256(Buffer.from(blob, "utf8")).toString("hex")}`);
    expectInDoc(`AAD(drill-1) = ${blobAad("legacy/drill", "user-123", "drill-1").toString("hex")}`);
    expectInDoc(`AAD(plan-1)  = ${blobAad("legacy/request-reason", "user-123", "plan-1").toString("hex")}`);
    const dek = new Uint8Array(range(0x70, 32)) as DekBytes;
    const context = { ownerId: "user-123", itemId: "letter-1", purpose: "letter" } as const;
    expect(await openItemText(dek, context, blob)).toBe(letterText);
  });

  test("section 11.5: the content digest of section 9's manifest", async () => {
    const content = jcs(manifest);
    expectInDoc(`content bytes  = ${content}`);
    expectInDoc(`content digest = ${sha256(Buffer.from(content)).toString("hex")}`);
    const recipients = [{ userId: "user-456", keyFingerprint: recipientFingerprint() }];
    expect(await manifestContentDigestHex({ ...manifest, recipients })).toBe(
      sha256(Buffer.from(content)).toString("hex"),
    );
  });

  test("section 11.6: a plan statement, signed and verified by the package", async () => {
    const statement = {
      planId: "plan-1",
      kind: "release",
      version: 1,
      ownerId: "user-123",
      recipient: { userId: "user-456", keyFingerprint: recipientFingerprint() },
      items: [
        { kind: "letter", id: "letter-1", digest: sha256(Buffer.from(letterBlob())).toString("hex") },
        { kind: "document", id: "doc-1", digest: sha256(Buffer.from(jcs(manifest))).toString("hex") },
      ],
    } as const;
    const sortedItems = [...statement.items].sort((a, b) =>
      a.kind === b.kind ? (a.id < b.id ? -1 : 1) : a.kind < b.kind ? -1 : 1,
    );
    const signedBytes = jcs({ format: "heirloom/plan-statement/v1", ...statement, items: sortedItems });
    const signature = signIndependently(signedBytes);
    expectInDoc(`signed bytes = ${signedBytes}`);
    expectInDoc(`signatureB64 = ${signature}`);
    const pkcs8 = new Uint8Array(rfc8032Pkcs8());
    const signed = await signPlanStatement(
      (await importEd25519PrivateKey(pkcs8)) as SigningPrivateKey,
      statement,
    );
    expect(signed.signatureB64).toBe(signature);
    const pem = createPublicKey(rfc8032PrivateKey()).export({ type: "spki", format: "pem" }).toString();
    expect(await verifyPlanStatement(pem, JSON.parse(JSON.stringify(signed)))).toBe(true);
  });
});

const SPKI_HEX = "302a300506032b6570032100808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f";

describe("the independent decryptor reads what the package writes", () => {
  const userId = "user-independent";
  let vaultKeyBytes: Buffer;
  let account: Awaited<ReturnType<typeof createAccountKeys>>;

  beforeAll(async () => {
    const vaultKey = await importVaultKeyB64(range(0x11, 32).toString("base64"), { extractable: true });
    vaultKeyBytes = b64(await dangerouslyExportVaultKeyB64(vaultKey));
    account = await createAccountKeys(vaultKey, userId);
  }, 60_000);

  test("vault blobs: account key, RSA-4096 and Ed25519 private keys matching the stored public keys", () => {
    const accountKey = openBlobIndependently(
      vaultKeyBytes,
      account.blobs.ownerEncryptedDek,
      blobAad("vault/account-key", userId),
    );
    expect(accountKey).toHaveLength(32);
    const rsa = createPrivateKey({
      key: openBlobIndependently(
        vaultKeyBytes,
        account.blobs.encryptedPrivateKey,
        blobAad("vault/rsa-private-key", userId),
      ),
      format: "der",
      type: "pkcs8",
    });
    expect(rsa.asymmetricKeyDetails).toMatchObject({ modulusLength: 4096, publicExponent: 65537n });
    expect(createPublicKey(rsa).export({ type: "spki", format: "pem" })).toBe(account.blobs.publicKeyPem);
    const ed = createPrivateKey({
      key: openBlobIndependently(
        vaultKeyBytes,
        account.blobs.encryptedSigningPrivateKey,
        blobAad("vault/signing-private-key", userId),
      ),
      format: "der",
      type: "pkcs8",
    });
    expect(ed.asymmetricKeyType).toBe("ed25519");
    expect(createPublicKey(ed).export({ type: "spki", format: "pem" })).toBe(
      account.blobs.signingPublicKeyPem,
    );
  });

  test("recovery blobs open with the recovery key typed from the kit", () => {
    const wrapKey = hkdf(parseRecoveryKeyIndependently(account.recoveryKeyText), "heirloom/recovery/wrap/v1");
    const accountKey = openBlobIndependently(
      wrapKey,
      account.recovery.recoveryEncryptedDek,
      blobAad("recovery/account-key", userId),
    );
    expect(accountKey).toEqual(
      openBlobIndependently(
        vaultKeyBytes,
        account.blobs.ownerEncryptedDek,
        blobAad("vault/account-key", userId),
      ),
    );
    for (const [field, purpose] of [
      ["recoveryEncryptedPrivateKey", "recovery/rsa-private-key"],
      ["recoveryEncryptedSigningPrivateKey", "recovery/signing-private-key"],
    ] as const) {
      expect(
        openBlobIndependently(wrapKey, account.recovery[field], blobAad(purpose, userId)).length,
      ).toBeGreaterThan(40);
    }
  });

  test("files written by the streaming encryptor", async () => {
    const dek = range(0x33, 32);
    const dekKey = await importDekKey(new Uint8Array(dek) as DekBytes);
    for (const size of [0, 1, 999, 1000, 1001, 5555]) {
      const plaintext = Buffer.from(Array.from({ length: size }, (_, i) => (i * 31) & 0xff));
      const encryptor = await createFileEncryptor(dekKey, {
        fileId: `f-${size}`,
        name: "a.docx",
        size,
        chunkSize: 1000,
      });
      const parts: Buffer[] = [];
      await new Blob([plaintext])
        .stream()
        .pipeThrough(encryptor.stream)
        .pipeTo(
          new WritableStream({
            write: (c) => void parts.push(Buffer.from(c.nonce), Buffer.from(c.ciphertext)),
          }),
        );
      const result = decryptFileIndependently(
        dek,
        `f-${size}`,
        Buffer.from(encryptor.headerObject),
        Buffer.concat(parts),
      );
      expect(result.plaintext).toEqual(plaintext);
      expect(result.header).toMatchObject({ v: 1, name: "a.docx", size, chunkSize: 1000 });
    }
  });
});
