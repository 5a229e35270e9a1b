import type { BlobContext, BlobPurpose } from "./aad.ts";
import { utf8Decode, utf8Encode } from "./encoding.ts";
import { CryptoError, type CryptoErrorCode } from "./errors.ts";
import { openBlob, sealBlob } from "./sealed-blob.ts";
import type { Bytes, SealedBlobString } from "./types.ts";

// Small records the owner writes for themselves (a contact's details, a plan's settings) are a UTF-8 JSON object in a sealed
// blob (docs/file-format.md section 4). Each record type has its own purpose, size cap and error code; the shape of
// what comes out is checked by the caller, since the key proves only who wrote it, not that it is what we expect.

export interface SealedJsonRules {
  readonly purpose: BlobPurpose;
  readonly maxBytes: number;
  /** The error for a value that cannot be written, or a decrypted plaintext that is not a record of this type. */
  readonly invalid: CryptoErrorCode;
}

export async function sealJson(
  key: CryptoKey,
  value: unknown,
  rules: SealedJsonRules,
  context: BlobContext,
): Promise<SealedBlobString> {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    throw new CryptoError(rules.invalid, "not JSON");
  }
  // Checked on the JSON text, not the value: a Date or anything with toJSON may serialise to something else.
  if (text === undefined || !text.startsWith("{"))
    throw new CryptoError(rules.invalid, "expected a JSON object");
  const plaintext = utf8Encode(text);
  if (plaintext.length > rules.maxBytes) throw new CryptoError(rules.invalid, `over ${rules.maxBytes} bytes`);
  return sealBlob(key, plaintext, rules.purpose, context);
}

/** Throws CryptoError: malformedBlob, decryptionFailed, or `rules.invalid` for a plaintext that is not JSON. */
export async function openJson(
  key: CryptoKey,
  blob: SealedBlobString,
  rules: SealedJsonRules,
  context: BlobContext,
): Promise<unknown> {
  const plaintext: Bytes = await openBlob(key, blob, rules.purpose, context);
  if (plaintext.length > rules.maxBytes) throw new CryptoError(rules.invalid, `over ${rules.maxBytes} bytes`);
  try {
    return JSON.parse(utf8Decode(plaintext));
  } catch {
    throw new CryptoError(rules.invalid, "not JSON");
  }
}

/** A JSON object (not an array, not null): the only top-level value these records hold. */
export function isJsonObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
