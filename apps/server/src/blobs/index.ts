import type { AppConfig } from "../config.ts";
import type { BlobStore } from "./blob-store.ts";
import { createFsBlobStore } from "./fs-blob-store.ts";
import { createS3BlobStore } from "./s3-blob-store.ts";

export type { BlobStore } from "./blob-store.ts";
export { BlobRangeError, InvalidBlobKeyError } from "./keys.ts";

/** The blob store BLOB_STORE asks for. */
export function createBlobStore(config: AppConfig["blobStore"]): BlobStore {
  return config.kind === "s3" ? createS3BlobStore(config.s3) : createFsBlobStore(config.root);
}
