import { BlobPurpose, blobAadV1 } from "./aad.ts";
import { base64AnyToBytes, bytesToBase64, utf8Encode } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import {
  aesGcmDecrypt,
  aesGcmEncrypt,
  importAesGcmKey,
  newAesGcmIv,
  randomBytes,
  rsaOaepDecrypt,
  rsaOaepEncrypt,
} from "./primitives.ts";
import { importRecipientPublicKey } from "./public-key.ts";
import { openBlob, sealBlob } from "./sealed-blob.ts";
import type {
  AccountKey,
  Bytes,
  DekBytes,
  DekKey,
  PublicKeyPem,
  RecipientWrappedDek,
  RsaPrivateKey,
  SealedBlobString,
} from "./types.ts";

export const DEK_BYTES = 32;
const RECIPIENT_WRAP_PREFIX_V1 = "v1.";
const RSA_CIPHERTEXT_BYTES = 512;
/** The OAEP label binds a recipient wrap to its purpose and version (RFC 8017 section 7.1). */
export const RECIPIENT_DEK_LABEL_V1 = "heirloom/recipient-dek/v1";

/** Who owns an item DEK and which item it opens; both are bound into the wrap's AAD. */
export interface ItemContext {
  readonly userId: string;
  readonly itemId: string;
}

export function generateDek(): DekBytes {
  return randomBytes(DEK_BYTES) as DekBytes;
}

/** SPEC section 5: a decrypted DEK must be exactly 32 bytes. */
export function assertDekLength(bytes: Uint8Array): asserts bytes is DekBytes {
  if (bytes.length !== DEK_BYTES) throw new CryptoError("invalidDekLength");
}

/** The DEK as a non-extractable AES-256-GCM key for the file format functions. */
export async function importDekKey(dekBytes: DekBytes): Promise<DekKey> {
  assertDekLength(dekBytes);
  return (await importAesGcmKey(dekBytes, { extractable: false })) as DekKey;
}

/** The owner's copy of an item DEK: "v1.iv:ct" under the account key, bound to (userId, itemId). */
export async function wrapDekForOwner(
  accountKey: AccountKey,
  dekBytes: DekBytes,
  context: ItemContext,
): Promise<SealedBlobString> {
  assertDekLength(dekBytes);
  return sealBlob(accountKey, dekBytes, BlobPurpose.itemDek, context);
}

/** Throws 'DEK decryption failed' or 'Invalid DEK length' (SPEC section 8). */
export async function unwrapDekForOwner(
  accountKey: AccountKey,
  wrapped: SealedBlobString,
  context: ItemContext,
): Promise<DekBytes> {
  let bytes: Bytes;
  try {
    bytes = await openBlob(accountKey, wrapped, BlobPurpose.itemDek, context);
  } catch {
    throw new CryptoError("dekDecryptionFailed");
  }
  assertDekLength(bytes);
  return bytes;
}

/** A recipient's copy: RSA-OAEP-4096/SHA-256 with label "heirloom/recipient-dek/v1", written "v1.{base64}". */
export async function wrapDekForRecipient(
  publicKeyPem: PublicKeyPem,
  dekBytes: DekBytes,
): Promise<RecipientWrappedDek> {
  assertDekLength(dekBytes);
  const publicKey = await importRecipientPublicKey(publicKeyPem);
  const ciphertext = await rsaOaepEncrypt(publicKey, dekBytes, utf8Encode(RECIPIENT_DEK_LABEL_V1));
  return `${RECIPIENT_WRAP_PREFIX_V1}${bytesToBase64(ciphertext)}`;
}

/** SPEC section 8: unwrapping a DEK returns null on failure (wrong key, tampering, wrong length, bad format). */
export async function unwrapDekForRecipient(
  privateKey: RsaPrivateKey,
  wrapped: RecipientWrappedDek,
): Promise<DekBytes | null> {
  try {
    if (typeof wrapped !== "string" || !wrapped.startsWith(RECIPIENT_WRAP_PREFIX_V1)) return null;
    const ciphertext = base64AnyToBytes(wrapped.slice(RECIPIENT_WRAP_PREFIX_V1.length));
    if (ciphertext.length !== RSA_CIPHERTEXT_BYTES) return null;
    const bytes = await rsaOaepDecrypt(privateKey, ciphertext, utf8Encode(RECIPIENT_DEK_LABEL_V1));
    return bytes.length === DEK_BYTES ? (bytes as DekBytes) : null;
  } catch {
    return null;
  }
}

/**
 * SPEC section 3's helper: a fresh 32-byte key encrypted under `key`, as plain number arrays (the form that goes
 * into a JSON document as it is). Same AAD as wrapDekForOwner, so the result can also be written as a sealed blob.
 */
export async function generateEncryptedDek(
  key: AccountKey,
  context: ItemContext,
): Promise<{ ciphertext: number[]; iv: number[] }> {
  const dek = generateDek();
  const iv = newAesGcmIv();
  const ciphertext = await aesGcmEncrypt(key, iv, dek, blobAadV1(BlobPurpose.itemDek, context));
  dek.fill(0);
  return { ciphertext: Array.from(ciphertext), iv: Array.from(iv) };
}

/** The inverse of generateEncryptedDek. Throws 'DEK decryption failed' or 'Invalid DEK length'. */
export async function decryptEncryptedDek(
  key: AccountKey,
  encrypted: { readonly ciphertext: readonly number[]; readonly iv: readonly number[] },
  context: ItemContext,
): Promise<DekBytes> {
  let bytes: Bytes;
  try {
    const iv = Uint8Array.from(encrypted.iv);
    const ciphertext = Uint8Array.from(encrypted.ciphertext);
    if (iv.length !== 12 || encrypted.iv.some((n) => n !== (n & 0xff))) throw new Error("bad iv");
    if (encrypted.ciphertext.some((n) => n !== (n & 0xff))) throw new Error("bad ciphertext");
    bytes = await aesGcmDecrypt(key, iv, ciphertext, blobAadV1(BlobPurpose.itemDek, context));
  } catch {
    throw new CryptoError("dekDecryptionFailed");
  }
  assertDekLength(bytes);
  return bytes;
}
