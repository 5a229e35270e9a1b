import { canonicalJson, compareCodeUnits } from "./canonical-json.ts";
import { base64ToBytes, bytesToBase64, bytesToHex, concatBytes, utf8Encode } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { ed25519Sign, ed25519Verify, sha256 } from "./primitives.ts";
import { importSigningPublicKey } from "./public-key.ts";
import type { Bytes, PublicKeyPem, SigningPrivateKey } from "./types.ts";

// The owner signs each document version's manifest so that a recipient can tell a document the owner stored from one
// a server made up or mixed together: the manifest pins the exact header and chunk objects, and who it was meant for.
// The signed bytes are RFC 8785 (JCS) canonical JSON (canonical-json.ts).

export const MANIFEST_FORMAT_V1 = "heirloom/manifest/v1";

export interface ManifestRecipient {
  readonly userId: string;
  /** publicKeyFingerprintHex of the key the DEK was wrapped to. */
  readonly keyFingerprint: string;
}

export interface DocumentManifest {
  /**
   * MANIFEST_FORMAT_V1. signManifest stores it; a manifest stored without it (written before it was stored) is read
   * as v1, and any other value is refused.
   */
  readonly format?: string;
  readonly documentId: string;
  readonly version: number;
  /** The file id bound into the chunks' AAD. */
  readonly fileId: string;
  readonly ownerId: string;
  readonly chunkCount: number;
  /** Hex SHA-256 of the header object. */
  readonly headerDigest: string;
  /** Hex SHA-256 over the chunk objects' SHA-256 digests, in order (see ciphertextDigestHex). */
  readonly ciphertextDigest: string;
  readonly recipients: readonly ManifestRecipient[];
}

export interface SignedManifest {
  readonly manifest: DocumentManifest;
  /** Ed25519 signature over canonicalManifestBytes(manifest), standard base64. */
  readonly signatureB64: string;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** The signed members, checked, with the format set and recipients sorted. */
type ValidatedManifest = {
  format: string;
  documentId: string;
  version: number;
  fileId: string;
  ownerId: string;
  chunkCount: number;
  headerDigest: string;
  ciphertextDigest: string;
  recipients: { userId: string; keyFingerprint: string }[];
};

function validated(manifest: DocumentManifest): ValidatedManifest {
  const fail = (why: string): never => {
    throw new CryptoError("invalidManifest", why);
  };
  const text = (value: unknown, name: string) =>
    typeof value === "string" && value.length > 0 ? value : fail(name);
  const count = (value: unknown, name: string, min: number) =>
    typeof value === "number" && Number.isSafeInteger(value) && value >= min ? value : fail(name);
  const digest = (value: unknown, name: string) =>
    typeof value === "string" && HEX_SHA256.test(value) ? value : fail(name);
  if (manifest.format !== undefined && manifest.format !== MANIFEST_FORMAT_V1) fail("format");
  if (!Array.isArray(manifest.recipients)) fail("recipients");
  const recipients = manifest.recipients
    .map((r) => ({
      userId: text(r?.userId, "recipient userId"),
      keyFingerprint: digest(r?.keyFingerprint, "keyFingerprint"),
    }))
    .sort((a, b) => compareCodeUnits(a.userId, b.userId));
  for (let i = 1; i < recipients.length; i++) {
    if (recipients[i]?.userId === recipients[i - 1]?.userId) fail("duplicate recipient");
  }
  return {
    format: MANIFEST_FORMAT_V1,
    documentId: text(manifest.documentId, "documentId"),
    version: count(manifest.version, "version", 1),
    fileId: text(manifest.fileId, "fileId"),
    ownerId: text(manifest.ownerId, "ownerId"),
    chunkCount: count(manifest.chunkCount, "chunkCount", 1),
    headerDigest: digest(manifest.headerDigest, "headerDigest"),
    ciphertextDigest: digest(manifest.ciphertextDigest, "ciphertextDigest"),
    recipients,
  };
}

/** The exact bytes that are signed. Recipients are sorted by userId, so their order in the input does not matter. */
export function canonicalManifestBytes(manifest: DocumentManifest): Bytes {
  return utf8Encode(canonicalJson(validated(manifest)));
}

/**
 * SHA-256 (hex) of the manifest's canonical bytes without `recipients`: what the document version is, apart from
 * whom it is shared with. Plan statements pin documents by this, so re-signing a manifest to add a recipient does not
 * invalidate statements already signed for the others (docs/file-format.md section 11.5, ADR 038).
 */
export async function manifestContentDigestHex(manifest: DocumentManifest): Promise<string> {
  const { recipients: _recipients, ...content } = validated(manifest);
  return digestHex(utf8Encode(canonicalJson(content)));
}

export async function digestHex(bytes: Bytes): Promise<string> {
  return bytesToHex(await sha256(bytes));
}

/** SHA-256 (hex) of the text's UTF-8 bytes; a letter's or drill's digest in a plan statement is this of its blob. */
export async function sha256HexOfText(text: string): Promise<string> {
  if (typeof text !== "string") throw new TypeError("sha256HexOfText expects a string");
  return digestHex(utf8Encode(text));
}

/** SHA-256 of public bytes (a chunk object as stored), for ciphertextDigestHex. Needs no key, so no worker trip. */
export function digestBytes(bytes: Bytes): Promise<Bytes> {
  return sha256(bytes);
}

/** SHA-256(d_0 || d_1 || ... || d_{n-1}) where d_i = SHA-256(chunk object i): computable chunk by chunk. */
export async function ciphertextDigestHex(chunkDigests: readonly Uint8Array[]): Promise<string> {
  if (chunkDigests.some((d) => d.length !== 32)) throw new CryptoError("invalidManifest", "chunk digest");
  return digestHex(concatBytes(...chunkDigests));
}

export async function signManifest(
  signingKey: SigningPrivateKey,
  manifest: DocumentManifest,
): Promise<SignedManifest> {
  const stored = { ...manifest, format: MANIFEST_FORMAT_V1 };
  const signature = await ed25519Sign(signingKey, canonicalManifestBytes(stored));
  return { manifest: stored, signatureB64: bytesToBase64(signature) };
}

/** True only for a well-formed manifest with a valid signature by the holder of `signingPublicKeyPem`. */
export async function verifyManifest(
  signingPublicKeyPem: PublicKeyPem,
  signed: SignedManifest,
): Promise<boolean> {
  try {
    const publicKey = await importSigningPublicKey(signingPublicKeyPem);
    const signature = base64ToBytes(signed.signatureB64);
    if (signature.length !== 64) return false;
    return await ed25519Verify(publicKey, signature, canonicalManifestBytes(signed.manifest));
  } catch {
    return false;
  }
}
