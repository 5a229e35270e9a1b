import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { storageRoutes } from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import { type BlobStore, createBlobStore } from "../blobs/index.ts";
import { loadConfig } from "../config.ts";
import { type Client, originOf, signUp, startTestApp, type TestApp } from "../testing/app-harness.ts";

/** Test-only helpers for the storage API: multipart bodies as the Firebase SDK builds them, and calls as a browser. */

export const bucket = "heirloom";

export interface MultipartOptions {
  boundary?: string;
  kind?: "related" | "form-data";
  dataType?: string;
}

/** The two-part upload body: JSON metadata, then the bytes. */
export function multipartBody(metadata: unknown, bytes: Uint8Array, options: MultipartOptions = {}) {
  const boundary = options.boundary ?? `boundary${Math.random().toString(16).slice(2)}`;
  const metadataText = typeof metadata === "string" ? metadata : JSON.stringify(metadata);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${metadataText}\r\n` +
        `--${boundary}\r\nContent-Type: ${options.dataType ?? "application/octet-stream"}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/${options.kind ?? "related"}; boundary=${boundary}` };
}

/** Sends a request as `client` (its session cookie and Origin), or anonymously when client is undefined. */
export async function call(
  app: FastifyInstance,
  client: Client | undefined,
  method: "GET" | "POST" | "DELETE",
  url: string,
  options: { headers?: Record<string, string>; payload?: Buffer | string } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(client ? { origin: originOf(app), cookie: client.cookieHeader() } : {}),
      ...options.headers,
    },
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
}

export async function upload(
  app: FastifyInstance,
  client: Client | undefined,
  fullPath: string,
  bytes: Uint8Array,
  metadata: Record<string, unknown> = {},
  options: MultipartOptions = {},
) {
  const { body, contentType } = multipartBody(metadata, bytes, options);
  return call(app, client, "POST", `${storageRoutes.objects(bucket)}?name=${encodeURIComponent(fullPath)}`, {
    headers: { "content-type": contentType },
    payload: body,
  });
}

export const objectUrl = (fullPath: string, query = "") =>
  `${storageRoutes.object(bucket, fullPath)}${query}`;
export const listUrl = (query: Record<string, string>) =>
  `${storageRoutes.objects(bucket)}?${new URLSearchParams(query).toString()}`;

/** Every file under a folder (temporary files too), as paths relative to it. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** Deterministic bytes that are not all one value, so ranges and hashes mean something. */
export function patternBytes(size: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
}

export type StoreKind = "fs" | "s3";
export const blobStoreKinds: StoreKind[] = ["fs", "s3"];

/** One s3rver per test file, with a bucket per app so each app's blobs can be counted alone. */
export async function startS3rver() {
  const { default: S3rver } = await import("s3rver");
  const directory = mkdtempSync(path.join(tmpdir(), "heirloom-storage-s3rver-"));
  const buckets = Array.from({ length: 12 }, (_, i) => `storage-test-${i}`);
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  let next = 0;
  return {
    /** BLOB_STORE=s3 settings for a new app, on a bucket no other app of this file uses. */
    env(): Record<string, string> {
      const bucketName = buckets[next++];
      if (!bucketName) throw new Error("startS3rver: out of buckets; raise the count");
      return {
        BLOB_STORE: "s3",
        S3_BUCKET: bucketName,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      };
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface StorageTestApp extends TestApp {
  /** The app's own blob store, opened a second time, to look at what is stored. */
  blobs: BlobStore;
  store: StoreKind;
  /** Every blob key under the storage API's prefix, and (fs) every file, temporary ones included. */
  storedBlobs(): Promise<string[]>;
}

export async function startStorageApp(
  engine: "sqlite" | "postgres",
  store: StoreKind,
  s3: { env(): Record<string, string> } | undefined,
  env: Record<string, string> = {},
): Promise<StorageTestApp> {
  const storeEnv = store === "s3" ? (s3?.env() ?? {}) : {};
  const t = await startTestApp(engine, { ...storeEnv, ...env });
  const config = loadConfig({ DATA_DIR: t.dataDir, ...storeEnv });
  const blobs = await createBlobStore(config.blobStore);
  return {
    ...t,
    blobs,
    store,
    async storedBlobs() {
      const keys = await blobs.list("users/");
      const files = store === "fs" ? filesUnder(path.join(t.dataDir, "blobs")).map((f) => `file:${f}`) : [];
      return [...keys, ...files];
    },
    async close() {
      await blobs.close();
      await t.close();
    },
  };
}

/** Signs up `count` users on the app. */
export async function users(app: FastifyInstance, count: number) {
  return Promise.all(Array.from({ length: count }, () => signUp(app)));
}
