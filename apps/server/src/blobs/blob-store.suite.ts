import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "./blob-store.ts";
import { BlobRangeError, InvalidBlobKeyError } from "./keys.ts";

/**
 * The behaviour every BlobStore must have. Each implementation's test file calls this once, so the file store and the
 * S3 store are held to exactly the same promises. Every test writes under its own prefix, so they cannot see each
 * other's objects.
 */
export function runBlobStoreSuite(name: string, makeStore: () => Promise<BlobStore>): void {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore;
    let testNumber = 0;
    let prefix = "";
    const key = (suffix: string) => `${prefix}${suffix}`;

    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store?.close();
    });
    // A fresh namespace per test, without relying on a beforeEach ordering across files.
    const test = (title: string, body: () => Promise<void>) =>
      it(title, async () => {
        testNumber += 1;
        prefix = `t${testNumber}-${randomBytes(4).toString("hex")}/`;
        await body();
      });

    test("round-trips bytes and reports their size", async () => {
      const bytes = new TextEncoder().encode("hello, heirloom");
      expect(await store.put(key("greeting"), bytes)).toEqual({ size: bytes.byteLength });
      expect(await store.get(key("greeting"))).toEqual(bytes);
      expect(await store.head(key("greeting"))).toEqual({ size: bytes.byteLength });
      expect(await collect(await store.stream(key("greeting")))).toEqual(bytes);
    });

    test("stores an empty object", async () => {
      expect(await store.put(key("empty"), new Uint8Array(0))).toEqual({ size: 0 });
      expect(await store.get(key("empty"))).toEqual(new Uint8Array(0));
      expect(await store.head(key("empty"))).toEqual({ size: 0 });
      expect(await collect(await store.stream(key("empty")))).toEqual(new Uint8Array(0));
    });

    test("stores a multi-MiB body given whole", async () => {
      const bytes = randomBytes(9 * 1024 * 1024 + 123);
      expect(await store.put(key("big"), bytes)).toEqual({ size: bytes.byteLength });
      expect(Buffer.from((await store.get(key("big"))) ?? []).equals(bytes)).toBe(true);
    });

    test("stores an async iterable body, including a multi-MiB one", async () => {
      const small = [new TextEncoder().encode("ab"), new Uint8Array(0), new TextEncoder().encode("cd")];
      expect(await store.put(key("small"), chunksOf(small))).toEqual({ size: 4 });
      expect(new TextDecoder().decode(await store.get(key("small")))).toBe("abcd");

      const big = randomBytes(12 * 1024 * 1024 + 7);
      expect(await store.put(key("big"), slices(big, 1024 * 1024))).toEqual({ size: big.byteLength });
      expect(await store.head(key("big"))).toEqual({ size: big.byteLength });
      expect(Buffer.from(await collect(await store.stream(key("big")))).equals(big)).toBe(true);
    });

    test("an empty async iterable makes an empty object", async () => {
      expect(await store.put(key("nothing"), chunksOf([]))).toEqual({ size: 0 });
      expect(await store.head(key("nothing"))).toEqual({ size: 0 });
    });

    test("overwrites an object completely", async () => {
      await store.put(key("doc"), new TextEncoder().encode("a much longer first version"));
      await store.put(key("doc"), new TextEncoder().encode("v2"));
      expect(new TextDecoder().decode(await store.get(key("doc")))).toBe("v2");
      expect(await store.head(key("doc"))).toEqual({ size: 2 });
    });

    test("a write that fails halfway leaves the previous version and nothing else", async () => {
      await store.put(key("doc"), new TextEncoder().encode("previous"));
      const failing = (async function* () {
        // More than one S3 part, so the S3 store has a multipart upload in flight when it fails.
        yield randomBytes(6 * 1024 * 1024);
        yield randomBytes(1024);
        throw new Error("connection lost");
      })();
      await expect(store.put(key("doc"), failing)).rejects.toThrow("connection lost");
      await expect(store.put(key("new"), chunksThenFail())).rejects.toThrow("connection lost");
      expect(new TextDecoder().decode(await store.get(key("doc")))).toBe("previous");
      expect(await store.get(key("new"))).toBeUndefined();
      expect(await store.list(prefix)).toEqual([key("doc")]);
    });

    test("streams byte ranges, end inclusive, clamped to the object", async () => {
      const bytes = new TextEncoder().encode("0123456789");
      await store.put(key("digits"), bytes);
      const text = async (range: { start: number; end: number }) =>
        new TextDecoder().decode(await collect(await store.stream(key("digits"), range)));
      expect(await text({ start: 0, end: 0 })).toBe("0");
      expect(await text({ start: 2, end: 5 })).toBe("2345");
      expect(await text({ start: 7, end: 100 })).toBe("789");
      expect(await text({ start: 9, end: 9 })).toBe("9");
      await expect(store.stream(key("digits"), { start: 10, end: 12 })).rejects.toBeInstanceOf(
        BlobRangeError,
      );
      await expect(store.stream(key("digits"), { start: 5, end: 4 })).rejects.toBeInstanceOf(BlobRangeError);
      await expect(store.stream(key("digits"), { start: -1, end: 4 })).rejects.toBeInstanceOf(BlobRangeError);
      expect(await store.stream(key("missing"), { start: 0, end: 1 })).toBeUndefined();
    });

    test("a range of a multi-MiB object returns exactly those bytes", async () => {
      const bytes = randomBytes(5 * 1024 * 1024);
      await store.put(key("big"), bytes);
      const start = 4 * 1024 * 1024 - 3;
      const end = start + 100_000;
      const part = await collect(await store.stream(key("big"), { start, end }));
      expect(Buffer.from(part).equals(bytes.subarray(start, end + 1))).toBe(true);
    });

    test("answers undefined for missing objects", async () => {
      expect(await store.get(key("nope"))).toBeUndefined();
      expect(await store.head(key("nope"))).toBeUndefined();
      expect(await store.stream(key("nope"))).toBeUndefined();
      expect(await store.get(key("no/such/folder"))).toBeUndefined();
    });

    test("deletes, and deleting a missing object is not an error", async () => {
      await store.put(key("a/b"), new Uint8Array([1]));
      await store.put(key("a/c"), new Uint8Array([2]));
      await store.delete(key("a/b"));
      await store.delete(key("a/b"));
      await store.delete(key("never/existed"));
      expect(await store.get(key("a/b"))).toBeUndefined();
      expect(await store.head(key("a/b"))).toBeUndefined();
      expect(await store.list(prefix)).toEqual([key("a/c")]);
      await store.delete(key("a/c"));
      expect(await store.list(prefix)).toEqual([]);
      // The emptied folder is no obstacle to writing there again.
      await store.put(key("a/b"), new Uint8Array([3]));
      expect(await store.get(key("a/b"))).toEqual(new Uint8Array([3]));
    });

    test("lists keys under a prefix in lexical order, an object beside its own prefix included", async () => {
      const names = ["p/b", "p/a/z", "p/a-1", "p/a.1", "p/A", "p/a/b", "p", "pz", "q/x", "p/a"];
      for (const name of names) await store.put(key(name), new TextEncoder().encode(name));
      expect(await store.list(key("p/"))).toEqual(
        ["p/A", "p/a", "p/a-1", "p/a.1", "p/a/b", "p/a/z", "p/b"].map(key),
      );
      expect(await store.list(key("p/a"))).toEqual(["p/a", "p/a-1", "p/a.1", "p/a/b", "p/a/z"].map(key));
      expect(await store.list(key("p"))).toEqual(
        ["p", "p/A", "p/a", "p/a-1", "p/a.1", "p/a/b", "p/a/z", "p/b", "pz"].map(key),
      );
      expect(await store.list(key("nothing-here/"))).toEqual([]);
      // "p" and "p/a" are objects and prefixes at once; both stay readable.
      expect(new TextDecoder().decode(await store.get(key("p")))).toBe("p");
      expect(new TextDecoder().decode(await store.get(key("p/a")))).toBe("p/a");
    });

    test("lists more keys than one S3 page holds", async () => {
      const names = Array.from({ length: 1005 }, (_, i) => key(`many/${String(i).padStart(4, "0")}`));
      const one = new Uint8Array([1]);
      for (let i = 0; i < names.length; i += 50) {
        await Promise.all(names.slice(i, i + 50).map((name) => store.put(name, one)));
      }
      expect(await store.list(key("many/"))).toEqual(names);
    });

    test("refuses keys that could escape the store or differ between backends", async () => {
      const bad = [
        "",
        "/abs",
        "a/../b",
        "..",
        "./a",
        "a//b",
        "a/",
        "a\\b",
        "a\0b",
        ".hidden",
        "a/.tmp",
        "x.blob",
        "with space",
        "ünicode",
        "a".repeat(201),
        `${"abc/".repeat(300)}x`,
      ];
      for (const k of bad) {
        await expect(store.put(k, new Uint8Array([1])), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.get(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.stream(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.head(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete(k), k).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
      await expect(store.list("../")).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.list("/")).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.put("a/../b", new Uint8Array([1]))).rejects.toThrow(/Invalid blob key "a\/..\/b": /);
    });

    test("passes its health check", async () => {
      await expect(store.check()).resolves.toBeUndefined();
    });
  });
}

export async function collect(stream: AsyncIterable<Uint8Array> | undefined): Promise<Uint8Array> {
  if (!stream) throw new Error("expected a stream, got undefined");
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

async function* chunksOf(chunks: Uint8Array[]): AsyncIterable<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

async function* slices(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}

async function* chunksThenFail(): AsyncIterable<Uint8Array> {
  yield new Uint8Array(10);
  throw new Error("connection lost");
}
