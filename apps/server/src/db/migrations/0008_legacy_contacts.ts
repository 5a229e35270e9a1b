import { type Kysely, sql } from "kysely";

// Legacy contacts (the first slice of the legacy circle): the people an owner invites to receive items one day.
// - email: the invited address, trimmed and lower-cased. The server must mail it, so it sees it.
// - details: a sealed blob ("v1.iv:ct") the owner's browser makes of the contact's name and relationship under the
//   owner's account key. The server stores and returns it and never reads it.
// - state: invited -> accepted -> confirmed, or declined, revoked, left (services/legacy-contacts.service.ts). An
//   invitation past expires_at is shown as "expired"; that is derived on read, never stored.
// - token_hash: SHA-256 (hex) of the invitation token, which only the invitation mail carries. It is the one value
//   that can accept or decline, so it is cleared as soon as the invitation is answered or withdrawn, and replaced on
//   every resend (the old link stops working). spent_token_hash keeps the hash of an answered or withdrawn
//   invitation's last token, so that link can still say "already accepted" or "withdrawn" instead of "not valid";
//   it never accepts or declines anything.
// - sends_window_start / sends_in_window: mails sent for this contact in the current 24 hours (the resend limit).
// - confirmed_fingerprint: SHA-256 (hex) of the contact's public key (SPKI DER) the owner compared and confirmed;
//   confirmation_signature: the owner's signature over that confirmation, made in the browser, stored and returned
//   so the owner's browser can check that the server did not swap the key and the fingerprint together.
// - key_change_notified_for: the fingerprint of the contact's new key the owner was last told about, so a key change
//   is notified once.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("legacy_contacts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("contact_user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("state", "text", (c) =>
      c.notNull().check(sql`state in ('invited', 'accepted', 'confirmed', 'declined', 'revoked', 'left')`),
    )
    .addColumn("token_hash", "text")
    .addColumn("spent_token_hash", "text")
    .addColumn("invited_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("last_sent_at", "text", (c) => c.notNull())
    .addColumn("sends_window_start", "text", (c) => c.notNull())
    .addColumn("sends_in_window", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("accepted_at", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("declined_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("left_at", "text")
    .addColumn("confirmed_fingerprint", "text")
    .addColumn("confirmation_signature", "text")
    .addColumn("key_change_notified_for", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("legacy_contacts_owner_idx").on("legacy_contacts").column("owner_id").execute();
  await db.schema
    .createIndex("legacy_contacts_contact_user_idx")
    .on("legacy_contacts")
    .column("contact_user_id")
    .execute();
  await db.schema
    .createIndex("legacy_contacts_token_hash_idx")
    .on("legacy_contacts")
    .column("token_hash")
    .unique()
    .execute();
  await db.schema
    .createIndex("legacy_contacts_spent_token_hash_idx")
    .on("legacy_contacts")
    .column("spent_token_hash")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("legacy_contacts").execute();
}
