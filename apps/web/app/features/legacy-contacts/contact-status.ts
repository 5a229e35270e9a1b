import type { LegacyContact } from "@heirloom/contract";

// What the owner's list says about each contact, and what they may do with it: one table, so the page and its tests
// agree (docs/architecture.md section 8 draws the states).

export type ContactStatusKey =
  | "invited"
  | "expired"
  | "accepted"
  | "confirmed"
  | "key-changed"
  | "declined"
  | "revoked"
  | "left";

export type StatusTone = "neutral" | "info" | "success" | "warning" | "ended";

export interface ContactStatus {
  key: ContactStatusKey;
  /** The badge: a few words. */
  label: string;
  tone: StatusTone;
  /** The dated sentence under the badge. */
  detail: string;
  actions: {
    /** Send the invitation again with a new link. */
    resend: boolean;
    /** Ends the role: "withdraw" an invitation, "remove" a contact who accepted; null once it has ended. */
    end: "withdraw" | "remove" | null;
    /** Compare the six words and confirm (again, after a key change). */
    confirm: boolean;
  };
}

const none = { resend: false, end: null, confirm: false } as const;

/**
 * The status of one contact. `keyChanged` is the server's flag or this browser's own finding (the key's fingerprint
 * is not the one the owner confirmed); either one means "confirm again". `date` formats a server timestamp.
 */
export function contactStatus(
  contact: Pick<
    LegacyContact,
    | "state"
    | "expiresAt"
    | "acceptedAt"
    | "confirmedAt"
    | "declinedAt"
    | "revokedAt"
    | "leftAt"
    | "lastSentAt"
  >,
  keyChanged: boolean,
  date: (iso: string) => string,
): ContactStatus {
  const on = (iso: string | null) => (iso ? ` on ${date(iso)}` : "");
  switch (contact.state) {
    case "invited":
      return {
        key: "invited",
        label: "Invited",
        tone: "info",
        detail: `Invitation sent${on(contact.lastSentAt)}. The link expires on ${date(contact.expiresAt)}.`,
        actions: { resend: true, end: "withdraw", confirm: false },
      };
    case "expired":
      return {
        key: "expired",
        label: "Expired",
        tone: "neutral",
        detail: `The link expired on ${date(contact.expiresAt)} without an answer. Send it again for a new link.`,
        actions: { resend: true, end: "withdraw", confirm: false },
      };
    case "accepted":
      return {
        key: "accepted",
        label: "Accepted: needs your confirmation",
        tone: "warning",
        detail: `Accepted${on(contact.acceptedAt)}. Compare their six words with them, then confirm them.`,
        actions: { resend: false, end: "remove", confirm: true },
      };
    case "confirmed":
      return keyChanged
        ? {
            key: "key-changed",
            label: "Key changed: confirm again",
            tone: "warning",
            detail: `Their key has changed since you confirmed them${on(contact.confirmedAt)}. Nothing will be shared with them until you compare their new six words and confirm again.`,
            actions: { resend: false, end: "remove", confirm: true },
          }
        : {
            key: "confirmed",
            label: "Confirmed",
            tone: "success",
            detail: `You confirmed them${on(contact.confirmedAt)}.`,
            actions: { resend: false, end: "remove", confirm: false },
          };
    case "declined":
      return {
        key: "declined",
        label: "Declined",
        tone: "ended",
        detail: `They declined your invitation${on(contact.declinedAt)}. You can invite them again.`,
        actions: none,
      };
    case "revoked":
      return {
        key: "revoked",
        label: "Withdrawn",
        tone: "ended",
        detail: `You withdrew this${on(contact.revokedAt)}. You can invite them again.`,
        actions: none,
      };
    case "left":
      return {
        key: "left",
        label: "Left",
        tone: "ended",
        detail: `They stopped being your legacy contact${on(contact.leftAt)}. You can invite them again.`,
        actions: none,
      };
  }
}

/** Whether the invitation can be sent again now, or from when (null when it can be sent now). */
export function resendWaitUntil(resendAvailableAt: string | null, now: number): string | null {
  if (!resendAvailableAt) return null;
  const at = Date.parse(resendAvailableAt);
  return Number.isNaN(at) || at <= now ? null : resendAvailableAt;
}

/**
 * Whether a confirmed contact must be confirmed again: the server says their key changed, or this browser found that
 * the stored confirmation is not the owner's signature over the key it was sent (`signatureHolds`; null while the
 * check runs or when it could not run).
 */
export function keyNeedsConfirmingAgain(
  contact: Pick<LegacyContact, "state" | "keyChanged">,
  signatureHolds: boolean | null,
): boolean {
  if (contact.state !== "confirmed") return false;
  return contact.keyChanged || signatureHolds === false;
}
