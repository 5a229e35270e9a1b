import type { AppConfig } from "../config.ts";
import type { BlobStore } from "./blob-store.ts";
import { createFsBlobStore } from "./fs-blob-store.ts";

export type { BlobStore } from "./blob-store.ts";
export { BlobRangeError, InvalidBlobKeyError } from "./keys.ts";

/**
 * The blob store BLOB_STORE asks for. The S3 client is loaded only for S3: the AWS SDK's modules are a tenth of the
 * server's cold start.
 */
export async function createBlobStore(config: AppConfig["blobStore"]): Promise<BlobStore> {
  if (config.kind !== "s3") return createFsBlobStore(config.root);
  const { createS3BlobStore } = await import("./s3-blob-store.ts");
  return createS3BlobStore(config.s3);
}
