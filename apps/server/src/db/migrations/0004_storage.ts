import { type Kysely, PostgresAdapter, sql } from "kysely";

// The storage API (ADR 024). storage_objects holds one row per visible object: a row is written only after its bytes
// are completely in the blob store, in the same transaction as the quota check, so a reader never sees a partial
// object. The bytes live under blob_key (a fresh random key per upload; see storage/storage.service.ts).
// storage_locks has one row per user that stores objects: every upload commit updates it first, which serializes one
// user's commits on both engines (a row lock on PostgreSQL, the single writer on SQLite), so two parallel uploads
// cannot both pass a quota check that only one of them fits.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Paths sort and compare byte-wise on both engines (SQLite's default BINARY collation; "C" on PostgreSQL, whose
  // default follows the locale), so listings page the same way everywhere.
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("storage_objects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("full_path", "text", (c) =>
      isPostgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull(),
    )
    // users/{uid}/documents/{document_id}/...: the folder quotas count as one document; null elsewhere.
    .addColumn("document_id", "text")
    .addColumn("blob_key", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("generation", "text", (c) => c.notNull())
    .addColumn("metageneration", "integer", (c) => c.notNull())
    .addColumn("md5_hash", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("cache_control", "text")
    .addColumn("content_disposition", "text")
    .addColumn("content_encoding", "text")
    .addColumn("content_language", "text")
    .addColumn("custom_metadata", "text", (c) => c.notNull())
    .addColumn("download_token", "text", (c) => c.notNull())
    .addColumn("time_created", "text", (c) => c.notNull())
    .addColumn("updated", "text", (c) => c.notNull())
    .addUniqueConstraint("storage_objects_path_key", ["bucket", "full_path"])
    .execute();
  await db.schema
    .createIndex("storage_objects_user_idx")
    .on("storage_objects")
    .columns(["user_id", "document_id"])
    .execute();

  await db.schema
    .createTable("storage_locks")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}
