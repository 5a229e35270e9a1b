import { type Canonical, canonicalJson } from "./canonical-json.ts";
import { base64ToBytes, bytesToBase64, utf8Encode } from "./encoding.ts";
import { CryptoError, type CryptoErrorCode } from "./errors.ts";
import { ed25519Sign, ed25519Verify } from "./primitives.ts";
import { importSigningPublicKey } from "./public-key.ts";
import type { Bytes, PublicKeyPem, SigningPrivateKey } from "./types.ts";

// The statements an owner signs besides manifests (a contact confirmation, a plan statement) share one recipe:
// check the shape strictly, canonicalise with JCS (canonical-json.ts), sign the UTF-8 bytes with Ed25519, store the
// 64-byte signature as standard base64. Verifying never throws: anything wrong is `false`.

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** Shape checks that throw CryptoError(code, <the member that failed>). */
export function shapeChecks(code: CryptoErrorCode) {
  const fail = (why: string): never => {
    throw new CryptoError(code, why);
  };
  return {
    fail,
    /** A non-empty string. */
    text: (value: unknown, name: string): string =>
      typeof value === "string" && value.length > 0 ? value : fail(name),
    /** A safe integer >= min. */
    count: (value: unknown, name: string, min: number): number =>
      typeof value === "number" && Number.isSafeInteger(value) && value >= min ? value : fail(name),
    /** 64 lower-case hex characters (a SHA-256 digest or a key fingerprint). */
    hex64: (value: unknown, name: string): string =>
      typeof value === "string" && HEX_SHA256.test(value) ? value : fail(name),
    /** One of `allowed`. */
    oneOf: <T extends string>(value: unknown, allowed: readonly T[], name: string): T =>
      allowed.includes(value as T) ? (value as T) : fail(name),
  };
}

export function canonicalBytes(value: Canonical): Bytes {
  return utf8Encode(canonicalJson(value));
}

/** Ed25519 over `signedBytes`, as standard base64 (88 characters). */
export async function signBytesB64(signingKey: SigningPrivateKey, signedBytes: Bytes): Promise<string> {
  return bytesToBase64(await ed25519Sign(signingKey, signedBytes));
}

/** False for a malformed key, signature or statement (`signedBytes` may throw), and for a signature that fails. */
export async function verifyBytesB64(
  signingPublicKeyPem: PublicKeyPem,
  signatureB64: unknown,
  signedBytes: () => Bytes,
): Promise<boolean> {
  try {
    if (typeof signatureB64 !== "string") return false;
    const signature = base64ToBytes(signatureB64);
    if (signature.length !== 64) return false;
    const bytes = signedBytes();
    const publicKey = await importSigningPublicKey(signingPublicKeyPem);
    return await ed25519Verify(publicKey, signature, bytes);
  } catch {
    return false;
  }
}
