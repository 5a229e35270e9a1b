import { type BlobContext, type BlobPurpose, blobAadV1 } from "./aad.ts";
import { base64AnyToBytes, bytesToBase64 } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { aesGcmDecrypt, aesGcmEncrypt, newAesGcmIv } from "./primitives.ts";
import type { Bytes, SealedBlobString } from "./types.ts";

// A sealed blob is SPEC's "{iv}:{ciphertext}" with the format version written in front of the iv: "v1.{iv}:{ct}".
// The version is also inside the AAD, so a blob re-labelled with another version fails to decrypt rather than being
// read under the wrong rules. See docs/decisions/011-sealed-blob-versioning.md.

const VERSION_PREFIX_V1 = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface ParsedSealedBlob {
  readonly version: 1;
  readonly iv: Bytes;
  readonly ciphertext: Bytes;
}

/** SPEC section 5's shape check: exactly two parts separated by a colon. */
export function splitIvCiphertext(text: unknown): readonly [string, string] | null {
  if (typeof text !== "string") return null;
  const parts = text.split(":");
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return [parts[0], parts[1]];
}

/** Parses without decrypting; throws CryptoError("malformedBlob") for anything that is not a well-formed v1 blob. */
export function parseSealedBlob(text: unknown): ParsedSealedBlob {
  const parts = splitIvCiphertext(text);
  if (!parts) throw new CryptoError("malformedBlob", "expected v1.iv:ciphertext");
  const [ivPart, ctPart] = parts;
  if (!ivPart.startsWith(VERSION_PREFIX_V1)) throw new CryptoError("malformedBlob", "unknown format version");
  let iv: Bytes;
  let ciphertext: Bytes;
  try {
    iv = base64AnyToBytes(ivPart.slice(VERSION_PREFIX_V1.length));
    ciphertext = base64AnyToBytes(ctPart);
  } catch {
    throw new CryptoError("malformedBlob", "invalid base64");
  }
  if (iv.length !== IV_BYTES) throw new CryptoError("malformedBlob", "iv must be 12 bytes");
  if (ciphertext.length < TAG_BYTES) throw new CryptoError("malformedBlob", "ciphertext too short");
  return { version: 1, iv, ciphertext };
}

export function formatSealedBlob(iv: Uint8Array, ciphertext: Uint8Array): SealedBlobString {
  return `${VERSION_PREFIX_V1}${bytesToBase64(iv)}:${bytesToBase64(ciphertext)}`;
}

/** AES-256-GCM under `key` with a fresh random iv, bound to `purpose` and `context` by the AAD. */
export async function sealBlob(
  key: CryptoKey,
  plaintext: Bytes,
  purpose: BlobPurpose,
  context: BlobContext,
): Promise<SealedBlobString> {
  const iv = newAesGcmIv();
  const ciphertext = await aesGcmEncrypt(key, iv, plaintext, blobAadV1(purpose, context));
  return formatSealedBlob(iv, ciphertext);
}

/** Throws CryptoError("malformedBlob") or CryptoError("decryptionFailed"); never returns unauthenticated bytes. */
export async function openBlob(
  key: CryptoKey,
  text: unknown,
  purpose: BlobPurpose,
  context: BlobContext,
): Promise<Bytes> {
  const { iv, ciphertext } = parseSealedBlob(text);
  try {
    return await aesGcmDecrypt(key, iv, ciphertext, blobAadV1(purpose, context));
  } catch {
    throw new CryptoError("decryptionFailed");
  }
}
