import { type Kysely, sql } from "kysely";

// Legacy plans: what goes to whom, and when (ARCHITECTURE.md "Legacy model", docs/architecture.md section 8).
// The server keeps ids, trigger settings and dates in the clear, because it must act on them; everything a person
// wrote or keeps is sealed in the owner's browser:
// - legacy_plans.details: the plan's name and label rules, sealed under the owner's account key.
// - legacy_plan_recipients.letter_sealed: a letter sealed under its own DEK; letter_owner_dek is that DEK sealed
//   under the owner's account key (so the owner can read and edit it).
// - legacy_wraps.wrapped_dek: an item's DEK (a document's or a letter's) wrapped to the recipient's RSA public key.
//   key_fingerprint is the fingerprint of the key it was wrapped to (the one the owner confirmed).
// - legacy_plan_recipients.statement: the plan statement the owner signed for this recipient (plan id, version, the
//   recipient's key fingerprint, the items with their content digests), with its signature. The recipient's browser
//   checks it; the server only checks that it lists the items that are wrapped.
// - released_at on a recipient row is the release grant: from then on the recipient may read the wraps and the
//   objects of the plan's items (storage RecipientAccess). release_ends_at ends it (time-limited plans).
// - legacy_drills: a test release of a dummy document to one recipient, expiring after 7 days.
// A plan's version goes up with every change of its items, recipients or letters; a statement signed for a lower
// version is stale and the owner's browser signs a new one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("legacy_plans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("trigger", "text", (c) =>
      c.notNull().check(sql`trigger in ('shareNow', 'missedCheckIn', 'request')`),
    )
    .addColumn("grace_days", "integer")
    .addColumn("waiting_days", "integer")
    .addColumn("trustees_required", "integer")
    .addColumn("time_limit_days", "integer")
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('active', 'released')`))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("released_at", "text")
    .execute();
  await db.schema.createIndex("legacy_plans_owner_idx").on("legacy_plans").column("owner_id").execute();

  await db.schema
    .createTable("legacy_plan_trustees")
    .addColumn("plan_id", "text", (c) => c.notNull().references("legacy_plans.id").onDelete("cascade"))
    .addColumn("contact_id", "text", (c) => c.notNull().references("legacy_contacts.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("legacy_plan_trustees_pk", ["plan_id", "contact_id"])
    .execute();

  await db.schema
    .createTable("legacy_plan_items")
    .addColumn("plan_id", "text", (c) => c.notNull().references("legacy_plans.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('document')`))
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("added_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("legacy_plan_items_pk", ["plan_id", "kind", "item_id"])
    .execute();
  await db.schema
    .createIndex("legacy_plan_items_item_idx")
    .on("legacy_plan_items")
    .columns(["kind", "item_id"])
    .execute();

  await db.schema
    .createTable("legacy_plan_recipients")
    .addColumn("plan_id", "text", (c) => c.notNull().references("legacy_plans.id").onDelete("cascade"))
    .addColumn("contact_id", "text", (c) => c.notNull().references("legacy_contacts.id").onDelete("cascade"))
    .addColumn("added_at", "text", (c) => c.notNull())
    .addColumn("letter_id", "text")
    .addColumn("letter_sealed", "text")
    .addColumn("letter_owner_dek", "text")
    .addColumn("letter_updated_at", "text")
    .addColumn("statement", "text")
    .addColumn("statement_signature", "text")
    .addColumn("statement_version", "integer")
    .addColumn("statement_fingerprint", "text")
    .addColumn("statement_signed_at", "text")
    .addColumn("released_at", "text")
    .addColumn("release_ends_at", "text")
    .addColumn("release_notified_at", "text")
    .addPrimaryKeyConstraint("legacy_plan_recipients_pk", ["plan_id", "contact_id"])
    .execute();
  await db.schema
    .createIndex("legacy_plan_recipients_contact_idx")
    .on("legacy_plan_recipients")
    .column("contact_id")
    .execute();

  await db.schema
    .createTable("legacy_wraps")
    .addColumn("plan_id", "text", (c) => c.notNull())
    .addColumn("contact_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('document', 'letter')`))
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("wrapped_dek", "text", (c) => c.notNull())
    .addColumn("key_fingerprint", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("legacy_wraps_pk", ["plan_id", "contact_id", "kind", "item_id"])
    .addForeignKeyConstraint(
      "legacy_wraps_recipient_fk",
      ["plan_id", "contact_id"],
      "legacy_plan_recipients",
      ["plan_id", "contact_id"],
      (c) => c.onDelete("cascade"),
    )
    .execute();

  await db.schema
    .createTable("legacy_drills")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("plan_id", "text", (c) => c.notNull().references("legacy_plans.id").onDelete("cascade"))
    .addColumn("contact_id", "text", (c) => c.notNull().references("legacy_contacts.id").onDelete("cascade"))
    .addColumn("sealed", "text", (c) => c.notNull())
    .addColumn("wrapped_dek", "text", (c) => c.notNull())
    .addColumn("key_fingerprint", "text", (c) => c.notNull())
    .addColumn("statement", "text", (c) => c.notNull())
    .addColumn("statement_signature", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("legacy_drills_contact_idx").on("legacy_drills").column("contact_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "legacy_drills",
    "legacy_wraps",
    "legacy_plan_recipients",
    "legacy_plan_items",
    "legacy_plan_trustees",
    "legacy_plans",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
