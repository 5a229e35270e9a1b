import { type Kysely, sql } from "kysely";

// The one-click links of reminder and request mail are signed, not stored (services/one-click-links.ts, ADR 052):
// the table that kept a hash of each link's token goes. Links already mailed from it stop working; the page they
// open says so and that signing in checks the owner in.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("check_in_links").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("check_in_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('checkIn', 'refuse')`))
    .addColumn("request_id", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
}
