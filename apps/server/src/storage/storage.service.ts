import { randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import {
  maxCustomMetadataBytes,
  type ObjectMetadata,
  type StorageUsage,
  storageMessages,
} from "@heirloom/contract";
import type { BlobStore, BlobStreamDestination } from "../blobs/blob-store.ts";
import { AppError } from "../errors.ts";
import type { RecordActivity } from "../services/activity.service.ts";
import type { Clock } from "../services/clock.ts";
import { createListingCache, listingOf } from "./listing-cache.ts";
import { inlineMd5, type Md5Thread } from "./md5-thread.ts";
import { formatBytes, parseUploadMetadata, toMetadata } from "./object-metadata.ts";
import { type ObjectPath, parseListPrefix, parseObjectPath } from "./object-path.ts";
import type { StorageTier, TierQuota } from "./quotas.ts";
import type { RecipientAccess } from "./recipient-access.ts";
import { type ListQuery, listObjects } from "./storage-listing.ts";
import type { StorageObjectsRepo, StoredObject } from "./storage-objects.repo.ts";

export interface StorageServiceDeps {
  repo: StorageObjectsRepo;
  blobs: BlobStore;
  clock: Clock;
  /** The caller's storage tier (from the profile's accountTier). */
  tierOf(userId: string): Promise<StorageTier>;
  recipients: RecipientAccess;
  config: { bucket: string; maxObjectBytes: number; quotas: Record<StorageTier, TierQuota> };
  /** A blob that could not be deleted after its row went away: logged, swept with the account later. */
  onOrphanBlob?(key: string, error: unknown): void;
  /** Writes a document's upload or deletion to its owner's activity log (services/activity.service.ts). */
  recordActivity?: RecordActivity;
  /** Where uploads' MD5 is worked out (the server gives its thread: md5-thread.ts); inline when not given. */
  md5?: Md5Thread;
}

export interface UploadInput {
  callerId: string | undefined;
  bucket: string;
  /** The `name` query parameter, decoded; the metadata's `name` is used when it is absent. */
  queryName: string | undefined;
  metadataJson: string;
  dataHeaders: Record<string, string>;
  data: AsyncIterable<Uint8Array>;
  /** The uploading browser's user agent (the activity log's device). */
  userAgent?: string | null;
}

/** A document's manifest: `users/{uid}/documents/{id}/v{n}/manifest`, the object that makes a document complete. */
const isManifest = (path: ObjectPath) =>
  path.documentId !== undefined && /\/v[1-9][0-9]*\/manifest$/.test(path.fullPath);

/** Blob keys of storage objects: random, under the owner's prefix so account deletion finds them (userBlobPrefix). */
const blobKeyFor = (userId: string) => `users/${userId}/storage/${randomUUID()}`;

export function createStorageService(deps: StorageServiceDeps) {
  const { repo, blobs, clock, config } = deps;
  const md5s = deps.md5 ?? inlineMd5();
  const listings = createListingCache();

  function checkBucket(bucket: string) {
    if (bucket !== config.bucket)
      throw new AppError("storage/bucket-not-found", storageMessages.bucketNotFound(bucket));
  }

  function requireCaller(callerId: string | undefined): string {
    if (!callerId) throw new AppError("storage/unauthenticated", storageMessages.unauthenticated);
    return callerId;
  }

  const unauthorized = (fullPath: string) =>
    new AppError("storage/unauthorized", storageMessages.unauthorized(fullPath));
  const notFound = (fullPath: string) =>
    new AppError("storage/object-not-found", storageMessages.objectNotFound(fullPath));

  /** Writes, deletes and listings: the owner of the prefix only. */
  function authorizeOwner(
    callerId: string | undefined,
    path: { fullPath: string; ownerId: string | undefined },
  ) {
    const caller = requireCaller(callerId);
    if (path.ownerId !== caller) throw unauthorized(path.fullPath);
    return caller;
  }

  /** Reads: the owner, or a recipient a release grants it to. Decided by path, before looking the object up. */
  async function authorizeRead(callerId: string | undefined, path: ObjectPath) {
    const caller = requireCaller(callerId);
    if (path.ownerId === caller) return;
    const granted =
      path.ownerId !== undefined &&
      (await deps.recipients.mayRead({
        recipientId: caller,
        ownerId: path.ownerId,
        fullPath: path.fullPath,
        documentId: path.documentId,
      }));
    if (!granted) throw unauthorized(path.fullPath);
  }

  async function quotaOf(userId: string) {
    const tier = await deps.tierOf(userId);
    return { tier, quota: config.quotas[tier] };
  }

  const quotaExceeded = (detail: string) =>
    new AppError("storage/quota-exceeded", storageMessages.quotaExceeded(detail));
  const bytesQuotaExceeded = (quota: TierQuota) =>
    quotaExceeded(`this upload does not fit in the ${formatBytes(quota.bytes)} of your plan.`);
  const documentsQuotaExceeded = (quota: TierQuota) =>
    quotaExceeded(`your plan holds at most ${quota.documents} documents.`);
  const tooLarge = () =>
    new AppError(
      "storage/invalid-argument",
      `An object may be at most ${formatBytes(config.maxObjectBytes)}; split larger files into chunks.`,
    );

  return {
    bucket: config.bucket,

    /** Refuses a write before its body is read: unknown bucket, invalid path, or a path outside the caller's prefix. */
    checkWriteTarget(callerId: string | undefined, bucket: string, fullPath: string): void {
      checkBucket(bucket);
      authorizeOwner(callerId, parseObjectPath(fullPath));
    },

    /**
     * Stores one object. Order: authorize by path, read the metadata part, check the quota against the declared
     * size, stream the bytes to a fresh blob (counting, hashing, stopping at the limits), check size and hash, then
     * commit the row in one transaction that checks the quota again. Any failure deletes the blob: an upload is
     * visible completely or not at all.
     */
    async upload(input: UploadInput): Promise<ObjectMetadata> {
      checkBucket(input.bucket);
      const metadata = parseUploadMetadata(input.metadataJson);
      const rawName = input.queryName ?? metadata.name;
      if (rawName === undefined) {
        throw new AppError("storage/invalid-argument", "The upload names no object: pass ?name={path}.");
      }
      if (input.queryName !== undefined && metadata.name !== undefined && metadata.name !== input.queryName) {
        throw new AppError(
          "storage/invalid-argument",
          "The metadata's name differs from the ?name= of the upload.",
        );
      }
      const path = parseObjectPath(rawName);
      const userId = authorizeOwner(input.callerId, path);
      const customMetadata = metadata.customMetadata ?? metadata.metadata ?? {};
      if (Buffer.byteLength(JSON.stringify(customMetadata)) > maxCustomMetadataBytes) {
        throw new AppError(
          "storage/invalid-argument",
          `customMetadata is larger than ${maxCustomMetadataBytes} bytes.`,
        );
      }
      const declaredSize = metadata.size === undefined ? undefined : Number(metadata.size);
      if (declaredSize !== undefined && declaredSize > config.maxObjectBytes) throw tooLarge();

      // First quota check, before any byte is stored.
      const { quota } = await quotaOf(userId);
      const [usage, existing] = await Promise.all([
        repo.usage(userId),
        repo.find(config.bucket, path.fullPath),
      ]);
      const replacedBytes = existing?.size ?? 0;
      const room = quota.bytes - usage.bytes + replacedBytes;
      if ((declaredSize ?? 0) > room || room <= 0) {
        throw bytesQuotaExceeded(quota);
      }
      if (path.documentId !== undefined && quota.documents !== null && usage.documents >= quota.documents) {
        const exists =
          existing?.documentId === path.documentId || (await repo.documentExists(userId, path.documentId));
        if (!exists) throw documentsQuotaExceeded(quota);
      }

      const limit = Math.min(config.maxObjectBytes, room);
      const md5 = md5s.stream();
      let size = 0;
      async function* counted(): AsyncGenerator<Uint8Array> {
        for await (const chunk of input.data) {
          size += chunk.byteLength;
          if (declaredSize !== undefined && size > declaredSize) {
            throw new AppError("storage/server-file-wrong-size", storageMessages.serverFileWrongSize);
          }
          if (size > limit) throw limit === config.maxObjectBytes ? tooLarge() : bytesQuotaExceeded(quota);
          const behind = md5.update(chunk);
          if (behind) await behind;
          yield chunk;
        }
      }

      const blobKey = blobKeyFor(userId);
      try {
        await blobs.put(blobKey, counted());
      } catch (error) {
        md5.drop();
        throw error;
      }
      try {
        if (declaredSize !== undefined && size !== declaredSize) {
          throw new AppError("storage/server-file-wrong-size", storageMessages.serverFileWrongSize);
        }
        const md5Hash = await md5.digest();
        if (metadata.md5Hash !== undefined && metadata.md5Hash !== md5Hash) {
          throw new AppError("storage/invalid-argument", "The bytes received do not match the md5Hash sent.");
        }
        const now = clock();
        const object: StoredObject = {
          id: randomUUID(),
          userId,
          bucket: config.bucket,
          fullPath: path.fullPath,
          documentId: path.documentId ?? null,
          blobKey,
          size,
          // Like Cloud Storage: a microsecond-style number, new on every write of the path.
          generation: `${now.getTime()}${String(randomInt(1000)).padStart(3, "0")}`,
          metageneration: 1,
          md5Hash,
          contentType:
            metadata.contentType ?? input.dataHeaders["content-type"] ?? "application/octet-stream",
          cacheControl: metadata.cacheControl ?? null,
          contentDisposition: metadata.contentDisposition ?? null,
          contentEncoding: metadata.contentEncoding ?? null,
          contentLanguage: metadata.contentLanguage ?? null,
          customMetadata,
          downloadToken: randomUUID(),
          timeCreated: now.toISOString(),
          updated: now.toISOString(),
        };
        const replaced = await repo.commit(object, (state) => {
          // Second check, serialized with the user's other commits: parallel uploads cannot overshoot together.
          const bytesAfter = state.usage.bytes - (state.existing?.size ?? 0) + size;
          if (bytesAfter > quota.bytes) throw bytesQuotaExceeded(quota);
          const newDocument =
            object.documentId !== null &&
            !state.documentExists &&
            state.existing?.documentId !== object.documentId;
          if (newDocument && quota.documents !== null && state.usage.documents >= quota.documents) {
            throw documentsQuotaExceeded(quota);
          }
        });
        if (replaced) await deleteBlob(replaced.blobKey);
        // A document is complete once its manifest is stored (documents.ts); a re-signed manifest is no new upload.
        if (!replaced && isManifest(path))
          await deps.recordActivity?.(userId, "document-upload", input.userAgent);
        return toMetadata(object, path);
      } catch (error) {
        md5.drop();
        await deleteBlob(blobKey);
        throw error;
      }
    },

    async metadata(callerId: string | undefined, bucket: string, fullPath: string): Promise<ObjectMetadata> {
      checkBucket(bucket);
      const path = parseObjectPath(fullPath);
      await authorizeRead(callerId, path);
      const object = await repo.find(bucket, path.fullPath);
      if (!object) throw notFound(path.fullPath);
      const metadata = toMetadata(object, path);
      // Download tokens are the owner's to hand out; a recipient reads with its own session.
      return path.ownerId === callerId ? metadata : { ...metadata, downloadTokens: [] };
    },

    /**
     * The object for alt=media: allowed with the owner's (or a granted recipient's) session, or with the object's
     * download token and no session at all. A wrong token answers like a missing one, whether or not the object
     * exists, so tokens cannot be used to probe for paths.
     */
    async media(
      callerId: string | undefined,
      bucket: string,
      fullPath: string,
      token: string | undefined,
    ): Promise<StoredObject> {
      checkBucket(bucket);
      const path = parseObjectPath(fullPath);
      if (token !== undefined) {
        const object = await repo.find(bucket, path.fullPath);
        if (object && sameToken(object.downloadToken, token)) return object;
        if (!callerId) throw unauthorized(path.fullPath);
      }
      await authorizeRead(callerId, path);
      const object = await repo.find(bucket, path.fullPath);
      if (!object) throw notFound(path.fullPath);
      return object;
    },

    /** The object's bytes; `destination`: the answer they are piped into (BlobStore.stream). */
    async openBlob(
      object: StoredObject,
      range?: { start: number; end: number },
      destination?: BlobStreamDestination,
    ) {
      const stream = await blobs.stream(object.blobKey, range, destination);
      if (!stream) throw new AppError("storage/internal-error", storageMessages.internalError);
      return stream;
    },

    async remove(
      callerId: string | undefined,
      bucket: string,
      fullPath: string,
      userAgent?: string | null,
    ): Promise<void> {
      checkBucket(bucket);
      const path = parseObjectPath(fullPath);
      const userId = authorizeOwner(callerId, path);
      const removed = await repo.remove(bucket, path.fullPath);
      if (!removed) throw notFound(path.fullPath);
      await deleteBlob(removed.blobKey);
      // Deleting a document removes its manifest first (documents.ts deleteDocument): that is the deletion.
      if (isManifest(path)) await deps.recordActivity?.(userId, "document-delete", userAgent);
    },

    /**
     * One page of a listing (storage-listing.ts) as JSON, compressed once when asked, and answered again from the
     * listing cache while the owner's objects are unchanged (listing-cache.ts): the vault's page lists on every
     * visit, and the objects seldom change between two.
     */
    async list(callerId: string | undefined, bucket: string, query: ListQuery & { prefix: string }) {
      checkBucket(bucket);
      const { prefix, ownerId } = parseListPrefix(query.prefix);
      const owner = authorizeOwner(callerId, { fullPath: prefix, ownerId });
      const version = await repo.listingVersion(owner);
      const listed = async () => JSON.stringify(await listObjects(repo, bucket, prefix, query));
      if (version === undefined) return listingOf(await listed());
      const key = [bucket, prefix, query.delimiter ?? "", query.maxResults, query.pageToken ?? ""].join("\n");
      return listings.get(key, version) ?? listings.set(key, version, await listed());
    },

    async usage(callerId: string | undefined): Promise<StorageUsage> {
      const userId = requireCaller(callerId);
      const { tier, quota } = await quotaOf(userId);
      const usage = await repo.usage(userId);
      return {
        tier,
        bytesUsed: usage.bytes,
        documents: usage.documents,
        limits: { bytes: quota.bytes, documents: quota.documents, maxObjectBytes: config.maxObjectBytes },
      };
    },
  };

  async function deleteBlob(key: string) {
    try {
      await blobs.delete(key);
    } catch (error) {
      deps.onOrphanBlob?.(key, error);
    }
  }
}

export type StorageService = ReturnType<typeof createStorageService>;

function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
