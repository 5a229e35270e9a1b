import { execFileSync } from "node:child_process";
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  publicEncrypt,
  sign,
  verify,
} from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generateDek, RECIPIENT_DEK_LABEL_V1, unwrapDekForRecipient, wrapDekForRecipient } from "./dek.ts";
import { base64ToBytes, bytesToBase64, derToPem } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { canonicalManifestBytes, type DocumentManifest, signManifest, verifyManifest } from "./manifest.ts";
import {
  dangerouslyExportPkcs8,
  exportSpki,
  generateEd25519KeyPair,
  generateRsaOaepKeyPair,
  importEd25519PrivateKey,
  importRsaOaepPrivateKey,
} from "./primitives.ts";
import { spkiToPem } from "./public-key.ts";
import type { DekBytes, RsaPrivateKey, SigningPrivateKey } from "./types.ts";

// Interop: what WebCrypto writes, node:crypto (OpenSSL in-process) and the openssl command line read, and back.

const LABEL = Buffer.from(RECIPIENT_DEK_LABEL_V1, "utf8");

function oaep(key: KeyObject | string) {
  return { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256", oaepLabel: LABEL };
}

function wrapped(ciphertext: Uint8Array): string {
  return `v1.${bytesToBase64(ciphertext)}`;
}

function openssl(args: string[], input?: Uint8Array): Buffer {
  return execFileSync("openssl", args, { input, stdio: ["pipe", "pipe", "pipe"] });
}

describe("RSA-OAEP-4096/SHA-256 interop", () => {
  let dir: string;
  let webPublicPem: string;
  let webPrivateKey: RsaPrivateKey;
  let webPrivatePem: string;
  let nodePublicPem: string;
  let nodePrivate: KeyObject;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "heirloom-rsa-"));
    const pair = await generateRsaOaepKeyPair();
    webPublicPem = spkiToPem(await exportSpki(pair.publicKey));
    const pkcs8 = await dangerouslyExportPkcs8(pair.privateKey);
    webPrivatePem = derToPem(pkcs8, "PRIVATE KEY");
    webPrivateKey = (await importRsaOaepPrivateKey(pkcs8)) as RsaPrivateKey;
    const nodePair = generateKeyPairSync("rsa", { modulusLength: 4096, publicExponent: 65537 });
    nodePublicPem = nodePair.publicKey.export({ type: "spki", format: "pem" }).toString();
    nodePrivate = nodePair.privateKey;
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("our public key PEM is a 4096-bit RSA SPKI with e=65537, as OpenSSL reads it", () => {
    const details = createPublicKey(webPublicPem).asymmetricKeyDetails;
    expect(details?.modulusLength).toBe(4096);
    expect(details?.publicExponent).toBe(65537n);
    writeFileSync(join(dir, "web-pub.pem"), webPublicPem);
    expect(
      openssl(["pkey", "-pubin", "-in", join(dir, "web-pub.pem"), "-noout", "-text"]).toString(),
    ).toMatch(/Public-Key: \(4096 bit\)[\s\S]*Exponent: 65537/);
  });

  test("wrapped by WebCrypto, unwrapped by node:crypto", async () => {
    const dek = generateDek();
    const text = await wrapDekForRecipient(webPublicPem, dek);
    const plain = privateDecrypt(oaep(webPrivatePem), base64ToBytes(text.slice(3)));
    expect(new Uint8Array(plain)).toEqual(dek);
  });

  test("wrapped by node:crypto, unwrapped by WebCrypto", async () => {
    const dek = generateDek();
    const ciphertext = publicEncrypt(oaep(webPublicPem), dek);
    expect(await unwrapDekForRecipient(webPrivateKey, wrapped(ciphertext))).toEqual(dek);
  });

  test("WebCrypto wraps to a key node:crypto generated, node:crypto unwraps", async () => {
    const dek = generateDek();
    const text = await wrapDekForRecipient(nodePublicPem, dek);
    expect(new Uint8Array(privateDecrypt(oaep(nodePrivate), base64ToBytes(text.slice(3))))).toEqual(dek);
  });

  test("wrapped by the openssl command line, unwrapped by WebCrypto", async () => {
    const dek = generateDek();
    writeFileSync(join(dir, "web-pub.pem"), webPublicPem);
    const ciphertext = openssl(
      [
        "pkeyutl",
        "-encrypt",
        "-pubin",
        "-inkey",
        join(dir, "web-pub.pem"),
        "-pkeyopt",
        "rsa_padding_mode:oaep",
        "-pkeyopt",
        "rsa_oaep_md:sha256",
        "-pkeyopt",
        "rsa_mgf1_md:sha256",
        "-pkeyopt",
        `rsa_oaep_label:${LABEL.toString("hex")}`,
      ],
      dek,
    );
    expect(ciphertext.length).toBe(512);
    expect(await unwrapDekForRecipient(webPrivateKey, wrapped(ciphertext))).toEqual(dek);
  });

  test("wrapped by WebCrypto, unwrapped by the openssl command line", async () => {
    const dek = generateDek();
    const text = await wrapDekForRecipient(webPublicPem, dek);
    writeFileSync(join(dir, "web-priv.pem"), webPrivatePem, { mode: 0o600 });
    const plain = openssl(
      [
        "pkeyutl",
        "-decrypt",
        "-inkey",
        join(dir, "web-priv.pem"),
        "-pkeyopt",
        "rsa_padding_mode:oaep",
        "-pkeyopt",
        "rsa_oaep_md:sha256",
        "-pkeyopt",
        "rsa_mgf1_md:sha256",
        "-pkeyopt",
        `rsa_oaep_label:${LABEL.toString("hex")}`,
      ],
      base64ToBytes(text.slice(3)),
    );
    expect(new Uint8Array(plain)).toEqual(dek);
  });

  test("a wrap without our OAEP label (or with SHA-1) does not unwrap", async () => {
    const dek = generateDek();
    const noLabel = publicEncrypt(
      { key: webPublicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      dek,
    );
    expect(await unwrapDekForRecipient(webPrivateKey, wrapped(noLabel))).toBeNull();
    const sha1 = publicEncrypt({ ...oaep(webPublicPem), oaepHash: "sha1" }, dek);
    expect(await unwrapDekForRecipient(webPrivateKey, wrapped(sha1))).toBeNull();
  });

  test("a 31- or 33-byte key inside a valid wrap is refused (null)", async () => {
    for (const length of [31, 33]) {
      const ciphertext = publicEncrypt(oaep(webPublicPem), Buffer.alloc(length, 1));
      expect(await unwrapDekForRecipient(webPrivateKey, wrapped(ciphertext))).toBeNull();
    }
  });

  test("keys weaker than RSA-4096/65537 are refused for wrapping", async () => {
    const weak = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({
      type: "spki",
      format: "pem",
    });
    const oddExponent = generateKeyPairSync("rsa", {
      modulusLength: 4096,
      publicExponent: 3,
    }).publicKey.export({
      type: "spki",
      format: "pem",
    });
    for (const pem of [weak.toString(), oddExponent.toString()]) {
      const error = await wrapDekForRecipient(pem, generateDek() as DekBytes).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CryptoError);
      expect((error as CryptoError).code).toBe("invalidPublicKey");
    }
  }, 60_000);
});

describe("Ed25519 manifest signatures interop", () => {
  const manifest: DocumentManifest = {
    documentId: "doc-1",
    version: 1,
    fileId: "doc-1/v1",
    ownerId: "owner",
    chunkCount: 1,
    headerDigest: "a".repeat(64),
    ciphertextDigest: "b".repeat(64),
    recipients: [],
  };

  test("signed by WebCrypto, verified by node:crypto; signed by node:crypto, verified by WebCrypto", async () => {
    const pair = await generateEd25519KeyPair();
    const publicPem = spkiToPem(await exportSpki(pair.publicKey));
    const signingKey = (await importEd25519PrivateKey(
      await dangerouslyExportPkcs8(pair.privateKey),
    )) as SigningPrivateKey;
    const signed = await signManifest(signingKey, manifest);
    const bytes = canonicalManifestBytes(manifest);
    expect(verify(null, bytes, createPublicKey(publicPem), base64ToBytes(signed.signatureB64))).toBe(true);

    const nodePair = generateKeyPairSync("ed25519");
    const nodeSignature = sign(null, bytes, nodePair.privateKey);
    const nodePublicPem = nodePair.publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(
      await verifyManifest(nodePublicPem, { manifest, signatureB64: nodeSignature.toString("base64") }),
    ).toBe(true);
    expect(
      createPrivateKey(nodePair.privateKey.export({ type: "pkcs8", format: "pem" })).asymmetricKeyType,
    ).toBe("ed25519");
  });
});
