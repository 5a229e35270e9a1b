import type { Kysely } from "kysely";

// First-party page views (ADR 041): a count per path and day, nothing else. No user id, no address, no cookie: the
// table cannot tell who looked, only how often a page was looked at.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("page_views")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("page_views_pk", ["day", "path"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("page_views").execute();
}
