import type { LegacyContact } from "@heirloom/contract";

// [Note: When the owner's browser wraps to a contact]
// Only to a contact who is confirmed, whose key the server does not report as changed, whose current public key this
// browser fingerprints itself to exactly the fingerprint the owner confirmed, and whose stored confirmation is the
// owner's own signature (checked against the signing key this tab unlocked) over that fingerprint. A server that swaps
// a contact's key and the stored fingerprint together cannot forge that signature (docs/file-format.md 11.2), so the
// browser says "could not be verified" and wraps nothing.

export type WrapBlock =
  /** Invited, not answered yet (or the link expired). */
  | "not-accepted"
  /** Accepted, not confirmed by the owner yet. */
  | "not-confirmed"
  /** Confirmed, but the key is no longer the one confirmed. */
  | "key-changed"
  /** Confirmed, but the confirmation does not check out here: treated like a changed key. */
  | "unverified"
  /** The contact declined, left, or was removed. */
  | "ended";

export type ContactWrapState =
  | {
      readonly wrappable: true;
      readonly contactId: string;
      readonly userId: string;
      readonly publicKeyPem: string;
      /** Computed in this browser from publicKeyPem. */
      readonly fingerprint: string;
    }
  | { readonly wrappable: false; readonly contactId: string; readonly reason: WrapBlock };

export type WrapCheckContact = Pick<
  LegacyContact,
  "id" | "state" | "keyChanged" | "contact" | "confirmation"
>;

/** The crypto this check needs (the worker client's api, or @heirloom/crypto itself in tests). */
export interface WrapCheckCrypto {
  publicKeyFingerprintHex(publicKeyPem: string): Promise<string>;
  verifyContactConfirmation(
    signingPublicKeyPem: string,
    statement: { ownerId: string; contactId: string; contactUserId: string; keyFingerprint: string },
    signatureB64: string,
  ): Promise<boolean>;
}

export interface WrapCheckOwner {
  readonly userId: string;
  /** The owner's own signing public key, as unlockAccount checked it against the private key. */
  readonly signingPublicKeyPem: string;
}

/** What the state alone decides, before any key is looked at; null when the keys must be checked. */
export function blockedByState(contact: WrapCheckContact): WrapBlock | null {
  switch (contact.state) {
    case "invited":
    case "expired":
      return "not-accepted";
    case "accepted":
      return "not-confirmed";
    case "declined":
    case "revoked":
    case "left":
      return "ended";
    case "confirmed":
      if (contact.keyChanged) return "key-changed";
      if (!contact.contact || !contact.confirmation) return "unverified";
      return null;
  }
}

/** The decision from the state, this browser's own fingerprint of the key, and whether the signature verified. */
export function decideWrappable(
  contact: WrapCheckContact,
  ownFingerprintHex: string | null,
  signatureValid: boolean,
): ContactWrapState {
  const blocked = blockedByState(contact);
  if (blocked) return { wrappable: false, contactId: contact.id, reason: blocked };
  const account = contact.contact;
  const confirmed = contact.confirmation?.fingerprintHex.trim().toLowerCase();
  if (!account || !ownFingerprintHex || !confirmed) {
    return { wrappable: false, contactId: contact.id, reason: "unverified" };
  }
  if (ownFingerprintHex !== confirmed)
    return { wrappable: false, contactId: contact.id, reason: "key-changed" };
  if (!signatureValid) return { wrappable: false, contactId: contact.id, reason: "unverified" };
  return {
    wrappable: true,
    contactId: contact.id,
    userId: account.userId,
    publicKeyPem: account.publicKeyPem,
    fingerprint: ownFingerprintHex,
  };
}

/** Checks one contact with real keys: fingerprints the key here and verifies the owner's signature over it. */
export async function checkWrappable(
  contact: WrapCheckContact,
  owner: WrapCheckOwner,
  crypto: WrapCheckCrypto,
): Promise<ContactWrapState> {
  if (blockedByState(contact)) return decideWrappable(contact, null, false);
  const account = contact.contact;
  const confirmation = contact.confirmation;
  if (!account || !confirmation) return decideWrappable(contact, null, false);
  let fingerprint: string | null;
  try {
    fingerprint = await crypto.publicKeyFingerprintHex(account.publicKeyPem);
  } catch {
    fingerprint = null;
  }
  if (!fingerprint || fingerprint !== confirmation.fingerprintHex.trim().toLowerCase()) {
    return decideWrappable(contact, fingerprint, false);
  }
  let valid = false;
  try {
    valid = await crypto.verifyContactConfirmation(
      owner.signingPublicKeyPem,
      {
        ownerId: owner.userId,
        contactId: contact.id,
        contactUserId: account.userId,
        keyFingerprint: fingerprint,
      },
      confirmation.signature,
    );
  } catch {
    valid = false;
  }
  return decideWrappable(contact, fingerprint, valid);
}
