import { type Kysely, sql, type Transaction } from "kysely";
import { compiledOnce } from "../db/compiled-once.ts";
import type { DatabaseSchema, StorageObjectsTable } from "../db/schema.ts";

export interface StoredObject {
  id: string;
  userId: string;
  bucket: string;
  fullPath: string;
  documentId: string | null;
  blobKey: string;
  size: number;
  generation: string;
  metageneration: number;
  md5Hash: string;
  contentType: string;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  customMetadata: Record<string, string>;
  downloadToken: string;
  timeCreated: string;
  updated: string;
}

export interface StorageUsageCount {
  bytes: number;
  documents: number;
}

/** What a commit is checked against, read inside the commit's transaction. */
export interface CommitCheck {
  existing: StoredObject | undefined;
  usage: StorageUsageCount;
  /** Whether the object's document folder already holds another object (so it is not a new document). */
  documentExists: boolean;
}

/** Where a listing continues: after `path`, or at it when `inclusive`. */
/** What a listing shows of an object. */
export type ListedObject = Pick<StoredObject, "fullPath" | "size" | "generation" | "md5Hash" | "updated">;

export interface ListCursor {
  path: string;
  inclusive: boolean;
}

export interface StorageObjectsRepo {
  find(bucket: string, fullPath: string): Promise<StoredObject | undefined>;
  usage(userId: string): Promise<StorageUsageCount>;
  documentExists(userId: string, documentId: string): Promise<boolean>;
  /** Objects whose path starts with `prefix`, from the cursor on, in byte order of path, at most `limit`. */
  list(bucket: string, prefix: string, after: ListCursor | undefined, limit: number): Promise<ListedObject[]>;
  /**
   * One transaction: serializes the user's commits, lets `check` look at the current state (and throw to refuse),
   * then writes the row (replacing the object at the same path). Returns the replaced object, whose blob the caller
   * deletes.
   */
  commit(object: StoredObject, check: (state: CommitCheck) => void): Promise<StoredObject | undefined>;
  /** Deletes the row; returns it (its blob is the caller's to delete), or undefined when there was none. */
  remove(bucket: string, fullPath: string): Promise<StoredObject | undefined>;
  /**
   * How many times the user's objects have changed (each commit and removal counts one, in its own transaction);
   * undefined for a user who never stored one. A listing is the same while this is.
   */
  listingVersion(userId: string): Promise<string | undefined>;
}

function toRecord(row: StorageObjectsTable): StoredObject {
  return {
    id: row.id,
    userId: row.user_id,
    bucket: row.bucket,
    fullPath: row.full_path,
    documentId: row.document_id,
    blobKey: row.blob_key,
    size: Number(row.size),
    generation: row.generation,
    metageneration: row.metageneration,
    md5Hash: row.md5_hash,
    contentType: row.content_type,
    cacheControl: row.cache_control,
    contentDisposition: row.content_disposition,
    contentEncoding: row.content_encoding,
    contentLanguage: row.content_language,
    customMetadata: JSON.parse(row.custom_metadata) as Record<string, string>,
    downloadToken: row.download_token,
    timeCreated: row.time_created,
    updated: row.updated,
  };
}

function toRow(object: StoredObject): StorageObjectsTable {
  return {
    id: object.id,
    user_id: object.userId,
    bucket: object.bucket,
    full_path: object.fullPath,
    document_id: object.documentId,
    blob_key: object.blobKey,
    size: object.size,
    generation: object.generation,
    metageneration: object.metageneration,
    md5_hash: object.md5Hash,
    content_type: object.contentType,
    cache_control: object.cacheControl,
    content_disposition: object.contentDisposition,
    content_encoding: object.contentEncoding,
    content_language: object.contentLanguage,
    custom_metadata: JSON.stringify(object.customMetadata),
    download_token: object.downloadToken,
    time_created: object.timeCreated,
    updated: object.updated,
  };
}

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

async function usageOf(db: Db, userId: string): Promise<StorageUsageCount> {
  const row = await db
    .selectFrom("storage_objects")
    .select([
      sql<number | string | null>`sum(size)`.as("bytes"),
      sql<number | string>`count(distinct document_id)`.as("documents"),
    ])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes ?? 0), documents: Number(row.documents) };
}

async function documentExistsIn(db: Db, userId: string, documentId: string, exceptId?: string) {
  let query = db
    .selectFrom("storage_objects")
    .select("id")
    .where("user_id", "=", userId)
    .where("document_id", "=", documentId);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

async function findIn(db: Db, bucket: string, fullPath: string) {
  const row = await db
    .selectFrom("storage_objects")
    .selectAll()
    .where("bucket", "=", bucket)
    .where("full_path", "=", fullPath)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export function createStorageObjectsRepo(db: Kysely<DatabaseSchema>): StorageObjectsRepo {
  // A listing is what the vault's page reads on every visit: its usual forms are compiled once (db/compiled-once.ts),
  // reading only the listing index (0012_storage_listing_index).
  const listed = ["full_path", "size", "generation", "md5_hash", "updated"] as const;
  const inRange = (bucket: string, end: string) =>
    db.selectFrom("storage_objects").select(listed).where("bucket", "=", bucket).where("full_path", "<", end);
  const listFrom = compiledOnce(db, 4, (bucket: string, from: string, end: string, limit: number) =>
    inRange(bucket, end).where("full_path", ">=", from).orderBy("full_path").limit(limit),
  );
  const listAfter = compiledOnce(db, 4, (bucket: string, after: string, end: string, limit: number) =>
    inRange(bucket, end).where("full_path", ">", after).orderBy("full_path").limit(limit),
  );
  const versionOf = compiledOnce(db, 1, (userId: string) =>
    db.selectFrom("storage_locks").select("version").where("user_id", "=", userId),
  );
  /** Any prefix (one whose range cannot be written as an upper bound): the scan runs on, and substr decides. */
  async function listAnyPrefix(bucket: string, prefix: string, after: ListCursor | undefined, limit: number) {
    let query = db
      .selectFrom("storage_objects")
      .select(listed)
      .where("bucket", "=", bucket)
      .where("full_path", ">=", prefix)
      // substr counts characters on both engines; full_path is compared byte-wise (0004_storage: collate "C").
      .where(sql<boolean>`substr(full_path, 1, ${[...prefix].length}) = ${prefix}`);
    if (after) query = query.where("full_path", after.inclusive ? ">=" : ">", after.path);
    return query.orderBy("full_path").limit(limit).execute();
  }

  return {
    find: (bucket, fullPath) => findIn(db, bucket, fullPath),
    usage: (userId) => usageOf(db, userId),
    documentExists: (userId, documentId) => documentExistsIn(db, userId, documentId),

    async listingVersion(userId) {
      const [row] = await versionOf(userId);
      return row === undefined ? undefined : String(row.version);
    },

    async list(bucket, prefix, after, limit) {
      const end = prefixEnd(prefix);
      // The usual case, a prefix ending in "/": its range in byte order is exactly the paths that start with it, and
      // a page token's cursor lies inside it.
      const rows =
        end === undefined
          ? await listAnyPrefix(bucket, prefix, after, limit)
          : after && !after.inclusive
            ? await listAfter(bucket, after.path, end, limit)
            : await listFrom(bucket, after?.path ?? prefix, end, limit);
      return rows.map((row) => ({
        fullPath: row.full_path,
        size: Number(row.size),
        generation: row.generation,
        md5Hash: row.md5_hash,
        updated: row.updated,
      }));
    },

    async commit(object, check) {
      return db.transaction().execute(async (trx) => {
        // Taking this row first makes one user's commits run one at a time (see 0004_storage).
        await trx
          .insertInto("storage_locks")
          .values({ user_id: object.userId, updated_at: object.updated, version: 1 })
          .onConflict((oc) =>
            oc.column("user_id").doUpdateSet({
              updated_at: object.updated,
              version: sql<number>`storage_locks.version + 1`,
            }),
          )
          .execute();
        const existing = await findIn(trx, object.bucket, object.fullPath);
        const usage = await usageOf(trx, object.userId);
        const documentExists = object.documentId
          ? await documentExistsIn(trx, object.userId, object.documentId, existing?.id)
          : false;
        check({ existing, usage, documentExists });
        if (existing) {
          await trx.deleteFrom("storage_objects").where("id", "=", existing.id).execute();
        }
        await trx.insertInto("storage_objects").values(toRow(object)).execute();
        return existing;
      });
    },

    async remove(bucket, fullPath) {
      return db.transaction().execute(async (trx) => {
        const existing = await findIn(trx, bucket, fullPath);
        if (existing) {
          await trx.deleteFrom("storage_objects").where("id", "=", existing.id).execute();
          await trx
            .updateTable("storage_locks")
            .set({ version: sql<number>`version + 1` })
            .where("user_id", "=", existing.userId)
            .execute();
        }
        return existing;
      });
    },
  };
}

/**
 * The first path after every path that starts with `prefix`, in byte order: the prefix with its last character
 * moved one on ("users/u1/" -> "users/u10"). Only for a last character below DEL (object paths' folders end in "/"),
 * where one code point on is one byte on; undefined otherwise (and for ""), and the scan is then unbounded.
 */
export function prefixEnd(prefix: string): string | undefined {
  const last = prefix.charCodeAt(prefix.length - 1);
  if (!(last >= 0x20 && last < 0x7e)) return undefined;
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}
