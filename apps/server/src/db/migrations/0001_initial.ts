import { type Kysely, sql } from "kysely";

// Migrations are frozen history: never edit one that has shipped, add the next instead. They use only the schema
// builder and portable types (text, integer) so the same file runs on SQLite and PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("articles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('article', 'guide')`))
    .addColumn("slug", "text", (c) => c.notNull().check(sql`slug = lower(slug) and length(slug) > 0`))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("body_markdown", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('published', 'draft')`))
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    // One slug space across kinds, so /articles/x and /guides/x can never mean two different texts.
    .addUniqueConstraint("articles_slug_key", ["slug"])
    .execute();
  await db.schema
    .createIndex("articles_listing_idx")
    .on("articles")
    .columns(["kind", "status", "published_at"])
    .execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("ip_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_messages_created_idx")
    .on("contact_messages")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("user_errors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("uid", "text")
    .addColumn("function", "text", (c) => c.notNull())
    .addColumn("error", "text", (c) => c.notNull())
    .addColumn("timestamp", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("user_errors_timestamp_idx").on("user_errors").column("timestamp").execute();
}
