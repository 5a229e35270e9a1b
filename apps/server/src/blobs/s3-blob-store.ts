import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../config.ts";
import type { BlobStore } from "./blob-store.ts";
import { assertValidKey, assertValidPrefix, assertValidRange, BlobRangeError } from "./keys.ts";

export interface S3BlobStoreOptions {
  /**
   * Streamed bodies are buffered up to this many bytes: a shorter body goes up in one PutObject, a longer one as a
   * multipart upload of parts this large (S3 requires at least 5 MiB per part but the last). This bounds memory per
   * upload whatever the object's size.
   */
  partSizeBytes?: number;
}

const minPartSize = 5 * 1024 * 1024;

/**
 * Blobs in an S3 bucket (AWS or any S3-compatible service). S3 makes a PUT visible only once complete, and a
 * multipart upload only on Complete, so readers never see part of an object; a failed upload is aborted.
 */
export function createS3BlobStore(config: S3Config, options: S3BlobStoreOptions = {}): BlobStore {
  const partSize = Math.max(options.partSizeBytes ?? 8 * 1024 * 1024, minPartSize);
  const Bucket = config.bucket;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Without explicit keys the SDK's default chain applies (environment, instance role...).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });

  async function putWhole(Key: string, Body: Uint8Array): Promise<void> {
    await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: Body.byteLength }));
  }

  async function putMultipart(
    Key: string,
    first: Uint8Array,
    rest: AsyncIterator<Uint8Array>,
  ): Promise<number> {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    if (!UploadId) throw new Error("S3 did not return an upload id");
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const uploadPart = async (Body: Uint8Array) => {
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body, ContentLength: Body.byteLength }),
      );
      parts.push({ ETag, PartNumber });
    };
    try {
      let size = first.byteLength;
      await uploadPart(first);
      for (;;) {
        const { part, done } = await readPart(rest, partSize);
        if (part.byteLength > 0) await uploadPart(part);
        size += part.byteLength;
        if (done) break;
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
      );
      return size;
    } catch (error) {
      // Best effort: a leftover upload is invisible to readers and a bucket lifecycle rule can expire it.
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      throw error;
    }
  }

  return {
    kind: "s3",

    async put(key, body) {
      assertValidKey(key);
      if (body instanceof Uint8Array) {
        await putWhole(key, body);
        return { size: body.byteLength };
      }
      const iterator = body[Symbol.asyncIterator]();
      const { part, done } = await readPart(iterator, partSize);
      if (done) {
        await putWhole(key, part);
        return { size: part.byteLength };
      }
      return { size: await putMultipart(key, part, iterator) };
    },

    async get(key) {
      assertValidKey(key);
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Body ? await Body.transformToByteArray() : new Uint8Array(0);
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async stream(key, range) {
      assertValidKey(key);
      if (range) assertValidRange(range);
      try {
        const { Body } = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
        );
        if (!Body) return emptyStream();
        // In Node the SDK's body is an http.IncomingMessage, which is an async iterable of Buffers.
        if (!(Symbol.asyncIterator in Body)) throw new Error("S3 returned a body that cannot be streamed");
        const stream = Body as AsyncIterable<Uint8Array>;
        // Some S3-compatible servers answer "bytes=0-0" with the whole object (s3rver does); never hand out more
        // than was asked for.
        return range ? takeBytes(stream, range.end - range.start + 1) : stream;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        if (statusOf(error) === 416) {
          throw new BlobRangeError(`Byte range ${range?.start}-${range?.end} is past the end of the object`);
        }
        throw error;
      }
    },

    async head(key) {
      assertValidKey(key);
      try {
        const { ContentLength } = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 for a missing key too, so this is idempotent by nature.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async list(prefix) {
      assertValidPrefix(prefix);
      const keys: string[] = [];
      // ListObjects (v1) paged by Marker = last key seen, rather than v2's opaque continuation tokens: every
      // S3-compatible service supports it, and s3rver (our test server) cannot mint v2 tokens on Node 24, whose
      // OpenSSL 3 has no DES.
      let Marker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({ Bucket, Prefix: prefix || undefined, Marker }),
        );
        for (const object of page.Contents ?? []) if (object.Key !== undefined) keys.push(object.Key);
        const last = page.Contents?.at(-1)?.Key;
        if (!page.IsTruncated || last === undefined) break;
        Marker = last;
      }
      // S3 already lists in byte order; sorting again keeps the promise for S3-compatible services that do not.
      return keys.sort();
    },

    // An S3 put is whole or absent; the parts of a multipart upload a killed server abandoned are the bucket's
    // lifecycle rule's to abort (AbortIncompleteMultipartUpload, README "Running on PostgreSQL and S3"): another
    // instance may still be writing an upload it started before this one booted.
    async removeLeftovers() {
      return 0;
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async close() {
      client.destroy();
    },
  };
}

/** Reads from the iterator until at least `size` bytes are buffered or it ends. */
async function readPart(
  iterator: AsyncIterator<Uint8Array>,
  size: number,
): Promise<{ part: Uint8Array; done: boolean }> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) return { part: concat(chunks, length), done: true };
    chunks.push(next.value);
    length += next.value.byteLength;
  }
  return { part: concat(chunks, length), done: false };
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

async function* takeBytes(stream: AsyncIterable<Uint8Array>, limit: number): AsyncIterable<Uint8Array> {
  let remaining = limit;
  for await (const chunk of stream) {
    if (chunk.byteLength >= remaining) {
      if (remaining > 0) yield chunk.subarray(0, remaining);
      return; // leaving the loop destroys the HTTP response, so the rest is not downloaded
    }
    remaining -= chunk.byteLength;
    yield chunk;
  }
}

async function* emptyStream(): AsyncIterable<Uint8Array> {}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/** A missing object (not a missing bucket, which must surface as an error). HeadObject has no body, hence NotFound. */
function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === "NoSuchKey" || name === "NotFound";
}
