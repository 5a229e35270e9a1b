import { z } from "zod";
import { emailSchema, sealedBlobPattern } from "./account.ts";

// Legacy contacts (ARCHITECTURE.md "Legacy model"): an owner invites a person by email, the person accepts with an
// account that has a vault (so a key pair), and the owner confirms them after comparing the fingerprint phrase of
// their public key out of band (ADR 015). The server sees the invited address and account names it already holds;
// the contact's name and relationship as the owner wrote them arrive sealed (`details`), and the note of an
// invitation is mailed, never stored.

export const legacyContactRules = {
  /** An invitation link works this long after it was (re)sent. */
  invitationLifetimeDays: 7,
  /** Contacts an owner may have at once: invited (not expired), accepted or confirmed. */
  maxLiveContacts: 20,
  /** Invitation mails per contact in 24 hours, the first one included. */
  maxSendsPerDay: 3,
  noteMaxLength: 500,
  detailsMaxLength: 4_096,
} as const;

export const legacyMessages = {
  inviteYourself: "You can't name yourself as a legacy contact.",
  alreadyInvited: "You have already invited this address.",
  tooManyContacts: `You can have up to ${legacyContactRules.maxLiveContacts} legacy contacts. Remove one before inviting someone else.`,
  tooManySends: `An invitation can be sent ${legacyContactRules.maxSendsPerDay} times in 24 hours. Please try again later.`,
  notWaiting: "Only an invitation that is still waiting for an answer can be sent again.",
  contactNotFound: "This legacy contact does not exist, or is not yours.",
  notAccepted: "This person has not accepted your invitation yet, so there is nothing to confirm.",
  alreadyConfirmed: "You have already confirmed this contact, and their key has not changed since.",
  contactEnded: "This person is no longer your legacy contact.",
  keyChanged:
    "This contact's key has changed since you compared it. Compare the new phrase before confirming.",
  invitationInvalid: "This invitation link is not valid. Ask the person who invited you to send a new one.",
  invitationExpired: (ownerName: string) =>
    `This invitation has expired. Ask ${ownerName} to send a new one.`,
  invitationWithdrawn: "This invitation was withdrawn.",
  invitationAccepted: "This invitation has already been accepted.",
  invitationDeclined: (ownerName: string) =>
    `You declined this invitation. Ask ${ownerName} to send a new one if you changed your mind.`,
  wrongAccount: (maskedEmail: string) =>
    `This invitation was sent to ${maskedEmail}. Sign in with that address to accept it.`,
  vaultFirst: "Create your vault first.",
  ownInvitation: "You can't accept your own invitation.",
  noLongerNamed: "You are not a legacy contact of this person.",
  detailsInvalid:
    "The contact's details must be sealed in your browser before they are sent. Reload the page and try again.",
  noteTooLong: `Please keep the note under ${legacyContactRules.noteMaxLength} characters.`,
  fingerprintInvalid: "Expected the key's fingerprint: 64 hexadecimal characters.",
  signatureInvalid: "Expected the confirmation's signature in base64.",
} as const;

/** Kept in the database: `expired` is derived from an `invited` row's expiry when it is read. */
export const legacyContactStates = [
  "invited",
  "accepted",
  "confirmed",
  "declined",
  "revoked",
  "left",
] as const;
export type LegacyContactState = (typeof legacyContactStates)[number];
/** What the owner sees: the stored state, with `expired` for an invitation past its expiry. */
export const legacyContactShownStates = [...legacyContactStates, "expired"] as const;
export type LegacyContactShownState = (typeof legacyContactShownStates)[number];

/** Name and relationship, sealed under the owner's account key in the browser ("v1.iv:ct"); opaque here. */
export const legacyDetailsSchema = z
  .string()
  .max(legacyContactRules.detailsMaxLength, legacyMessages.detailsInvalid)
  .regex(sealedBlobPattern, legacyMessages.detailsInvalid);

/** SHA-256 of a public key's SPKI DER, lower-case hex (packages/crypto publicKeyFingerprintHex). */
export const fingerprintHexSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.string().regex(/^[0-9a-f]{64}$/, legacyMessages.fingerprintInvalid));

export const legacyInviteRequestSchema = z
  .object({
    email: emailSchema,
    details: legacyDetailsSchema,
    /** A personal note for the invitation mail, shown as written by the owner. Mailed once, never stored. */
    note: z.string().trim().max(legacyContactRules.noteMaxLength, legacyMessages.noteTooLong).optional(),
  })
  .strict();
export type LegacyInviteRequest = z.input<typeof legacyInviteRequestSchema>;

export const legacyDetailsUpdateSchema = z.object({ details: legacyDetailsSchema }).strict();

export const legacyConfirmRequestSchema = z
  .object({
    /** The fingerprint of the key the owner compared: it must be the contact's current key's. */
    fingerprintHex: fingerprintHexSchema,
    /**
     * The owner's Ed25519 signature over the confirmation, made in the browser with the owner's signing key. The
     * server stores and returns it without reading it; the owner's browser checks it before wrapping anything.
     */
    signature: z
      .string()
      .trim()
      .max(1_024, legacyMessages.signatureInvalid)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, legacyMessages.signatureInvalid),
  })
  .strict();
export type LegacyConfirmRequest = z.input<typeof legacyConfirmRequestSchema>;

/**
 * The token of an invitation link (`/invitation#token=...`), sent in a body so it never sits in a URL. Any text is
 * accepted here: a token that matches no invitation is answered 404 with a message a person can act on.
 */
export const legacyTokenRequestSchema = z
  .object({
    token: z
      .string()
      .trim()
      .min(1, legacyMessages.invitationInvalid)
      .max(200, legacyMessages.invitationInvalid),
  })
  .strict();

export const legacyContactParamsSchema = z.object({ id: z.uuid() });

/** The contact's account, once they accepted: the key the owner compares and would wrap to. */
export const legacyContactAccountSchema = z.object({
  /** The contact's user id: what the owner signs in the confirmation and lists in manifests and plan statements. */
  userId: z.string(),
  /** The name of the contact's account (not the owner's sealed name for them). */
  name: z.string(),
  publicKeyPem: z.string(),
  signingPublicKeyPem: z.string(),
  /** SHA-256 of publicKeyPem's SPKI DER, hex, computed by the server: the browser must compute its own to compare. */
  fingerprintHex: z.string(),
});

export const legacyContactSchema = z.object({
  id: z.string(),
  email: z.string(),
  state: z.enum(legacyContactShownStates),
  /** Confirmed, but the contact's key is no longer the one the owner compared: confirm again before wrapping. */
  keyChanged: z.boolean(),
  details: z.string(),
  invitedAt: z.string(),
  /** When the current invitation link stops working. */
  expiresAt: z.string(),
  lastSentAt: z.string(),
  acceptedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  /** From when the invitation may be sent again (already passed when it may now); null unless it is waiting. */
  resendAvailableAt: z.string().nullable(),
  contact: legacyContactAccountSchema.nullable(),
  /** What the owner confirmed, as the server stored it; null before the first confirmation. */
  confirmation: z.object({ fingerprintHex: z.string(), signature: z.string() }).nullable(),
});
export type LegacyContact = z.infer<typeof legacyContactSchema>;

export const legacyContactListSchema = z.object({
  /** Newest first. */
  contacts: z.array(legacyContactSchema),
});
export type LegacyContactList = z.infer<typeof legacyContactListSchema>;

export const legacyInvitationStates = ["open", "expired", "accepted", "declined", "revoked"] as const;

/** What an invitation link shows before anyone signs in. */
export const legacyInvitationViewSchema = z.object({
  ownerName: z.string(),
  /** The invited address, masked: its first letter and its domain ("j***@example.com"). */
  invitedEmail: z.string(),
  state: z.enum(legacyInvitationStates),
  expiresAt: z.string(),
});
export type LegacyInvitationView = z.infer<typeof legacyInvitationViewSchema>;

/** A person who named the signed-in user as their legacy contact. */
export const legacyNamedMeEntrySchema = z.object({
  contactId: z.string(),
  owner: z.object({ name: z.string(), email: z.string() }),
  state: z.enum(["accepted", "confirmed"]),
  invitedAt: z.string(),
  acceptedAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type LegacyNamedMeEntry = z.infer<typeof legacyNamedMeEntrySchema>;

export const legacyNamedMeListSchema = z.object({ entries: z.array(legacyNamedMeEntrySchema) });
export type LegacyNamedMeList = z.infer<typeof legacyNamedMeListSchema>;

/** "jane@example.com" -> "j***@example.com": enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
