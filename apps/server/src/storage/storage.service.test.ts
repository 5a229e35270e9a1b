import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFsBlobStore } from "../blobs/fs-blob-store.ts";
import { insertTestUser, type TestDatabase, testDatabaseTargets } from "../db/test-databases.ts";
import { steppingClock } from "../testing/clock.ts";
import type { RecipientAccess } from "./recipient-access.ts";
import { createStorageService } from "./storage.service.ts";
import { createStorageObjectsRepo } from "./storage-objects.repo.ts";

// The storage rules on a real database and blob folder, without HTTP: who may read and write which path, the quota,
// and that a refused upload leaves nothing behind.

const bucket = "heirloom";

async function* bytesOf(...parts: Uint8Array[]) {
  for (const part of parts) yield part;
}

describe.each(testDatabaseTargets())("the storage service on $name", (target) => {
  let database: TestDatabase | undefined;
  let blobDir: string | undefined;
  afterEach(async () => {
    await database?.dispose();
    if (blobDir) await rm(blobDir, { recursive: true, force: true });
  });

  async function setup(recipients: RecipientAccess = { mayRead: async () => false }) {
    database = await target.open({ migrate: true });
    blobDir = await mkdtemp(path.join(tmpdir(), "heirloom-storage-service-"));
    const blobs = createFsBlobStore(blobDir);
    const service = createStorageService({
      repo: createStorageObjectsRepo(database.db),
      blobs,
      clock: steppingClock("2026-08-01T10:00:00.000Z"),
      tierOf: async () => "free",
      recipients,
      config: {
        bucket,
        maxObjectBytes: 1024,
        quotas: { free: { bytes: 2048, documents: 2 }, premium: { bytes: 1 << 20, documents: 100 } },
      },
    });
    const owner = await insertTestUser(database);
    const other = await insertTestUser(database, "Bo");
    const upload = (callerId: string, fullPath: string, data: Uint8Array) =>
      service.upload({
        callerId,
        bucket,
        queryName: fullPath,
        metadataJson: JSON.stringify({ size: data.length }),
        dataHeaders: { "content-type": "application/octet-stream" },
        data: bytesOf(data),
      });
    return { service, blobs, owner, other, upload };
  }

  it("stores an owner's object whole, with its size and MD5, and serves it back", async () => {
    const s = await setup();
    const bytes = new Uint8Array(700).fill(7);
    const fullPath = `users/${s.owner}/documents/doc-a/v1/header`;
    const stored = await s.upload(s.owner, fullPath, bytes);
    expect(stored).toMatchObject({ fullPath, name: "header", size: 700 });
    expect(stored.md5Hash).toBe(createHash("md5").update(bytes).digest("base64"));
    const usage = await s.service.usage(s.owner);
    expect(usage).toMatchObject({ bytesUsed: 700, documents: 1 });
  });

  it("refuses writes under another user's folder, and reads by anyone but the owner or a granted recipient", async () => {
    const granted = new Set<string>();
    const s = await setup({ mayRead: async ({ recipientId }) => granted.has(recipientId) });
    const fullPath = `users/${s.owner}/documents/doc-a/key`;
    await s.upload(s.owner, fullPath, new Uint8Array([1, 2, 3]));
    await expect(
      s.upload(s.other, `users/${s.owner}/documents/doc-b/key`, new Uint8Array(1)),
    ).rejects.toMatchObject({
      code: "storage/unauthorized",
    });
    await expect(s.service.metadata(s.other, bucket, fullPath)).rejects.toMatchObject({
      code: "storage/unauthorized",
    });
    await expect(s.service.metadata(undefined, bucket, fullPath)).rejects.toMatchObject({
      code: "storage/unauthenticated",
    });
    granted.add(s.other);
    expect((await s.service.metadata(s.other, bucket, fullPath)).size).toBe(3);
    // A recipient reads; it never deletes.
    await expect(s.service.remove(s.other, bucket, fullPath)).rejects.toMatchObject({
      code: "storage/unauthorized",
    });
  });

  it("refuses what does not fit, and a refused upload leaves no row and no blob", async () => {
    const s = await setup();
    await s.upload(s.owner, `users/${s.owner}/documents/doc-a/v1/chunks/00000000`, new Uint8Array(1000));
    await s.upload(s.owner, `users/${s.owner}/documents/doc-b/v1/chunks/00000000`, new Uint8Array(1000));
    const blobsBefore = await s.blobs.list("users/");
    // Over the byte quota (2048) within existing documents, then a third document (the limit is 2).
    await expect(
      s.upload(s.owner, `users/${s.owner}/documents/doc-a/v1/chunks/00000001`, new Uint8Array(100)),
    ).rejects.toMatchObject({ code: "storage/quota-exceeded" });
    await expect(
      s.upload(s.owner, `users/${s.owner}/documents/doc-c/key`, new Uint8Array(1)),
    ).rejects.toMatchObject({ code: "storage/quota-exceeded" });
    // Larger than one object may be.
    await expect(
      s.upload(s.other, `users/${s.other}/documents/doc-z/v1/chunks/00000000`, new Uint8Array(1025)),
    ).rejects.toMatchObject({ code: "storage/invalid-argument" });
    expect(await s.blobs.list("users/")).toEqual(blobsBefore);
    expect((await s.service.usage(s.owner)).bytesUsed).toBe(2000);
    expect((await s.service.usage(s.other)).bytesUsed).toBe(0);
  });
});
