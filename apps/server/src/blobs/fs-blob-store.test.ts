import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBlobStoreSuite } from "./blob-store.suite.ts";
import { createFsBlobStore } from "./fs-blob-store.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "heirloom-blobs-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// The root does not exist yet: the store creates it on first write.
runBlobStoreSuite("fs", async () => createFsBlobStore(path.join(root, "suite")));

describe("fs blob store on disk", () => {
  it("keeps objects as nested files and leaves no temporary file after a failed write", async () => {
    const store = createFsBlobStore(path.join(root, "disk"));
    await store.put("docs/1/manifest", new Uint8Array([1, 2, 3]));
    const failing = (async function* () {
      yield new Uint8Array(1024);
      throw new Error("disk unplugged");
    })();
    await expect(store.put("docs/1/manifest", failing)).rejects.toThrow("disk unplugged");
    expect(await readdir(path.join(root, "disk", "docs", "1"))).toEqual(["manifest.blob"]);
    expect(await store.get("docs/1/manifest")).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("a body that fails while an earlier part is being written leaves the previous version and no temporary file", async () => {
    const store = createFsBlobStore(path.join(root, "batched"));
    await store.put("docs/2/chunk", new Uint8Array([7]));
    const failing = (async function* () {
      // More than one write batch, so a write is in flight when the body fails.
      for (let i = 0; i < 40; i++) yield new Uint8Array(64 * 1024).fill(i);
      throw new Error("connection lost");
    })();
    await expect(store.put("docs/2/chunk", failing)).rejects.toThrow("connection lost");
    expect(await readdir(path.join(root, "batched", "docs", "2"))).toEqual(["chunk.blob"]);
    expect(await store.get("docs/2/chunk")).toEqual(new Uint8Array([7]));
  });

  it("ignores leftovers of an interrupted write when listing", async () => {
    const dir = path.join(root, "leftovers");
    const store = createFsBlobStore(dir);
    await store.put("a/b", new Uint8Array([1]));
    const { writeFile } = await import("node:fs/promises");
    await writeFile(path.join(dir, "a", ".b.blob.0123456789abcdef.tmp"), "half");
    expect(await store.list("")).toEqual(["a/b"]);
  });

  it("removes folders emptied by a delete", async () => {
    const dir = path.join(root, "prune");
    const store = createFsBlobStore(dir);
    await store.put("x/y/z", new Uint8Array([1]));
    await store.delete("x/y/z");
    expect(await readdir(dir)).toEqual([]);
  });
});
