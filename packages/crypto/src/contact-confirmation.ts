import { canonicalBytes, shapeChecks, signBytesB64, verifyBytesB64 } from "./signed-json.ts";
import type { Bytes, PublicKeyPem, SigningPrivateKey } from "./types.ts";

// [Note: Why the owner signs a contact confirmation]
// The owner confirms a legacy contact after comparing the six-word phrase of the contact's key out of band. The server
// stores which key was confirmed, but a server that later swapped the contact's key could swap that record too, and the
// owner's browser would then wrap DEKs to the server's key. So the browser signs what the owner confirmed (this owner,
// this contact row, this account, this key fingerprint) with the owner's signing key, and before wrapping anything to a
// contact it checks that signature against the owner's own signing public key and the key it is about to wrap to.
// The server can withhold or drop a confirmation, never forge one. ADR 038.

export const CONTACT_CONFIRMATION_FORMAT_V1 = "heirloom/contact-confirmation/v1";

/** What the owner confirmed. `format`, if present, must be CONTACT_CONFIRMATION_FORMAT_V1; it is always signed. */
export interface ContactConfirmation {
  readonly format?: string;
  /** The owner's user id (the signer). */
  readonly ownerId: string;
  /** The server's id of the contact row (the invitation). */
  readonly contactId: string;
  /** The contact's user id: the account that accepted. */
  readonly contactUserId: string;
  /** publicKeyFingerprintHex of the contact's RSA public key, as compared: 64 lower-case hex. */
  readonly keyFingerprint: string;
}

/** The exact bytes that are signed: JCS of the five members. Other members are ignored. */
export function canonicalContactConfirmationBytes(statement: ContactConfirmation): Bytes {
  const { fail, text, hex64 } = shapeChecks("invalidContactConfirmation");
  if (typeof statement !== "object" || statement === null) fail("expected an object");
  if (statement.format !== undefined && statement.format !== CONTACT_CONFIRMATION_FORMAT_V1) fail("format");
  return canonicalBytes({
    format: CONTACT_CONFIRMATION_FORMAT_V1,
    ownerId: text(statement.ownerId, "ownerId"),
    contactId: text(statement.contactId, "contactId"),
    contactUserId: text(statement.contactUserId, "contactUserId"),
    keyFingerprint: hex64(statement.keyFingerprint, "keyFingerprint"),
  });
}

/** The owner's Ed25519 signature over the confirmation, standard base64 (64 bytes, 88 characters). */
export async function signContactConfirmation(
  signingKey: SigningPrivateKey,
  statement: ContactConfirmation,
): Promise<string> {
  return signBytesB64(signingKey, canonicalContactConfirmationBytes(statement));
}

/** True only for a well-formed confirmation with a valid signature by the holder of `signingPublicKeyPem`. */
export async function verifyContactConfirmation(
  signingPublicKeyPem: PublicKeyPem,
  statement: ContactConfirmation,
  signatureB64: string,
): Promise<boolean> {
  return verifyBytesB64(signingPublicKeyPem, signatureB64, () =>
    canonicalContactConfirmationBytes(statement),
  );
}
