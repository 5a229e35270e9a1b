import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Config } from "../config.ts";
import { runBlobStoreSuite } from "./blob-store.suite.ts";
import { createS3BlobStore } from "./s3-blob-store.ts";

const bucket = "heirloom-test";
let server: S3rver;
let directory: string;
let endpoint: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "heirloom-s3rver-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

function s3Config(overrides: Partial<S3Config> = {}): S3Config {
  // s3rver's fixed development credentials.
  return {
    bucket,
    region: "us-east-1",
    endpoint,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    ...overrides,
  };
}

// The smallest part size S3 accepts, so the suite's multi-MiB streamed bodies go through multipart uploads.
runBlobStoreSuite("s3", async () => createS3BlobStore(s3Config(), { partSizeBytes: 5 * 1024 * 1024 }));

describe("s3 blob store", () => {
  it("fails its health check when the bucket is missing", async () => {
    const store = createS3BlobStore(s3Config({ bucket: "no-such-bucket" }));
    try {
      await expect(store.check()).rejects.toThrow();
      // A missing bucket is an outage, never an empty answer.
      await expect(store.get("a")).rejects.toThrow();
    } finally {
      await store.close();
    }
  });
});
