import { type Kysely, sql } from "kysely";

// A count per user of the changes to their stored objects: every commit and every removal adds one, in the same
// transaction as the change. A listing made at version n is still the listing while the count is n, so a server may
// answer it again without reading the objects (storage/listing-cache.ts). On every server alike: the count is here.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("storage_locks")
    .addColumn("version", "bigint", (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("storage_locks").dropColumn("version").execute();
}
