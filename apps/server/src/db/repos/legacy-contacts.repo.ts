import type { LegacyContactState } from "@heirloom/contract";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseSchema, LegacyContactsTable } from "../schema.ts";

export interface LegacyContactRecord {
  id: string;
  ownerId: string;
  email: string;
  details: string;
  contactUserId: string | null;
  state: LegacyContactState;
  tokenHash: string | null;
  spentTokenHash: string | null;
  invitedAt: string;
  expiresAt: string;
  lastSentAt: string;
  sendsWindowStart: string;
  sendsInWindow: number;
  acceptedAt: string | null;
  confirmedAt: string | null;
  declinedAt: string | null;
  revokedAt: string | null;
  leftAt: string | null;
  confirmedFingerprint: string | null;
  confirmationSignature: string | null;
  keyChangeNotifiedFor: string | null;
}

/** A row with the people it names, as the user table and account_keys hold them now. */
export interface LegacyContactWithPeople extends LegacyContactRecord {
  owner: { name: string; email: string };
  /** The accepting account and its public keys; null before acceptance (or once that account is gone). */
  contact: {
    name: string;
    email: string;
    publicKeyPem: string | null;
    signingPublicKeyPem: string | null;
  } | null;
}

export interface NewLegacyContact {
  id: string;
  ownerId: string;
  email: string;
  details: string;
  tokenHash: string;
  expiresAt: Date;
}

/** The states in which a contact counts against the owner's limit and blocks a second invitation (with expiry). */
export const liveStates = [
  "invited",
  "accepted",
  "confirmed",
] as const satisfies readonly LegacyContactState[];

/**
 * Every write is conditional on the state it moves from, and answers whether it moved the row, so two requests
 * racing (two tabs, a retried request) cannot both win.
 */
export interface LegacyContactsRepo {
  insert(contact: NewLegacyContact, now: Date): Promise<void>;
  /** The owner's row by id; undefined for an unknown id or another owner's row. */
  findOwned(ownerId: string, id: string): Promise<LegacyContactWithPeople | undefined>;
  /** A row naming this account as its contact; undefined otherwise. */
  findNaming(contactUserId: string, id: string): Promise<LegacyContactWithPeople | undefined>;
  /** The row whose live token (or, with `spent`, an answered invitation's last token) has this hash. */
  findByTokenHash(tokenHash: string): Promise<{ row: LegacyContactWithPeople; spent: boolean } | undefined>;
  /** The owner's rows, newest first. */
  listOwned(ownerId: string): Promise<LegacyContactWithPeople[]>;
  /** Rows naming this account in one of `states`, newest first. */
  listNaming(
    contactUserId: string,
    states: readonly LegacyContactState[],
  ): Promise<LegacyContactWithPeople[]>;
  /** The owner's live rows (invited and not expired at `now`, accepted, confirmed), optionally for one address. */
  listLive(ownerId: string, now: Date, email?: string): Promise<LegacyContactRecord[]>;
  /** A new link for an invited row: new token hash and expiry, the send counted. */
  replaceToken(
    id: string,
    next: { tokenHash: string; expiresAt: Date; sendsWindowStart: string; sendsInWindow: number },
    now: Date,
  ): Promise<boolean>;
  /** invited (with this token) -> accepted by `contactUserId`; the token becomes spent. */
  accept(id: string, tokenHash: string, contactUserId: string, now: Date): Promise<boolean>;
  /** invited (with this token) -> declined; the token becomes spent. */
  decline(id: string, tokenHash: string, now: Date): Promise<boolean>;
  /** invited, accepted or confirmed -> revoked; a live token becomes spent. */
  revoke(id: string, now: Date): Promise<boolean>;
  /** accepted or confirmed (naming this account) -> left. */
  leave(id: string, contactUserId: string, now: Date): Promise<boolean>;
  updateDetails(id: string, details: string, now: Date): Promise<void>;
  /** accepted or confirmed -> confirmed with this fingerprint and signature. */
  confirm(
    id: string,
    confirmation: { fingerprintHex: string; signature: string },
    now: Date,
  ): Promise<boolean>;
  /** Records that the owner was told about the key with this fingerprint; false when they already were. */
  markKeyChangeNotified(id: string, fingerprintHex: string, now: Date): Promise<boolean>;
}

type Row = Selectable<LegacyContactsTable> & {
  owner_name: string;
  owner_email: string;
  contact_name: string | null;
  contact_email: string | null;
  contact_public_key_pem: string | null;
  contact_signing_public_key_pem: string | null;
};

const toRecord = (row: Selectable<LegacyContactsTable>): LegacyContactRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  email: row.email,
  details: row.details,
  contactUserId: row.contact_user_id,
  state: row.state,
  tokenHash: row.token_hash,
  spentTokenHash: row.spent_token_hash,
  invitedAt: row.invited_at,
  expiresAt: row.expires_at,
  lastSentAt: row.last_sent_at,
  sendsWindowStart: row.sends_window_start,
  sendsInWindow: Number(row.sends_in_window),
  acceptedAt: row.accepted_at,
  confirmedAt: row.confirmed_at,
  declinedAt: row.declined_at,
  revokedAt: row.revoked_at,
  leftAt: row.left_at,
  confirmedFingerprint: row.confirmed_fingerprint,
  confirmationSignature: row.confirmation_signature,
  keyChangeNotifiedFor: row.key_change_notified_for,
});

const toWithPeople = (row: Row): LegacyContactWithPeople => ({
  ...toRecord(row),
  owner: { name: row.owner_name, email: row.owner_email },
  contact:
    row.contact_user_id !== null && row.contact_name !== null && row.contact_email !== null
      ? {
          name: row.contact_name,
          email: row.contact_email,
          publicKeyPem: row.contact_public_key_pem,
          signingPublicKeyPem: row.contact_signing_public_key_pem,
        }
      : null,
});

const moved = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

export function createLegacyContactsRepo(db: Kysely<DatabaseSchema>): LegacyContactsRepo {
  const withPeople = () =>
    db
      .selectFrom("legacy_contacts as lc")
      .innerJoin("user as o", "o.id", "lc.owner_id")
      .leftJoin("user as c", "c.id", "lc.contact_user_id")
      .leftJoin("account_keys as k", "k.user_id", "lc.contact_user_id")
      .selectAll("lc")
      .select([
        "o.name as owner_name",
        "o.email as owner_email",
        "c.name as contact_name",
        "c.email as contact_email",
        "k.public_key_pem as contact_public_key_pem",
        "k.signing_public_key_pem as contact_signing_public_key_pem",
      ]);
  const newestFirst = <Q extends ReturnType<typeof withPeople>>(query: Q) =>
    query.orderBy("lc.invited_at", "desc").orderBy("lc.id", "desc");

  return {
    async insert(contact, now) {
      const at = now.toISOString();
      await db
        .insertInto("legacy_contacts")
        .values({
          id: contact.id,
          owner_id: contact.ownerId,
          email: contact.email,
          details: contact.details,
          contact_user_id: null,
          state: "invited",
          token_hash: contact.tokenHash,
          spent_token_hash: null,
          invited_at: at,
          expires_at: contact.expiresAt.toISOString(),
          last_sent_at: at,
          sends_window_start: at,
          sends_in_window: 1,
          accepted_at: null,
          confirmed_at: null,
          declined_at: null,
          revoked_at: null,
          left_at: null,
          confirmed_fingerprint: null,
          confirmation_signature: null,
          key_change_notified_for: null,
          updated_at: at,
        })
        .execute();
    },

    async findOwned(ownerId, id) {
      const row = await withPeople()
        .where("lc.id", "=", id)
        .where("lc.owner_id", "=", ownerId)
        .executeTakeFirst();
      return row && toWithPeople(row);
    },

    async findNaming(contactUserId, id) {
      const row = await withPeople()
        .where("lc.id", "=", id)
        .where("lc.contact_user_id", "=", contactUserId)
        .executeTakeFirst();
      return row && toWithPeople(row);
    },

    async findByTokenHash(tokenHash) {
      const live = await withPeople().where("lc.token_hash", "=", tokenHash).executeTakeFirst();
      if (live) return { row: toWithPeople(live), spent: false };
      const spent = await withPeople().where("lc.spent_token_hash", "=", tokenHash).executeTakeFirst();
      return spent ? { row: toWithPeople(spent), spent: true } : undefined;
    },

    async listOwned(ownerId) {
      const rows = await newestFirst(withPeople().where("lc.owner_id", "=", ownerId)).execute();
      return rows.map(toWithPeople);
    },

    async listNaming(contactUserId, states) {
      if (states.length === 0) return [];
      const rows = await newestFirst(
        withPeople()
          .where("lc.contact_user_id", "=", contactUserId)
          .where("lc.state", "in", [...states]),
      ).execute();
      return rows.map(toWithPeople);
    },

    async listLive(ownerId, now, email) {
      let query = db
        .selectFrom("legacy_contacts")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where((eb) =>
          eb.or([
            eb("state", "in", ["accepted", "confirmed"]),
            eb.and([eb("state", "=", "invited"), eb("expires_at", ">", now.toISOString())]),
          ]),
        );
      if (email !== undefined) query = query.where("email", "=", email);
      const rows = await query.execute();
      return rows.map(toRecord);
    },

    async replaceToken(id, next, now) {
      const result = await db
        .updateTable("legacy_contacts")
        .set({
          token_hash: next.tokenHash,
          expires_at: next.expiresAt.toISOString(),
          last_sent_at: now.toISOString(),
          sends_window_start: next.sendsWindowStart,
          sends_in_window: next.sendsInWindow,
          updated_at: now.toISOString(),
        })
        .where("id", "=", id)
        .where("state", "=", "invited")
        .executeTakeFirst();
      return moved(result);
    },

    async accept(id, tokenHash, contactUserId, now) {
      const result = await db
        .updateTable("legacy_contacts")
        .set({
          state: "accepted",
          contact_user_id: contactUserId,
          accepted_at: now.toISOString(),
          token_hash: null,
          spent_token_hash: tokenHash,
          updated_at: now.toISOString(),
        })
        .where("id", "=", id)
        .where("state", "=", "invited")
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      return moved(result);
    },

    async decline(id, tokenHash, now) {
      const result = await db
        .updateTable("legacy_contacts")
        .set({
          state: "declined",
          declined_at: now.toISOString(),
          token_hash: null,
          spent_token_hash: tokenHash,
          updated_at: now.toISOString(),
        })
        .where("id", "=", id)
        .where("state", "=", "invited")
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      return moved(result);
    },

    async revoke(id, now) {
      const result = await db
        .updateTable("legacy_contacts")
        .set((eb) => ({
          state: "revoked",
          revoked_at: now.toISOString(),
          // The last link of a withdrawn invitation can still say so; it can no longer be answered.
          spent_token_hash: eb.fn.coalesce("token_hash", "spent_token_hash"),
          token_hash: null,
          updated_at: now.toISOString(),
        }))
        .where("id", "=", id)
        .where("state", "in", [...liveStates])
        .executeTakeFirst();
      return moved(result);
    },

    async leave(id, contactUserId, now) {
      const result = await db
        .updateTable("legacy_contacts")
        .set({ state: "left", left_at: now.toISOString(), updated_at: now.toISOString() })
        .where("id", "=", id)
        .where("contact_user_id", "=", contactUserId)
        .where("state", "in", ["accepted", "confirmed"])
        .executeTakeFirst();
      return moved(result);
    },

    async updateDetails(id, details, now) {
      await db
        .updateTable("legacy_contacts")
        .set({ details, updated_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
    },

    async confirm(id, confirmation, now) {
      const result = await db
        .updateTable("legacy_contacts")
        .set({
          state: "confirmed",
          confirmed_fingerprint: confirmation.fingerprintHex,
          confirmation_signature: confirmation.signature,
          confirmed_at: now.toISOString(),
          key_change_notified_for: null,
          updated_at: now.toISOString(),
        })
        .where("id", "=", id)
        .where("state", "in", ["accepted", "confirmed"])
        .executeTakeFirst();
      return moved(result);
    },

    async markKeyChangeNotified(id, fingerprintHex, now) {
      const result = await db
        .updateTable("legacy_contacts")
        .set({ key_change_notified_for: fingerprintHex, updated_at: now.toISOString() })
        .where("id", "=", id)
        .where("state", "=", "confirmed")
        .where((eb) =>
          eb.or([
            eb("key_change_notified_for", "is", null),
            eb("key_change_notified_for", "!=", fingerprintHex),
          ]),
        )
        .executeTakeFirst();
      return moved(result);
    },
  };
}
