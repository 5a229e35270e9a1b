import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { objectMetadataSchema } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { engines, type SignedUp, testSecret } from "../testing/app-harness.ts";
import {
  blobStoreKinds,
  call,
  listUrl,
  objectUrl,
  patternBytes,
  type StorageTestApp,
  startS3rver,
  startStorageApp,
  upload,
  users,
} from "./storage-harness.ts";

let s3: Awaited<ReturnType<typeof startS3rver>>;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3?.close();
});

const combos = engines().flatMap((engine) => blobStoreKinds.map((store) => [engine, store] as const));

describe.each(combos)("storage API on %s with the %s blob store", (engine, store) => {
  let t: StorageTestApp;
  let owner: SignedUp;
  let other: SignedUp;
  const bytes = patternBytes(5000);
  const md5 = createHash("md5").update(bytes).digest("base64");
  let ownPath: string;
  let missingPath: string;
  let token: string;

  beforeAll(async () => {
    t = await startStorageApp(engine, store, s3);
    [owner, other] = (await users(t.app, 2)) as [SignedUp, SignedUp];
    ownPath = `users/${owner.userId}/documents/doc-1/chunk-000000`;
    missingPath = `users/${owner.userId}/documents/doc-1/chunk-999999`;
    const res = await upload(t.app, owner.client, ownPath, bytes, {
      size: bytes.length,
      contentType: "application/octet-stream",
      customMetadata: { v: "1" },
    });
    expect(res.statusCode).toBe(200);
    token = (res.json() as { downloadTokens: string[] }).downloadTokens[0] ?? "";
  });
  afterAll(async () => {
    await t?.close();
  });

  it("returns SPEC's object metadata after an upload, and the same on GET", async () => {
    const res = await call(t.app, owner.client, "GET", objectUrl(ownPath));
    expect(res.statusCode).toBe(200);
    const metadata = objectMetadataSchema.parse(res.json());
    expect(metadata).toMatchObject({
      bucket: "heirloom",
      name: "chunk-000000",
      fullPath: ownPath,
      size: 5000,
      md5Hash: md5,
      metageneration: "1",
      contentType: "application/octet-stream",
      customMetadata: { v: "1" },
      downloadTokens: [token],
    });
    expect(metadata.generation).toMatch(/^\d{16}$/);
    expect(Date.parse(metadata.timeCreated)).not.toBeNaN();
    for (const field of [
      "bucket",
      "generation",
      "metageneration",
      "name",
      "fullPath",
      "size",
      "timeCreated",
    ]) {
      expect(metadata).toHaveProperty(field);
    }
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("refuses every route without a session (401) and for another user (403), found or not", async () => {
    const routes = (path: string) =>
      [
        ["GET", objectUrl(path)],
        ["GET", objectUrl(path, "?alt=media")],
        ["DELETE", objectUrl(path)],
        ["POST", "upload"],
        ["GET", listUrl({ prefix: `users/${owner.userId}/` })],
        ["GET", listUrl({ prefix: `users/${owner.userId}/documents/doc-1/` })],
      ] as const;
    for (const path of [ownPath, missingPath]) {
      for (const [method, url] of routes(path)) {
        for (const [who, client, status, code] of [
          ["anonymous", undefined, 401, "storage/unauthenticated"],
          ["other user", other.client, 403, "storage/unauthorized"],
        ] as const) {
          const res =
            url === "upload"
              ? await upload(t.app, client, path, patternBytes(10))
              : await call(t.app, client, method, url);
          expect({ who, method, url, status: res.statusCode }).toEqual({ who, method, url, status });
          expect(res.json()).toMatchObject({ error: { code } });
          if (code === "storage/unauthorized") {
            expect(res.json().error.message).toMatch(/^User does not have permission to access '.+'\.$/);
          }
        }
      }
    }
    // Nothing the others tried changed the owner's object.
    const media = await call(t.app, owner.client, "GET", objectUrl(ownPath, "?alt=media"));
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(Buffer.from(bytes))).toBe(true);
  });

  it("answers the owner 404 storage/object-not-found for a missing object on every object route", async () => {
    for (const [method, query] of [
      ["GET", ""],
      ["GET", "?alt=media"],
      ["DELETE", ""],
    ] as const) {
      const res = await call(t.app, owner.client, method, objectUrl(missingPath, query));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: {
          code: "storage/object-not-found",
          message: `Object '${missingPath}' does not exist.`,
          requestId: expect.any(String),
        },
      });
    }
  });

  it("refuses paths outside every user's prefix and unknown buckets", async () => {
    for (const path of ["public/readme", `users/${owner.userId}`, "users"]) {
      const res = await upload(t.app, owner.client, path, patternBytes(3));
      expect(res.statusCode).toBe(403);
      expect((await call(t.app, owner.client, "GET", objectUrl(path))).statusCode).toBe(403);
    }
    for (const prefix of ["", "users/"]) {
      const res = await call(t.app, owner.client, "GET", listUrl({ prefix }));
      expect(res.statusCode).toBe(403);
    }
    const wrongBucket = await call(
      t.app,
      owner.client,
      "GET",
      `/v0/b/other-bucket/o/${encodeURIComponent(ownPath)}`,
    );
    expect(wrongBucket.statusCode).toBe(404);
    expect(wrongBucket.json().error).toMatchObject({
      code: "storage/bucket-not-found",
      message: "Bucket 'other-bucket' does not exist.",
    });
  });

  it("serves the bytes to the owner and to anyone holding the download token, and not for a wrong token", async () => {
    const own = await call(t.app, owner.client, "GET", objectUrl(ownPath, "?alt=media"), {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-length"]).toBe("5000");
    expect(own.headers["content-type"]).toBe("application/octet-stream");
    expect(own.headers["content-disposition"]).toBe("attachment");
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    expect(own.headers["content-encoding"]).toBeUndefined();
    expect(own.rawPayload.equals(Buffer.from(bytes))).toBe(true);

    const withToken = await call(t.app, undefined, "GET", objectUrl(ownPath, `?alt=media&token=${token}`));
    expect(withToken.statusCode).toBe(200);
    expect(withToken.rawPayload.equals(Buffer.from(bytes))).toBe(true);
    // The token opens the bytes only: metadata still needs the owner.
    expect((await call(t.app, undefined, "GET", objectUrl(ownPath, `?token=${token}`))).statusCode).toBe(401);

    const wrong = "00000000-0000-4000-8000-000000000000";
    for (const path of [ownPath, missingPath]) {
      const res = await call(t.app, undefined, "GET", objectUrl(path, `?alt=media&token=${wrong}`));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("storage/unauthorized");
    }
    // Another user's session with a wrong token is still refused; with the right one the bytes are shared, by design.
    expect(
      (await call(t.app, other.client, "GET", objectUrl(ownPath, `?alt=media&token=${wrong}`))).statusCode,
    ).toBe(403);
  });

  it("answers Range requests with 206 and the exact bytes, and 416 past the end", async () => {
    const get = (range: string) =>
      call(t.app, owner.client, "GET", objectUrl(ownPath, "?alt=media"), { headers: { range } });
    const cases: [string, number, number][] = [
      ["bytes=0-9", 0, 9],
      ["bytes=4990-", 4990, 4999],
      ["bytes=-100", 4900, 4999],
      ["bytes=1000-999999", 1000, 4999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(range);
      expect(res.statusCode).toBe(206);
      expect(res.headers["content-range"]).toBe(`bytes ${start}-${end}/5000`);
      expect(res.headers["content-length"]).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(Buffer.from(bytes.subarray(start, end + 1)))).toBe(true);
    }
    const past = await get("bytes=5000-");
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe("bytes */5000");
    expect(past.json().error.code).toBe("storage/invalid-argument");
    // Several ranges are not served as ranges: the whole object comes back.
    const multi = await get("bytes=0-1,3-4");
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.length).toBe(5000);
  });

  it("lists a folder with its sub-folders, pages through it, and resumes from a page token", async () => {
    const root = `users/${owner.userId}/documents/doc-list/`;
    for (const name of ["chunk-000002", "chunk-000000", "chunk-000001", "sub/a", "sub/b", "zz"]) {
      expect(
        (await upload(t.app, owner.client, `${root}${name}`, patternBytes(10 + name.length))).statusCode,
      ).toBe(200);
    }
    const flat = await call(t.app, owner.client, "GET", listUrl({ prefix: root }));
    expect(flat.statusCode).toBe(200);
    expect(flat.json().items.map((i: { name: string }) => i.name)).toEqual([
      "chunk-000000",
      "chunk-000001",
      "chunk-000002",
      "a",
      "b",
      "zz",
    ]);
    expect(flat.json().items[0]).toMatchObject({
      bucket: "heirloom",
      fullPath: `${root}chunk-000000`,
      size: 22,
    });

    const folders = await call(t.app, owner.client, "GET", listUrl({ prefix: root, delimiter: "/" }));
    expect(folders.json().prefixes).toEqual([{ bucket: "heirloom", fullPath: `${root}sub/`, name: "sub" }]);
    expect(folders.json().items.map((i: { name: string }) => i.name)).toEqual([
      "chunk-000000",
      "chunk-000001",
      "chunk-000002",
      "zz",
    ]);

    const seen: string[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < 10; page++) {
      const query: Record<string, string> = { prefix: root, delimiter: "/", maxResults: "2" };
      if (pageToken) query.pageToken = pageToken;
      const res = (await call(t.app, owner.client, "GET", listUrl(query))).json();
      seen.push(
        ...res.items.map((i: { name: string }) => i.name),
        ...res.prefixes.map((p: { name: string }) => `${p.name}/`),
      );
      pageToken = res.nextPageToken;
      if (!pageToken) break;
    }
    expect(seen.sort()).toEqual(["chunk-000000", "chunk-000001", "chunk-000002", "sub/", "zz"]);

    const foreignToken = Buffer.from(`users/${other.userId}/x`).toString("base64url");
    const bad = await call(t.app, owner.client, "GET", listUrl({ prefix: root, pageToken: foreignToken }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("storage/invalid-argument");
    const notFolder = await call(t.app, owner.client, "GET", listUrl({ prefix: `${root}chunk` }));
    expect(notFolder.statusCode).toBe(400);
    const badMax = await call(t.app, owner.client, "GET", listUrl({ prefix: root, maxResults: "0" }));
    expect(badMax.statusCode).toBe(400);
  });

  it("lists folders holding many objects, and many objects beside them, completely", async () => {
    const root = `users/${owner.userId}/documents/doc-many/`;
    const names = Array.from({ length: 70 }, (_, i) => `c${String(i).padStart(3, "0")}`);
    for (const name of names) {
      expect((await upload(t.app, owner.client, `${root}a/${name}`, patternBytes(1))).statusCode).toBe(200);
      expect((await upload(t.app, owner.client, `${root}${name}`, patternBytes(1))).statusCode).toBe(200);
    }
    expect((await upload(t.app, owner.client, `${root}b/x`, patternBytes(1))).statusCode).toBe(200);
    const res = (await call(t.app, owner.client, "GET", listUrl({ prefix: root, delimiter: "/" }))).json();
    expect(res.prefixes.map((p: { name: string }) => p.name)).toEqual(["a", "b"]);
    expect(res.items.map((i: { name: string }) => i.name)).toEqual(names);
    expect(res.nextPageToken).toBeUndefined();
    const all = (await call(t.app, owner.client, "GET", listUrl({ prefix: root }))).json();
    expect(all.items).toHaveLength(141);
  });

  it("overwrites with a new generation and removes the replaced bytes; DELETE answers 204 and frees the blob", async () => {
    const path = `users/${owner.userId}/documents/doc-2/manifest`;
    const first = await upload(t.app, owner.client, path, patternBytes(100, 1));
    const second = await upload(t.app, owner.client, path, patternBytes(200, 2));
    expect(second.statusCode).toBe(200);
    expect(second.json().generation).not.toBe(first.json().generation);
    expect(second.json().size).toBe(200);
    const blobsBefore = await t.storedBlobs();
    const media = await call(t.app, owner.client, "GET", objectUrl(path, "?alt=media"));
    expect(media.rawPayload.equals(Buffer.from(patternBytes(200, 2)))).toBe(true);

    const deleted = await call(t.app, owner.client, "DELETE", objectUrl(path));
    expect(deleted.statusCode).toBe(204);
    expect((await call(t.app, owner.client, "GET", objectUrl(path))).statusCode).toBe(404);
    const blobsAfter = await t.storedBlobs();
    // Exactly one blob went away (fs: its key and its file).
    expect(blobsBefore.length - blobsAfter.length).toBe(store === "fs" ? 2 : 1);
    expect((await call(t.app, owner.client, "DELETE", objectUrl(path))).statusCode).toBe(404);
  });

  it("lists every change as soon as it is made, on this server and from another one", async () => {
    const root = `users/${owner.userId}/documents/doc-fresh/`;
    const listed = async (app = t.app) =>
      (
        (await call(app, owner.client, "GET", listUrl({ prefix: root }))).json() as {
          items: { name: string; size: number; generation: string }[];
        }
      ).items.map((item) => `${item.name}:${item.size}:${item.generation}`);
    const stored = async (name: string, size: number, app = t.app) => {
      const res = await upload(app, owner.client, `${root}${name}`, patternBytes(size));
      expect(res.statusCode).toBe(200);
      return `${name}:${size}:${(res.json() as { generation: string }).generation}`;
    };
    expect(await listed()).toEqual([]);
    const a = await stored("a", 10);
    expect(await listed()).toEqual([a]);
    expect(await listed()).toEqual([a]);
    const b = await stored("b", 20);
    expect(await listed()).toEqual([a, b]);
    const a2 = await stored("a", 30);
    expect(await listed()).toEqual([a2, b]);
    expect((await call(t.app, owner.client, "DELETE", objectUrl(`${root}b`))).statusCode).toBe(204);
    expect(await listed()).toEqual([a2]);

    // Another server on the same database and blob store: what it stores and removes shows here at once.
    const config = loadConfig({
      ...(store === "s3" ? s3.env() : {}),
      DATA_DIR: t.dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: t.databaseUrl,
      SECRET_KEY: testSecret,
    });
    const there = await buildApp(config);
    try {
      const c = await stored("c", 40, there);
      expect(await listed()).toEqual([a2, c]);
      expect((await call(there, owner.client, "DELETE", objectUrl(`${root}a`))).statusCode).toBe(204);
      expect(await listed()).toEqual([c]);
      expect(await listed(there)).toEqual([c]);
    } finally {
      await there.close();
    }
  });

  it("sends a listing compressed as the browser asks, the same JSON, and a changed listing changed", async () => {
    const root = `users/${owner.userId}/documents/doc-encoded/`;
    const names = Array.from({ length: 12 }, (_, i) => `chunk-${String(i).padStart(6, "0")}`);
    for (const name of names)
      expect((await upload(t.app, owner.client, `${root}${name}`, patternBytes(9))).statusCode).toBe(200);
    const listedAs = async (acceptEncoding?: string) => {
      const res = await call(t.app, owner.client, "GET", listUrl({ prefix: root }), {
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const encoding = res.headers["content-encoding"];
      const body =
        encoding === "br"
          ? brotliDecompressSync(res.rawPayload)
          : encoding === "gzip"
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      return {
        encoding,
        names: (JSON.parse(body.toString("utf8")) as { items: { name: string }[] }).items.map((i) => i.name),
      };
    };
    expect(await listedAs()).toEqual({ encoding: undefined, names });
    expect(await listedAs("gzip, deflate, br")).toEqual({ encoding: "br", names });
    expect(await listedAs("br")).toEqual({ encoding: "br", names });
    expect(await listedAs("br;q=0, gzip")).toEqual({ encoding: "gzip", names });
    expect(await listedAs("identity")).toEqual({ encoding: undefined, names });
    expect((await upload(t.app, owner.client, `${root}zz`, patternBytes(9))).statusCode).toBe(200);
    expect(await listedAs("br")).toEqual({ encoding: "br", names: [...names, "zz"] });
    expect(await listedAs("gzip")).toEqual({ encoding: "gzip", names: [...names, "zz"] });
  });

  it("takes object paths with literal slashes too, and refuses malformed encodings", async () => {
    const literal = await call(t.app, owner.client, "GET", `/v0/b/heirloom/o/${ownPath}`);
    expect(literal.statusCode).toBe(200);
    expect(literal.json().fullPath).toBe(ownPath);
    const malformed = await call(
      t.app,
      owner.client,
      "GET",
      `/v0/b/heirloom/o/users%2F${owner.userId}%2F%E0%A4%A`,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe("storage/invalid-argument");
  });

  it("refuses requests from another site's pages and a foreign app id (storage/unauthorized-app)", async () => {
    const crossSite = await call(t.app, owner.client, "GET", objectUrl(ownPath), {
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.statusCode).toBe(401);
    expect(crossSite.json().error.code).toBe("storage/unauthorized-app");
    const fetchMeta = await call(t.app, owner.client, "DELETE", objectUrl(ownPath), {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(fetchMeta.statusCode).toBe(401);
    const appId = await call(t.app, owner.client, "GET", objectUrl(ownPath), {
      headers: { "x-firebase-gmpid": "someone-else" },
    });
    expect(appId.statusCode).toBe(401);
    // Our own app id and an app check header are accepted.
    const ours = await call(t.app, owner.client, "GET", objectUrl(ownPath), {
      headers: {
        "x-firebase-gmpid": "heirloom-web",
        "x-firebase-appcheck": "token",
        authorization: "Firebase x",
      },
    });
    expect(ours.statusCode).toBe(200);
    expect((await call(t.app, owner.client, "GET", objectUrl(ownPath))).statusCode).toBe(200);
    // Only PUBLIC_URL's exact origin is ours: not the same host under another scheme or port, not a look-alike.
    for (const origin of ["https://localhost:8080", "http://localhost:8081"]) {
      const other = await call(t.app, owner.client, "GET", objectUrl(ownPath), { headers: { origin } });
      expect(other.statusCode, origin).toBe(401);
    }
    const lookalike = await call(t.app, owner.client, "GET", objectUrl(ownPath), {
      headers: { origin: "http://localhost.evil.example" },
    });
    expect(lookalike.statusCode).toBe(401);
  });

  it("reports usage and limits to the owner only", async () => {
    expect((await call(t.app, undefined, "GET", "/api/storage/usage")).statusCode).toBe(401);
    const res = await call(t.app, other.client, "GET", "/api/storage/usage");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tier: "free",
      bytesUsed: 0,
      documents: 0,
      limits: { bytes: 1024 ** 3, documents: 200, maxObjectBytes: 16 * 1024 * 1024 },
    });
    const own = (await call(t.app, owner.client, "GET", "/api/storage/usage")).json();
    expect(own.bytesUsed).toBeGreaterThanOrEqual(5000);
    expect(own.documents).toBeGreaterThanOrEqual(1);
  });

  it("deletes every object and blob of a user when the account is deleted", async () => {
    const [leaving] = (await users(t.app, 1)) as [SignedUp];
    const path = `users/${leaving.userId}/documents/d/chunk-000000`;
    expect((await upload(t.app, leaving.client, path, patternBytes(64))).statusCode).toBe(200);
    expect((await t.blobs.list(`users/${leaving.userId}/`)).length).toBe(1);
    const res = await leaving.client.post("/api/account/delete", {
      currentAuthKey: leaving.authKey,
      confirmation: "DELETE",
    });
    expect(res.statusCode).toBe(204);
    expect(await t.blobs.list(`users/${leaving.userId}/`)).toEqual([]);
    const rows = await t.database.db
      .selectFrom("storage_objects")
      .select("id")
      .where("user_id", "=", leaving.userId)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("a failing blob store", () => {
  it("answers storage/internal-error (500) without details, and no object appears", async () => {
    const t = await startStorageApp("sqlite", "s3", {
      env: () => ({ ...s3.env(), S3_BUCKET: "no-such-bucket" }),
    });
    try {
      const [owner] = (await users(t.app, 1)) as [SignedUp];
      const path = `users/${owner.userId}/documents/d/chunk-000000`;
      const res = await upload(t.app, owner.client, path, patternBytes(100));
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual({
        code: "storage/internal-error",
        message: "An internal error occurred, please try again.",
        requestId: expect.any(String),
      });
      expect((await call(t.app, owner.client, "GET", objectUrl(path))).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
