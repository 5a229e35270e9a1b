import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  type LegacyContact,
  type LegacyContactState,
  type LegacyInvitationView,
  type LegacyNamedMeEntry,
  legacyContactRules,
  legacyMessages,
  maskEmail,
  type NotificationKind,
} from "@heirloom/contract";
import type { AccountKeysRepo } from "../db/repos/account-keys.repo.ts";
import {
  type LegacyContactRecord,
  type LegacyContactsRepo,
  type LegacyContactWithPeople,
  liveStates,
} from "../db/repos/legacy-contacts.repo.ts";
import { AppError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  legacyContactAcceptedMail,
  legacyContactKeyChangedMail,
  legacyInvitationMail,
} from "../mail/templates.ts";
import type { Caller } from "./account.service.ts";
import type { RecordActivity } from "./activity.service.ts";
import type { Clock } from "./clock.ts";
import { publicKeyFingerprintHex } from "./public-key-fingerprint.ts";

// Legacy contacts: the states and rules of ARCHITECTURE.md "Legacy model", first slice (no plans or wraps yet).
//
//   invited --accept--> accepted --confirm--> confirmed --(contact's key changes)--> confirmed + keyChanged
//      |  \--decline--> declined                 |   ^------------ confirm again -----------'
//      |   \--(7 days)--> shown as expired       |
//      '--------------- revoke (owner) ----------+--> revoked
//                       leave (contact) ---------'--> left
//
// The invitation token exists only in the mail's link (in the fragment, so it reaches no log or Referer); the
// database keeps its SHA-256. Whoever holds a live token may view, accept (signed in with the invited address and a
// vault) or decline; nothing else about an invitation is reachable without being its owner.

export interface LegacyContactsServiceDeps {
  repo: LegacyContactsRepo;
  /** Whether an account has a vault (a key pair) yet. */
  keys: Pick<AccountKeysRepo, "find">;
  mailer: Mailer;
  /** Sends mail after the answer (background-tasks.ts), so a slow mail server never delays or times a request. */
  runInBackground: (work: Promise<unknown>) => void;
  /** An in-app notification (notifications.service.ts). */
  notify: (userId: string, kind: NotificationKind, detail: string) => Promise<void>;
  /** Writes an event to a person's activity log (activity.service.ts). */
  recordActivity?: RecordActivity;
  clock: Clock;
  /** PUBLIC_URL: the only origin links in mail are built from, never a request's Host. */
  publicUrl: string;
  /**
   * A contact's role ended (revoked by the owner, or the contact left). [Seam] The plans slice deletes the DEK wraps
   * made for this contact here, before anything could be released to them.
   */
  onRoleEnded?: (contact: { id: string; ownerId: string; contactUserId: string | null }) => Promise<void>;
}

const dayMs = 24 * 60 * 60 * 1000;
const invitationLifetimeMs = legacyContactRules.invitationLifetimeDays * dayMs;

/** 32 random bytes, base64url: the invitation link's token. */
const newToken = () => randomBytes(32).toString("base64url");
const hashOfToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The server's fingerprint of a stored key, or null when there is none (or it cannot be read). */
function fingerprintOf(publicKeyPem: string | null | undefined): string | null {
  if (!publicKeyPem) return null;
  try {
    return publicKeyFingerprintHex(publicKeyPem);
  } catch {
    return null;
  }
}

const isExpired = (row: LegacyContactRecord, now: Date) =>
  row.state === "invited" && Date.parse(row.expiresAt) <= now.getTime();

/** The mails sent in the current 24-hour window of this contact (a window older than a day has closed). */
function sendWindow(row: LegacyContactRecord, now: Date) {
  const open = now.getTime() - Date.parse(row.sendsWindowStart) < dayMs;
  return open
    ? {
        start: row.sendsWindowStart,
        sends: row.sendsInWindow,
        endsAt: Date.parse(row.sendsWindowStart) + dayMs,
      }
    : { start: now.toISOString(), sends: 0, endsAt: now.getTime() + dayMs };
}

/** "Ada Lovelace (ada@example.com)": how a contact is named to the owner in notifications and mail. */
const contactLabel = (row: LegacyContactWithPeople) =>
  row.contact ? `${row.contact.name} (${row.email})` : row.email;

export function createLegacyContactsService(deps: LegacyContactsServiceDeps) {
  const { repo, clock } = deps;
  const settingsUrl = `${deps.publicUrl}/account/legacyinvitations`;
  const mail = (message: Parameters<Mailer["send"]>[0]) => deps.runInBackground(deps.mailer.send(message));

  function toContact(row: LegacyContactWithPeople, now: Date): LegacyContact {
    const current = fingerprintOf(row.contact?.publicKeyPem);
    const window = sendWindow(row, now);
    const resendAvailableAt =
      row.state !== "invited"
        ? null
        : window.sends < legacyContactRules.maxSendsPerDay
          ? row.lastSentAt
          : new Date(window.endsAt).toISOString();
    return {
      id: row.id,
      email: row.email,
      state: isExpired(row, now) ? "expired" : row.state,
      // Computed on every read: a key that changed in any way, by any path, shows at once.
      keyChanged: row.state === "confirmed" && current !== row.confirmedFingerprint,
      details: row.details,
      invitedAt: row.invitedAt,
      expiresAt: row.expiresAt,
      lastSentAt: row.lastSentAt,
      acceptedAt: row.acceptedAt,
      confirmedAt: row.confirmedAt,
      declinedAt: row.declinedAt,
      revokedAt: row.revokedAt,
      leftAt: row.leftAt,
      resendAvailableAt,
      contact:
        row.contact?.publicKeyPem && row.contact.signingPublicKeyPem && current && row.contactUserId
          ? {
              userId: row.contactUserId,
              name: row.contact.name,
              publicKeyPem: row.contact.publicKeyPem,
              signingPublicKeyPem: row.contact.signingPublicKeyPem,
              fingerprintHex: current,
            }
          : null,
      confirmation:
        row.confirmedFingerprint && row.confirmationSignature
          ? { fingerprintHex: row.confirmedFingerprint, signature: row.confirmationSignature }
          : null,
    };
  }

  function toNamedMe(row: LegacyContactWithPeople): LegacyNamedMeEntry {
    if ((row.state !== "accepted" && row.state !== "confirmed") || !row.acceptedAt) {
      throw new Error(`legacy contact ${row.id} does not name anyone (${row.state})`);
    }
    return {
      contactId: row.id,
      owner: { name: row.owner.name, email: row.owner.email },
      state: row.state,
      invitedAt: row.invitedAt,
      acceptedAt: row.acceptedAt,
      confirmedAt: row.confirmedAt,
    };
  }

  /** The owner's row, or 404 for an unknown id and for another owner's row alike (ids cannot be probed). */
  async function owned(caller: Caller, id: string): Promise<LegacyContactWithPeople> {
    const row = await repo.findOwned(caller.id, id);
    if (!row) throw new AppError("not_found", legacyMessages.contactNotFound);
    return row;
  }

  async function ownedView(caller: Caller, id: string): Promise<LegacyContact> {
    return toContact(await owned(caller, id), clock());
  }

  function sendInvitation(to: string, ownerName: string, token: string, note: string | undefined) {
    mail(
      legacyInvitationMail({
        to,
        ownerName,
        note,
        // The token rides in the fragment: browsers never send it to a server, so no log or Referer holds it.
        url: `${deps.publicUrl}/invitation#token=${token}`,
        validDays: legacyContactRules.invitationLifetimeDays,
      }),
    );
  }

  /** A live token's invitation, or 404; `spent` ones (answered or withdrawn) can be viewed but not answered. */
  async function byToken(token: string) {
    const found = await repo.findByTokenHash(hashOfToken(token));
    if (!found || (found.spent && found.row.state === "invited")) {
      throw new AppError("not_found", legacyMessages.invitationInvalid);
    }
    return found.row;
  }

  /** Why an invitation that is not open cannot be answered. */
  function notOpen(row: LegacyContactWithPeople, now: Date): AppError | undefined {
    const byState: Record<LegacyContactState, string | undefined> = {
      invited: isExpired(row, now) ? legacyMessages.invitationExpired(row.owner.name) : undefined,
      accepted: legacyMessages.invitationAccepted,
      confirmed: legacyMessages.invitationAccepted,
      left: legacyMessages.invitationAccepted,
      declined: legacyMessages.invitationDeclined(row.owner.name),
      revoked: legacyMessages.invitationWithdrawn,
    };
    const message = byState[row.state];
    return message === undefined ? undefined : new AppError("conflict", message);
  }

  return {
    /** The owner's contacts, newest first. */
    async list(caller: Caller): Promise<LegacyContact[]> {
      const now = clock();
      return (await repo.listOwned(caller.id)).map((row) => toContact(row, now));
    },

    /** Invites an address; the invitation is mailed after the answer. The note is mailed, never stored. */
    async invite(
      caller: Caller,
      input: { email: string; details: string; note?: string | undefined },
    ): Promise<LegacyContact> {
      const email = input.email.trim().toLowerCase();
      if (email === caller.email.trim().toLowerCase()) {
        throw new AppError("validation_failed", legacyMessages.inviteYourself, {
          email: legacyMessages.inviteYourself,
        });
      }
      const now = clock();
      const live = await repo.listLive(caller.id, now);
      if (live.some((row) => row.email === email))
        throw new AppError("conflict", legacyMessages.alreadyInvited);
      if (live.length >= legacyContactRules.maxLiveContacts) {
        throw new AppError("conflict", legacyMessages.tooManyContacts);
      }
      const id = randomUUID();
      const token = newToken();
      await repo.insert(
        {
          id,
          ownerId: caller.id,
          email,
          details: input.details,
          tokenHash: hashOfToken(token),
          expiresAt: new Date(now.getTime() + invitationLifetimeMs),
        },
        now,
      );
      sendInvitation(email, caller.name, token, input.note || undefined);
      await deps.recordActivity?.(caller.id, "legacy-invite", caller.userAgent);
      return ownedView(caller, id);
    },

    /** A new link for an invitation still waiting (the old one stops working): 3 mails per contact per 24 hours. */
    async resend(caller: Caller, id: string): Promise<LegacyContact> {
      const row = await owned(caller, id);
      if (row.state !== "invited") throw new AppError("conflict", legacyMessages.notWaiting);
      const now = clock();
      const window = sendWindow(row, now);
      if (window.sends >= legacyContactRules.maxSendsPerDay) {
        const retryAfterSeconds = Math.max(1, Math.ceil((window.endsAt - now.getTime()) / 1000));
        throw AppError.tooManyAttempts(legacyMessages.tooManySends, retryAfterSeconds);
      }
      const token = newToken();
      const replaced = await repo.replaceToken(
        id,
        {
          tokenHash: hashOfToken(token),
          expiresAt: new Date(now.getTime() + invitationLifetimeMs),
          sendsWindowStart: window.start,
          sendsInWindow: window.sends + 1,
        },
        now,
      );
      // Answered or withdrawn between the read and the write.
      if (!replaced) throw new AppError("conflict", legacyMessages.notWaiting);
      sendInvitation(row.email, caller.name, token, undefined);
      return ownedView(caller, id);
    },

    /** Ends a contact's role from any live state; a role that already ended stays as it is (same answer). */
    async revoke(caller: Caller, id: string): Promise<void> {
      const row = await owned(caller, id);
      if (!(liveStates as readonly LegacyContactState[]).includes(row.state)) return;
      if (await repo.revoke(id, clock())) {
        await deps.onRoleEnded?.({ id, ownerId: row.ownerId, contactUserId: row.contactUserId });
        await deps.recordActivity?.(caller.id, "legacy-contact-removed", caller.userAgent);
      }
    },

    async updateDetails(caller: Caller, id: string, details: string): Promise<LegacyContact> {
      await owned(caller, id);
      await repo.updateDetails(id, details, clock());
      return ownedView(caller, id);
    },

    /**
     * The owner compared the phrase of `fingerprintHex` with the contact and confirms. Only the current key's
     * fingerprint is accepted: a key that changed since (or a server that swapped it) is refused.
     */
    async confirm(
      caller: Caller,
      id: string,
      input: { fingerprintHex: string; signature: string },
    ): Promise<LegacyContact> {
      const row = await owned(caller, id);
      if (row.state === "invited") throw new AppError("conflict", legacyMessages.notAccepted);
      if (row.state !== "accepted" && row.state !== "confirmed") {
        throw new AppError("conflict", legacyMessages.contactEnded);
      }
      const current = fingerprintOf(row.contact?.publicKeyPem);
      if (!current) throw new AppError("conflict", legacyMessages.contactEnded);
      if (row.state === "confirmed" && row.confirmedFingerprint === current) {
        // The same confirmation sent twice (a double click, a retry) answers the same; another one is refused.
        const repeat = input.fingerprintHex === current && input.signature === row.confirmationSignature;
        if (repeat) return toContact(row, clock());
        throw new AppError("conflict", legacyMessages.alreadyConfirmed);
      }
      if (input.fingerprintHex !== current) throw new AppError("conflict", legacyMessages.keyChanged);
      const confirmed = await repo.confirm(
        id,
        { fingerprintHex: current, signature: input.signature },
        clock(),
      );
      if (!confirmed) throw new AppError("conflict", legacyMessages.contactEnded);
      await deps.recordActivity?.(caller.id, "legacy-contact-confirmed", caller.userAgent);
      return ownedView(caller, id);
    },

    /** What an invitation link shows to anyone holding it, signed in or not. */
    async viewInvitation(token: string): Promise<LegacyInvitationView> {
      const row = await byToken(token);
      const states: Record<LegacyContactState, LegacyInvitationView["state"]> = {
        invited: isExpired(row, clock()) ? "expired" : "open",
        accepted: "accepted",
        confirmed: "accepted",
        left: "accepted",
        declined: "declined",
        revoked: "revoked",
      };
      return {
        ownerName: row.owner.name,
        invitedEmail: maskEmail(row.email),
        state: states[row.state],
        expiresAt: row.expiresAt,
      };
    },

    /**
     * The signed-in person accepts: the invitation must be open, sent to their account's address, and their account
     * must have a vault (a key pair the owner can compare and wrap to). The owner is told in the app and by mail.
     */
    async accept(caller: Caller, token: string): Promise<LegacyNamedMeEntry> {
      const row = await byToken(token);
      if (row.ownerId === caller.id) throw new AppError("forbidden", legacyMessages.ownInvitation);
      const now = clock();
      // Accepting twice with the same account (a double click, a reload) answers the same.
      if ((row.state === "accepted" || row.state === "confirmed") && row.contactUserId === caller.id) {
        return toNamedMe(row);
      }
      const refusal = notOpen(row, now);
      if (refusal) throw refusal;
      if (caller.email.trim().toLowerCase() !== row.email) {
        throw new AppError("forbidden", legacyMessages.wrongAccount(maskEmail(row.email)));
      }
      if (!(await deps.keys.find(caller.id))) throw new AppError("conflict", legacyMessages.vaultFirst);
      const tokenHash = row.tokenHash;
      if (!tokenHash || !(await repo.accept(row.id, tokenHash, caller.id, now))) {
        throw new AppError("conflict", legacyMessages.invitationAccepted);
      }
      const accepted = await repo.findNaming(caller.id, row.id);
      if (!accepted) throw new Error(`legacy contact ${row.id} vanished after acceptance`);
      const who = contactLabel(accepted);
      await deps.notify(row.ownerId, "legacy-contact-accepted", who);
      await deps.recordActivity?.(row.ownerId, "legacy-contact-accepted");
      await deps.recordActivity?.(caller.id, "legacy-invitation-accepted", caller.userAgent);
      mail(legacyContactAcceptedMail(row.owner.email, who, settingsUrl));
      return toNamedMe(accepted);
    },

    /** The invited person says no, with or without an account. Declining twice answers the same. */
    async decline(token: string): Promise<void> {
      const row = await byToken(token);
      if (row.state === "declined") return;
      const now = clock();
      const refusal = notOpen(row, now);
      if (refusal) throw refusal;
      if (!row.tokenHash || !(await repo.decline(row.id, row.tokenHash, now))) {
        throw new AppError("conflict", legacyMessages.invitationAccepted);
      }
      await deps.notify(row.ownerId, "legacy-contact-declined", row.email);
      await deps.recordActivity?.(row.ownerId, "legacy-contact-declined");
    },

    /** The people who named the signed-in user and whose invitation they accepted. */
    async namedMe(caller: Caller): Promise<LegacyNamedMeEntry[]> {
      return (await repo.listNaming(caller.id, ["accepted", "confirmed"])).map(toNamedMe);
    },

    /** The contact ends their own role; the owner is told. A role that already ended answers the same. */
    async leave(caller: Caller, id: string): Promise<void> {
      const row = await repo.findNaming(caller.id, id);
      if (!row) throw new AppError("not_found", legacyMessages.noLongerNamed);
      if (row.state !== "accepted" && row.state !== "confirmed") return;
      if (!(await repo.leave(id, caller.id, clock()))) return;
      await deps.onRoleEnded?.({ id, ownerId: row.ownerId, contactUserId: caller.id });
      await deps.notify(row.ownerId, "legacy-contact-left", contactLabel(row));
      await deps.recordActivity?.(row.ownerId, "legacy-contact-left");
      await deps.recordActivity?.(caller.id, "legacy-role-left", caller.userAgent);
    },

    /**
     * Call after anything writes an account's public key. Every owner who confirmed this account under another key
     * is told once per new key (in the app and by mail); the list flags it (keyChanged) on every read regardless.
     */
    async onContactKeyChanged(userId: string): Promise<void> {
      const now = clock();
      for (const row of await repo.listNaming(userId, ["confirmed"])) {
        const current = fingerprintOf(row.contact?.publicKeyPem);
        if (current === row.confirmedFingerprint) continue;
        if (!(await repo.markKeyChangeNotified(row.id, current ?? "none", now))) continue;
        const who = contactLabel(row);
        await deps.notify(row.ownerId, "legacy-contact-key-changed", who);
        await deps.recordActivity?.(row.ownerId, "legacy-contact-key-changed");
        mail(legacyContactKeyChangedMail(row.owner.email, who, settingsUrl));
      }
    },
  };
}

export type LegacyContactsService = ReturnType<typeof createLegacyContactsService>;
