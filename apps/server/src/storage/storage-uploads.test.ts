import { createHash } from "node:crypto";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { storageRoutes } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, originOf, type SignedUp } from "../testing/app-harness.ts";
import {
  blobStoreKinds,
  bucket,
  call,
  listUrl,
  multipartBody,
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

describe.each(combos)("uploads on %s with the %s blob store", (engine, store) => {
  let t: StorageTestApp;
  let owner: SignedUp;
  let other: SignedUp;
  const maxObjectBytes = 12 * 1024 * 1024;

  beforeAll(async () => {
    t = await startStorageApp(engine, store, s3, { STORAGE_MAX_OBJECT_BYTES: String(maxObjectBytes) });
    [owner, other] = (await users(t.app, 2)) as [SignedUp, SignedUp];
  });
  afterAll(async () => {
    await t?.close();
  });

  let address: string | undefined;
  /** The app on a real port (once), for the tests that need real sockets. */
  async function listening(): Promise<string> {
    address ??= await t.app.listen({ port: 0, host: "127.0.0.1" });
    return address;
  }

  /** Sends a request, then checks it was refused with `code` and that nothing at all was stored. */
  async function expectRefusedAndNothingStored(
    send: () => Promise<{ statusCode: number; json(): unknown }>,
    status: number,
    code: string,
    message?: RegExp,
  ) {
    const blobsBefore = await t.storedBlobs();
    const usageBefore = (await call(t.app, owner.client, "GET", "/api/storage/usage")).json();
    const res = await send();
    expect(res.statusCode).toBe(status);
    const error = (res.json() as { error: { code: string; message: string } }).error;
    expect(error.code).toBe(code);
    if (message) expect(error.message).toMatch(message);
    expect(await t.storedBlobs()).toEqual(blobsBefore);
    expect((await call(t.app, owner.client, "GET", "/api/storage/usage")).json()).toEqual(usageBefore);
  }

  const docPath = (name: string) => `users/${owner.userId}/documents/doc-u/${name}`;
  const post = (query: string, contentType: string, payload: Buffer) =>
    call(t.app, owner.client, "POST", `${storageRoutes.objects(bucket)}${query}`, {
      headers: { "content-type": contentType },
      payload,
    });

  it("takes multipart/form-data and a name given in the metadata only", async () => {
    const bytes = patternBytes(300);
    const { body, contentType } = multipartBody({ name: docPath("form") }, bytes, { kind: "form-data" });
    const res = await post("", contentType, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullPath: docPath("form"), size: 300 });
  });

  it("refuses malformed multipart bodies with storage/invalid-argument and stores nothing", async () => {
    const name = `?name=${encodeURIComponent(docPath("bad"))}`;
    const good = multipartBody({}, patternBytes(100), { boundary: "xyz" });
    const cases: [string, string, Buffer, RegExp][] = [
      ["not multipart", "application/octet-stream", Buffer.from("raw bytes"), /multipart\/related/],
      ["no boundary", "multipart/related", good.body, /no boundary/],
      ["wrong boundary", "multipart/related; boundary=other", good.body, /first boundary is missing/],
      ["cut short", good.contentType, good.body.subarray(0, good.body.length - 10), /closing boundary/],
      [
        "metadata not JSON",
        good.contentType,
        multipartBody("{not json", patternBytes(10), { boundary: "xyz" }).body,
        /not valid JSON/,
      ],
      [
        "metadata of the wrong shape",
        good.contentType,
        multipartBody({ contentType: 42 }, patternBytes(10), { boundary: "xyz" }).body,
        /'contentType' is not valid/,
      ],
      [
        "only the metadata part",
        good.contentType,
        Buffer.from("--xyz\r\nContent-Type: application/json\r\n\r\n{}\r\n--xyz--\r\n"),
        /followed by the part holding the bytes/,
      ],
      [
        "three parts",
        good.contentType,
        Buffer.from(
          "--xyz\r\nContent-Type: application/json\r\n\r\n{}\r\n--xyz\r\n\r\nab\r\n--xyz\r\n\r\ncd\r\n--xyz--",
        ),
        /exactly two parts/,
      ],
      [
        "oversized metadata",
        good.contentType,
        multipartBody(
          {
            customMetadata: {
              k: "v".repeat(4000),
              l: "w".repeat(4000),
              m: "x".repeat(4000),
              n: "y".repeat(4000),
              o: "z".repeat(2000),
            },
          },
          patternBytes(10),
          { boundary: "xyz" },
        ).body,
        /metadata is larger than 16384 bytes/,
      ],
      [
        "oversized custom metadata",
        good.contentType,
        multipartBody(
          { customMetadata: { k: "v".repeat(4000), l: "w".repeat(4000), m: "x".repeat(1000) } },
          patternBytes(10),
          { boundary: "xyz" },
        ).body,
        /customMetadata is larger than 8192 bytes/,
      ],
    ];
    for (const [, contentType, payload, message] of cases) {
      await expectRefusedAndNothingStored(
        () => post(name, contentType, payload),
        400,
        "storage/invalid-argument",
        message,
      );
    }
    // A JSON body (however large or broken) and no body at all get storage/* answers too.
    for (const payload of ["{not json", JSON.stringify({ a: "b".repeat(100_000) })]) {
      await expectRefusedAndNothingStored(
        () => post(name, "application/json", Buffer.from(payload)),
        400,
        "storage/invalid-argument",
        /multipart\/related/,
      );
    }
    await expectRefusedAndNothingStored(
      () => call(t.app, owner.client, "POST", `${storageRoutes.objects(bucket)}${name}`),
      400,
      "storage/invalid-argument",
    );
    await expectRefusedAndNothingStored(
      () =>
        call(t.app, owner.client, "POST", `${storageRoutes.objects(bucket)}${name}`, {
          headers: { "content-type": good.contentType, "x-goog-upload-protocol": "resumable" },
          payload: good.body,
        }),
      400,
      "storage/invalid-argument",
      /Only multipart uploads/,
    );
    expect((await call(t.app, owner.client, "GET", objectUrl(docPath("bad")))).statusCode).toBe(404);
  });

  it("refuses a declared size or md5Hash that the bytes do not match, and objects over the size limit", async () => {
    const bytes = patternBytes(1000);
    for (const size of [999, 1001, 0]) {
      await expectRefusedAndNothingStored(
        () => upload(t.app, owner.client, docPath("sized"), bytes, { size }),
        400,
        "storage/server-file-wrong-size",
        /^Server recorded incorrect upload file size, please retry the upload\.$/,
      );
    }
    await expectRefusedAndNothingStored(
      () => upload(t.app, owner.client, docPath("sized"), bytes, { md5Hash: "AAAAAAAAAAAAAAAAAAAAAA==" }),
      400,
      "storage/invalid-argument",
      /md5Hash/,
    );
    // Declared too large: refused before a byte is read. Undeclared: refused as the bytes pass the limit.
    await expectRefusedAndNothingStored(
      () => upload(t.app, owner.client, docPath("big"), patternBytes(10), { size: maxObjectBytes + 1 }),
      400,
      "storage/invalid-argument",
      /at most 12 MiB/,
    );
    await expectRefusedAndNothingStored(
      () => upload(t.app, owner.client, docPath("big"), patternBytes(maxObjectBytes + 1)),
      400,
      "storage/invalid-argument",
      /at most 12 MiB/,
    );
    const exact = await upload(t.app, owner.client, docPath("sized"), bytes, { size: 1000 });
    expect(exact.statusCode).toBe(200);
  });

  it("refuses traversal and malformed names wherever they are given, and stores nothing", async () => {
    const uid = owner.userId;
    const names = [
      `users/${uid}/../${other.userId}/x`,
      `users/${uid}/documents/d/../../../${other.userId}/x`,
      `users/${uid}/./x`,
      `users/${uid}//x`,
      `users/${uid}/x/`,
      `/users/${uid}/x`,
      `users\\${uid}\\x`,
      `users/${uid}/a\u0000b`,
      `users/${uid}/a\r\nb`,
      `users/${uid}/${"n".repeat(1100)}`,
      "",
    ];
    for (const name of names) {
      await expectRefusedAndNothingStored(
        () => upload(t.app, owner.client, name, patternBytes(10)),
        400,
        "storage/invalid-argument",
      );
      const { body, contentType } = multipartBody({ name }, patternBytes(10));
      await expectRefusedAndNothingStored(() => post("", contentType, body), 400, "storage/invalid-argument");
      if (name !== "") {
        const res = await call(t.app, owner.client, "GET", objectUrl(name));
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe("storage/invalid-argument");
      }
    }
    // A ?name= and a metadata name that differ are refused rather than guessed between.
    const { body, contentType } = multipartBody({ name: `users/${other.userId}/x` }, patternBytes(10));
    await expectRefusedAndNothingStored(
      () => post(`?name=${encodeURIComponent(docPath("x"))}`, contentType, body),
      400,
      "storage/invalid-argument",
      /differs/,
    );
  });

  it("stores a multi-MiB object sent over a real connection and serves it back, whole and in ranges", async () => {
    const base = await listening();
    const path = docPath("real");
    const bytes = patternBytes(9 * 1024 * 1024 + 123, 5);
    const { body, contentType } = multipartBody({ size: bytes.length }, bytes);
    const headers = { cookie: owner.client.cookieHeader(), origin: originOf(t.app) };
    const res = await fetch(`${base}${storageRoutes.objects(bucket)}?name=${encodeURIComponent(path)}`, {
      method: "POST",
      headers: { ...headers, "content-type": contentType },
      body,
    });
    expect(res.status).toBe(200);
    const metadata = (await res.json()) as { size: number; md5Hash: string };
    expect(metadata.size).toBe(bytes.length);
    expect(metadata.md5Hash).toBe(createHash("md5").update(bytes).digest("base64"));
    const whole = await fetch(`${base}${objectUrl(path, "?alt=media")}`, { headers });
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const tail = await fetch(`${base}${objectUrl(path, "?alt=media")}`, {
      headers: { ...headers, range: "bytes=-1000" },
    });
    expect(tail.status).toBe(206);
    expect(
      Buffer.from(await tail.arrayBuffer()).equals(Buffer.from(bytes.subarray(bytes.length - 1000))),
    ).toBe(true);
  });

  it("leaves nothing visible or stored when the connection drops in the middle of an upload", async () => {
    const { port } = new URL(await listening());
    const path = docPath("aborted");
    // Over the S3 store's part size, so its multipart upload is started and must be aborted.
    const bytes = patternBytes(10 * 1024 * 1024);
    const { body, contentType } = multipartBody({}, bytes);
    const blobsBefore = await t.storedBlobs();
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST ${storageRoutes.objects(bucket)}?name=${encodeURIComponent(path)} HTTP/1.1\r\n` +
        `Host: 127.0.0.1:${port}\r\nOrigin: ${originOf(t.app)}\r\nCookie: ${owner.client.cookieHeader()}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const cut = Math.floor(body.length * 0.9);
    for (let offset = 0; offset < cut; offset += 256 * 1024) {
      if (!socket.write(body.subarray(offset, Math.min(cut, offset + 256 * 1024)))) {
        await new Promise((resolve) => socket.once("drain", resolve));
      }
    }
    // The bytes are on their way into the store (fs: a temporary file exists) before the connection drops.
    for (let i = 0; i < 50 && store === "fs"; i++) {
      if ((await t.storedBlobs()).some((key) => key.endsWith(".tmp"))) break;
      await sleep(50);
    }
    if (store === "fs") expect((await t.storedBlobs()).some((key) => key.endsWith(".tmp"))).toBe(true);
    await sleep(200);
    socket.destroy();
    // The server notices the reset and cleans up; wait for that, then look.
    let stored = await t.storedBlobs();
    for (let i = 0; i < 50 && stored.length !== blobsBefore.length; i++) {
      await sleep(100);
      stored = await t.storedBlobs();
    }
    expect(stored).toEqual(blobsBefore);
    expect((await call(t.app, owner.client, "GET", objectUrl(path))).statusCode).toBe(404);
    const listed = await call(
      t.app,
      owner.client,
      "GET",
      listUrl({ prefix: `users/${owner.userId}/documents/doc-u/` }),
    );
    expect(listed.json().items.map((i: { name: string }) => i.name)).not.toContain("aborted");
  });
});

describe.each(combos)("quotas on %s with the %s blob store", (engine, store) => {
  let t: StorageTestApp;
  let owner: SignedUp;

  beforeAll(async () => {
    t = await startStorageApp(engine, store, s3, { STORAGE_FREE_BYTES: "1000", STORAGE_FREE_DOCUMENTS: "2" });
    [owner] = (await users(t.app, 1)) as [SignedUp];
  });
  afterAll(async () => {
    await t?.close();
  });

  const usage = async () => (await call(t.app, owner.client, "GET", "/api/storage/usage")).json();
  const path = (doc: string, name: string) => `users/${owner.userId}/documents/${doc}/${name}`;

  it("refuses bytes past the tier's quota, declared or not, with storage/quota-exceeded (402), storing nothing", async () => {
    expect((await upload(t.app, owner.client, path("d1", "c0"), patternBytes(600))).statusCode).toBe(200);
    const blobsBefore = await t.storedBlobs();
    for (const metadata of [{ size: 500 }, {}]) {
      const res = await upload(t.app, owner.client, path("d1", "c1"), patternBytes(500), metadata);
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toMatchObject({
        code: "storage/quota-exceeded",
        message: "Quota exceeded: this upload does not fit in the 1000 bytes of your plan.",
      });
    }
    expect(await t.storedBlobs()).toEqual(blobsBefore);
    expect(await usage()).toMatchObject({
      bytesUsed: 600,
      documents: 1,
      limits: { bytes: 1000, documents: 2 },
    });
    // Replacing an object counts only the difference.
    expect((await upload(t.app, owner.client, path("d1", "c0"), patternBytes(1000))).statusCode).toBe(200);
    expect((await usage()).bytesUsed).toBe(1000);
    expect((await upload(t.app, owner.client, path("d1", "c0"), patternBytes(100))).statusCode).toBe(200);
    expect((await usage()).bytesUsed).toBe(100);
  });

  it("counts documents by folder and refuses the first object of one document too many", async () => {
    expect((await upload(t.app, owner.client, path("d2", "c0"), patternBytes(10))).statusCode).toBe(200);
    expect(await usage()).toMatchObject({ documents: 2 });
    const third = await upload(t.app, owner.client, path("d3", "c0"), patternBytes(10));
    expect(third.statusCode).toBe(402);
    expect(third.json().error.message).toBe("Quota exceeded: your plan holds at most 2 documents.");
    // More chunks of a document that exists, and objects outside document folders, still fit.
    expect((await upload(t.app, owner.client, path("d2", "c1"), patternBytes(10))).statusCode).toBe(200);
    expect(
      (await upload(t.app, owner.client, `users/${owner.userId}/settings`, patternBytes(10))).statusCode,
    ).toBe(200);
    // Deleting a document's last object frees its place.
    await call(t.app, owner.client, "DELETE", objectUrl(path("d2", "c0")));
    await call(t.app, owner.client, "DELETE", objectUrl(path("d2", "c1")));
    expect((await upload(t.app, owner.client, path("d3", "c0"), patternBytes(10))).statusCode).toBe(200);
  });

  it("lets only one of two parallel uploads through when only one fits", async () => {
    const used = (await usage()).bytesUsed as number;
    const each = Math.floor((1000 - used) / 2) + 50;
    const results = await Promise.all(
      ["p0", "p1"].map((name) => upload(t.app, owner.client, path("d1", name), patternBytes(each))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402]);
    expect((await usage()).bytesUsed).toBe(used + each);
  });

  it("gives premium accounts the premium quota", async () => {
    await t.database.db
      .updateTable("profiles")
      .set({ account_tier: "premium" })
      .where("user_id", "=", owner.userId)
      .execute();
    expect(await usage()).toMatchObject({
      tier: "premium",
      limits: { bytes: 100 * 1024 ** 3, documents: null },
    });
    expect((await upload(t.app, owner.client, path("d9", "c0"), patternBytes(2000))).statusCode).toBe(200);
  });
});
