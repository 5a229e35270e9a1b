import { z } from "zod";

// The storage API (docs/storage-api.md, ADR 024): Firebase Storage REST v0 conventions on our own server.
// [Note: The server stores only ciphertext]
// Object names are chosen by the browser and must not carry a document's name or type: the browser names objects
// with random ids and encrypts everything else (docs/file-format.md).

/** The one bucket this server has; a request for any other bucket answers storage/bucket-not-found. */
export const defaultStorageBucket = "heirloom";

/**
 * The `storage/*` codes the server answers with, and the HTTP status of each (SPEC.md section 8). The other codes of
 * SPEC's list (retry-limit-exceeded, canceled, invalid-default-bucket, no-default-bucket, app-deleted,
 * unsupported-environment, cannot-slice-blob) are raised by the browser client only: see storageClientErrorCodes.
 */
export const storageErrorStatus = {
  "storage/unknown": 500,
  "storage/object-not-found": 404,
  "storage/bucket-not-found": 404,
  "storage/quota-exceeded": 402,
  "storage/unauthenticated": 401,
  "storage/unauthorized": 403,
  "storage/unauthorized-app": 401,
  "storage/invalid-argument": 400,
  "storage/invalid-url": 400,
  "storage/invalid-root-operation": 400,
  "storage/invalid-format": 400,
  "storage/server-file-wrong-size": 400,
  "storage/no-download-url": 404,
  "storage/internal-error": 500,
} as const;
export type StorageServerErrorCode = keyof typeof storageErrorStatus;

export const storageClientErrorCodes = [
  "storage/retry-limit-exceeded",
  "storage/canceled",
  "storage/invalid-default-bucket",
  "storage/no-default-bucket",
  "storage/app-deleted",
  "storage/unsupported-environment",
  "storage/cannot-slice-blob",
] as const;
export type StorageErrorCode = StorageServerErrorCode | (typeof storageClientErrorCodes)[number];

/** The messages of the storage codes (Firebase's texts, with our product's words where Firebase names itself). */
export const storageMessages = {
  unknown: "An unknown error occurred, please try again.",
  objectNotFound: (fullPath: string) => `Object '${fullPath}' does not exist.`,
  bucketNotFound: (bucket: string) => `Bucket '${bucket}' does not exist.`,
  quotaExceeded: (detail: string) => `Quota exceeded: ${detail}`,
  unauthenticated: "User is not authenticated, please sign in and try again.",
  unauthorized: (fullPath: string) => `User does not have permission to access '${fullPath}'.`,
  unauthorizedApp: "This app does not have permission to access storage on this server.",
  serverFileWrongSize: "Server recorded incorrect upload file size, please retry the upload.",
  noDownloadUrl: "The given file does not have any download URLs.",
  internalError: "An internal error occurred, please try again.",
  /** After SPEC section 9's retry limits: raised by the browser's retry loop, never by the server. */
  retryLimitExceeded: "Max retry time for operation exceeded, please try again.",
  canceled: "User canceled the upload/download.",
} as const;

// --- Names and paths ---

/** A full object path is at most this many bytes of UTF-8 (Google Cloud Storage's limit). */
export const maxObjectNameBytes = 1024;
/** Largest object the server accepts by default (STORAGE_MAX_OBJECT_BYTES): a 4 MiB chunk with room to spare. */
export const defaultMaxObjectBytes = 16 * 1024 * 1024;
/** The JSON metadata part of an upload may be at most this large; customMetadata at most 8 KiB of it. */
export const maxUploadMetadataBytes = 16 * 1024;
export const maxCustomMetadataBytes = 8 * 1024;

/**
 * Where objects live. A user reads and writes only under `users/{uid}/`. A document's objects share the folder
 * `users/{uid}/documents/{documentId}/` (its manifest and its chunks); quotas count documents by these folders
 * (ADR 024), so an in-progress upload already counts as a document.
 */
export const storagePaths = {
  userRoot: (uid: string) => `users/${uid}/`,
  document: (uid: string, documentId: string) => `users/${uid}/documents/${documentId}/`,
} as const;
/** A document id: 1-64 characters of A-Z a-z 0-9 _ - (a random UUID or base64url id does). */
export const documentIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The REST paths. Object paths are encoded as one URL segment (slashes as %2F), as Firebase does. */
export const storageRoutes = {
  objects: (bucket: string) => `/v0/b/${encodeURIComponent(bucket)}/o`,
  object: (bucket: string, fullPath: string) =>
    `/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(fullPath)}`,
  /** Route patterns for the server. */
  objectsPattern: "/v0/b/:bucket/o",
  objectPattern: "/v0/b/:bucket/o/*",
} as const;

// --- Request and response bodies ---

const headerText = z.string().max(256);

/**
 * The JSON metadata part of a multipart upload. `customMetadata` (the SDK's name) and `metadata` (the REST API's)
 * mean the same. `size`, when given, must equal the bytes that follow, or the upload fails with
 * storage/server-file-wrong-size; `md5Hash` (base64), when given, must match them too.
 */
export const uploadMetadataSchema = z.object({
  name: z.string().optional(),
  contentType: headerText.optional(),
  cacheControl: headerText.optional(),
  contentDisposition: headerText.optional(),
  contentEncoding: headerText.optional(),
  contentLanguage: headerText.optional(),
  customMetadata: z.record(z.string().max(1024), z.string().max(4096)).optional(),
  metadata: z.record(z.string().max(1024), z.string().max(4096)).optional(),
  size: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,15}$/)]).optional(),
  md5Hash: z
    .string()
    .regex(/^[A-Za-z0-9+/]{22}==$/)
    .optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/**
 * An object's metadata (SPEC.md section 3), shaped like the Firebase SDK's FullMetadata: `name` is the last path
 * segment, `fullPath` the whole path; `generation` changes on every overwrite, `metageneration` on metadata changes.
 */
export const objectMetadataSchema = z.object({
  bucket: z.string(),
  generation: z.string(),
  metageneration: z.string(),
  name: z.string(),
  fullPath: z.string(),
  size: z.number().int().nonnegative(),
  timeCreated: z.string(),
  updated: z.string(),
  /** base64 MD5 of the stored bytes (of the ciphertext: the server never sees anything else). */
  md5Hash: z.string(),
  cacheControl: z.string().optional(),
  contentDisposition: z.string().optional(),
  contentEncoding: z.string().optional(),
  contentLanguage: z.string().optional(),
  contentType: z.string(),
  customMetadata: z.record(z.string(), z.string()),
  /** Tokens that let `?alt=media&token=` read the bytes without a session (a download URL). */
  downloadTokens: z.array(z.string()),
});
export type ObjectMetadata = z.infer<typeof objectMetadataSchema>;

/** `GET /v0/b/{bucket}/o?prefix=&delimiter=/&maxResults=&pageToken=` */
export const listQuerySchema = z.object({
  prefix: z.string().default(""),
  delimiter: z.literal("/").optional(),
  maxResults: z.coerce.number().int().min(1).max(1000).default(1000),
  pageToken: z.string().max(2048).optional(),
});

const referenceSchema = z.object({ bucket: z.string(), fullPath: z.string(), name: z.string() });
export const listItemSchema = referenceSchema.extend({
  size: z.number().int().nonnegative(),
  generation: z.string(),
  md5Hash: z.string(),
  updated: z.string(),
});
export const listResponseSchema = z.object({
  /** "Folders" directly under the prefix (only with delimiter=/), each fullPath ending in "/". */
  prefixes: z.array(referenceSchema),
  /** Objects, in byte order of fullPath. A listing shows only completely stored objects. */
  items: z.array(listItemSchema),
  /** Present when more items follow: pass it back as pageToken. */
  nextPageToken: z.string().optional(),
});
export type ListResponse = z.infer<typeof listResponseSchema>;

/** `GET /api/storage/usage`: what the signed-in user's vault holds and may hold. */
export const storageUsageSchema = z.object({
  tier: z.enum(["free", "premium"]),
  bytesUsed: z.number().int().nonnegative(),
  documents: z.number().int().nonnegative(),
  limits: z.object({
    bytes: z.number().int().positive(),
    /** null: no limit on the number of documents. */
    documents: z.number().int().positive().nullable(),
    maxObjectBytes: z.number().int().positive(),
  }),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** Request headers (Firebase's names). See docs/storage-api.md for what the server does with each. */
export const storageHeaders = {
  authToken: "authorization",
  appCheck: "x-firebase-appcheck",
  appId: "x-firebase-gmpid",
} as const;
/** The value the web app sends as X-Firebase-GMPID; any other value is refused with storage/unauthorized-app. */
export const storageAppId = "heirloom-web";
