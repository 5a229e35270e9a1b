import {
  defaultStorageBucket,
  type ListResponse,
  listResponseSchema,
  type ObjectMetadata,
  objectMetadataSchema,
  storageAppId,
  storageHeaders,
  storageRoutes,
} from "@heirloom/contract";
import { canceledError, networkError, StorageError, storageErrorFrom } from "./storage-error.ts";

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

/**
 * GET ...?alt=media into `into` (a reused buffer at least as large as the object), reading the body with a BYOB
 * reader where the browser offers one, so a download allocates no 4 MiB buffer per chunk. Returns the filled view,
 * which may sit on a different (transferred) ArrayBuffer than the one passed in.
 */
export async function downloadObjectInto(
  fullPath: string,
  into: Uint8Array<ArrayBuffer>,
  signal?: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  const response = await send(`${storageRoutes.object(bucket, fullPath)}?alt=media`, {
    headers: baseHeaders,
    signal,
    cache: "no-store",
  });
  let reader: ReadableStreamBYOBReader | undefined;
  try {
    reader = response.body?.getReader({ mode: "byob" });
  } catch {
    reader = undefined;
  }
  try {
    if (!reader) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length > into.length)
        throw new StorageError("storage/server-file-wrong-size", "Unexpected object size.");
      into.set(bytes);
      return into.subarray(0, bytes.length);
    }
    let buffer: ArrayBuffer = into.buffer;
    let filled = 0;
    for (;;) {
      if (filled === buffer.byteLength) {
        const extra = await reader.read(new Uint8Array(1));
        if (!extra.done) throw new StorageError("storage/server-file-wrong-size", "Unexpected object size.");
        break;
      }
      const { done, value } = await reader.read(new Uint8Array(buffer, filled, buffer.byteLength - filled));
      if (value) buffer = value.buffer as ArrayBuffer;
      if (done) break;
      filled += value?.byteLength ?? 0;
    }
    return new Uint8Array(buffer, 0, filled);
  } catch (error) {
    if (error instanceof StorageError) throw error;
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
