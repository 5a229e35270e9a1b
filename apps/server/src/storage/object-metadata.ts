import { type ObjectMetadata, type UploadMetadata, uploadMetadataSchema } from "@heirloom/contract";
import { AppError } from "../errors.ts";
import type { ObjectPath } from "./object-path.ts";
import type { StoredObject } from "./storage-objects.repo.ts";

/** SPEC section 3's object metadata (the SDK's FullMetadata) of a stored object. */
export function toMetadata(object: StoredObject, path: ObjectPath): ObjectMetadata {
  return {
    bucket: object.bucket,
    generation: object.generation,
    metageneration: String(object.metageneration),
    name: path.name,
    fullPath: object.fullPath,
    size: object.size,
    timeCreated: object.timeCreated,
    updated: object.updated,
    md5Hash: object.md5Hash,
    ...(object.cacheControl !== null ? { cacheControl: object.cacheControl } : {}),
    ...(object.contentDisposition !== null ? { contentDisposition: object.contentDisposition } : {}),
    ...(object.contentEncoding !== null ? { contentEncoding: object.contentEncoding } : {}),
    ...(object.contentLanguage !== null ? { contentLanguage: object.contentLanguage } : {}),
    contentType: object.contentType,
    customMetadata: object.customMetadata,
    downloadTokens: [object.downloadToken],
  };
}

/** The JSON part of an upload, checked; every fault is a storage/invalid-argument naming the field. */
export function parseUploadMetadata(json: string): UploadMetadata {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new AppError("storage/invalid-argument", "The upload metadata part is not valid JSON.");
  }
  const parsed = uploadMetadataSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "metadata";
    throw new AppError("storage/invalid-argument", `The upload metadata field '${field}' is not valid.`);
  }
  return parsed.data;
}

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
/** "1 GiB", "16 MiB", "1000 bytes": limits as a person reads them. */
export function formatBytes(bytes: number): string {
  if (bytes >= GiB && bytes % GiB === 0) return `${bytes / GiB} GiB`;
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  return `${bytes} bytes`;
}
