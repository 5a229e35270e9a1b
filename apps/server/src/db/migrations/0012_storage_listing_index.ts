import { type Kysely, PostgresAdapter, sql } from "kysely";

// A listing (storage/storage-listing.ts) reads five columns of a user's objects in path order. With only the
// (bucket, full_path) key, each listed object cost a second lookup into the table for the other four, most of a
// listing's time on SQLite (80 objects: 64 us against 21 us for the index alone). This index holds them all, so a
// listing is one range scan of it. PostgreSQL keeps them beside the key (include), SQLite in it.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index storage_objects_listing_idx on storage_objects (bucket, full_path) include (size, generation, md5_hash, updated)`.execute(
      db,
    );
  } else {
    await db.schema
      .createIndex("storage_objects_listing_idx")
      .on("storage_objects")
      .columns(["bucket", "full_path", "size", "generation", "md5_hash", "updated"])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("storage_objects_listing_idx").execute();
}
