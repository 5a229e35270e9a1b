import {
  apiRoutes,
  defaultStorageBucket,
  type ListResponse,
  listResponseSchema,
  type ObjectMetadata,
  objectMetadataSchema,
  type StorageUsage,
  storageAppId,
  storageHeaders,
  storageRoutes,
  storageUsageSchema,
} from "@heirloom/contract";
import { canceledError, networkError, storageErrorFrom } from "./storage-error.ts";

// One HTTP call per function, no retries (retry.ts wraps them). The session cookie is the credential; object names
// and content types carry nothing a person wrote (docs/storage-api.md, "Zero knowledge").

const bucket = defaultStorageBucket;
const baseHeaders = { [storageHeaders.appId]: storageAppId };

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init });
  } catch (cause) {
    if (init.signal?.aborted) throw canceledError();
    if (cause instanceof DOMException && cause.name === "AbortError") throw canceledError();
    throw networkError();
  }
  if (!response.ok) throw await storageErrorFrom(response);
  return response;
}

const boundaryChars = "abcdefghijklmnopqrstuvwxyz0123456789";
function newBoundary(): string {
  const random = crypto.getRandomValues(new Uint8Array(24));
  return `heirloom-${Array.from(random, (b) => boundaryChars[b % boundaryChars.length]).join("")}`;
}

/** POST /v0/b/{bucket}/o?name=: a multipart upload of `parts` (sent as they are, not copied into one buffer). */
export async function uploadObject(
  fullPath: string,
  parts: readonly Uint8Array<ArrayBuffer>[],
  signal?: AbortSignal,
): Promise<ObjectMetadata> {
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  const boundary = newBoundary();
  const metadata = JSON.stringify({ size, contentType: "application/octet-stream" });
  const body = new Blob([
    `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${metadata}\r\n`,
    `--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ...parts,
    `\r\n--${boundary}--\r\n`,
  ]);
  const response = await send(`${storageRoutes.objects(bucket)}?name=${encodeURIComponent(fullPath)}`, {
    method: "POST",
    headers: {
      ...baseHeaders,
      "content-type": `multipart/related; boundary=${boundary}`,
      "x-goog-upload-protocol": "multipart",
    },
    body,
    signal,
  });
  return objectMetadataSchema.parse(await response.json());
}

/** GET ...?alt=media: the object's bytes (ciphertext). */
export async function downloadObject(
  fullPath: string,
  signal?: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  const response = await send(`${storageRoutes.object(bucket, fullPath)}?alt=media`, {
    headers: baseHeaders,
    signal,
    cache: "no-store",
  });
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch {
    if (signal?.aborted) throw canceledError();
    throw networkError();
  }
}

export async function deleteObject(fullPath: string, signal?: AbortSignal): Promise<void> {
  await send(storageRoutes.object(bucket, fullPath), { method: "DELETE", headers: baseHeaders, signal });
}

/** One page of GET /v0/b/{bucket}/o?prefix= (every object under the prefix, no delimiter). */
export async function listPage(
  prefix: string,
  pageToken?: string,
  signal?: AbortSignal,
): Promise<ListResponse> {
  const query = new URLSearchParams({ prefix, maxResults: "1000" });
  if (pageToken) query.set("pageToken", pageToken);
  const response = await send(`${storageRoutes.objects(bucket)}?${query}`, {
    headers: baseHeaders,
    signal,
    cache: "no-store",
  });
  return listResponseSchema.parse(await response.json());
}

export async function fetchUsage(signal?: AbortSignal): Promise<StorageUsage> {
  const response = await send(apiRoutes.storageUsage, {
    headers: { accept: "application/json" },
    signal,
    cache: "no-store",
  });
  return storageUsageSchema.parse(await response.json());
}
