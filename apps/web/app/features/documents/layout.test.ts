import { describe, expect, it } from "vitest";
import { completeVersion, documentPaths, foldersFromListing } from "./layout.ts";

const item = (fullPath: string, size = 10, updated = "2026-11-23T10:00:00.000Z") => ({
  bucket: "heirloom",
  fullPath,
  name: fullPath.split("/").pop() as string,
  size,
  generation: "1",
  md5Hash: "x",
  updated,
});

describe("document layout", () => {
  it("names objects by ids only, chunks zero-padded so listings sort by index", () => {
    const paths = documentPaths("u1", "d1");
    expect(paths.key).toBe("users/u1/documents/d1/key");
    expect(paths.header).toBe("users/u1/documents/d1/v1/header");
    expect(paths.chunk(12)).toBe("users/u1/documents/d1/v1/chunks/00000012");
    expect(paths.manifest).toBe("users/u1/documents/d1/v1/manifest");
  });

  it("groups a listing into documents, telling finished uploads from unfinished ones", () => {
    const p = documentPaths("u1", "done");
    const q = documentPaths("u1", "half");
    const folders = foldersFromListing("u1", [
      item(p.key, 60, "2026-01-01T00:00:00.000Z"),
      item(p.header),
      item(p.chunk(0), 4194332),
      item(p.chunk(1), 128),
      item(p.manifest),
      item(q.key),
      item(q.header),
      item(q.chunk(0), 4194332),
      item(q.chunk(2), 4194332),
      item("users/u1/documents/half/v1/chunks/not-a-chunk"),
      item("users/u2/documents/other/key"),
    ]);
    expect(folders.map((f) => f.documentId)).toEqual(["done", "half"]);
    const [done, half] = folders;
    expect(done?.created).toBe("2026-01-01T00:00:00.000Z");
    expect(completeVersion(done as never)?.version).toBe(1);
    expect(completeVersion(half as never)).toBeUndefined();
    expect([...(half?.versions.get(1)?.chunks.keys() ?? [])]).toEqual([0, 2]);
    expect(done?.storedBytes).toBe(60 + 10 + 4194332 + 128 + 10);
  });
});
