import { createHash } from "node:crypto";

// [Note: The server's fingerprint is the browser's]
// A legacy contact is confirmed against SHA-256 of their public key's SPKI DER (ADR 015; packages/crypto
// fingerprint.ts publicKeyFingerprintHex). The server computes the same value from the PEM it stores, to refuse a
// confirmation of a key that is no longer the contact's and to flag a confirmed contact whose key changed. It hashes
// the DER bytes exactly as stored, as the browser does, rather than re-encoding a parsed key, so the two can never
// disagree about an unusual encoding. This value is a convenience for the owner's list: the owner's browser compares
// the phrase it computes itself, never this one.

const pemPattern = /^\s*-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----\s*$/;

/** SHA-256 of the SPKI DER inside a PEM PUBLIC KEY, as lower-case hex. Throws on anything that is not one. */
export function publicKeyFingerprintHex(publicKeyPem: string): string {
  const body = pemPattern.exec(publicKeyPem)?.[1];
  if (!body) throw new Error("expected a PEM PUBLIC KEY");
  const der = Buffer.from(body.replace(/\s+/g, ""), "base64");
  return createHash("sha256").update(der).digest("hex");
}
