import { describe, expect, it } from "vitest";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import { DocumentIntegrityError } from "#app/features/documents/download.ts";
// biome-ignore lint/style/noRestrictedImports: the independent ZIP reader is shared with the browser journeys (e2e/support).
import { readZip } from "../../../../../e2e/support/zip.ts";
import { planSharedZip, type SharedZipStatus, sharedZipFileName, writeSharedZip } from "./shared-zip.ts";

const entry = (documentId: string, name: string, size: number): DocumentEntry => ({
  documentId,
  ownerId: "owner-1",
  status: "ready",
  version: 1,
  name,
  type: "text/plain",
  size,
  added: undefined,
  labels: [],
  chunkCount: 1,
  storedChunks: new Map(),
  storedBytes: size + 28,
});

/** Stands in for decryptDocument: writes the entry's name repeated to its size, in two pieces, with status. */
const fakeDecrypt = async (
  e: DocumentEntry,
  sink: { write(bytes: Uint8Array<ArrayBuffer>): Promise<void> | void },
  options: {
    onStatus?: (s: { done: number; total: number; bytesPerSecond: number; secondsLeft: undefined }) => void;
  },
) => {
  const bytes = new TextEncoder().encode(e.name.repeat(e.size).slice(0, e.size));
  const half = Math.floor(bytes.length / 2);
  for (const [from, to] of [
    [0, half],
    [half, bytes.length],
  ] as const) {
    await sink.write(bytes.slice(from, to));
    options.onStatus?.({ done: to, total: e.size, bytesPerSecond: 0, secondsLeft: undefined });
  }
};

async function zipOf(
  input: Parameters<typeof writeSharedZip>[0],
  options: Parameters<typeof writeSharedZip>[2],
) {
  const parts: Uint8Array[] = [];
  const result = await writeSharedZip(input, { write: (b) => void parts.push(b.slice()) }, options);
  return { result, files: await readZip(Buffer.concat(parts)) };
}

describe("downloading everything", () => {
  const documents = [entry("a", "Will.txt", 40), entry("b", "will.txt", 10), entry("c", "../deeds.txt", 5)];

  it("writes the letter first, then every document under a safe, unique name", async () => {
    const statuses: SharedZipStatus[] = [];
    const { result, files } = await zipOf(
      {
        ownerName: "Olive Owner",
        text: { purpose: "letter", text: "Dear Sam,\nit is all here." },
        documents,
      },
      { decrypt: fakeDecrypt, onStatus: (s) => statuses.push(s), now: new Date(2026, 10, 24) },
    );
    expect(files.map((f) => f.name)).toEqual([
      "Letter from Olive Owner.txt",
      "Will.txt",
      "will (2).txt",
      "_deeds.txt",
    ]);
    expect(files[0]?.data.toString("utf8")).toBe("Dear Sam,\nit is all here.");
    expect(files[1]?.data.toString("utf8")).toBe("Will.txt".repeat(5));
    expect(result.documents).toBe(3);
    expect(statuses.at(-1)).toMatchObject({ position: 3, count: 3, done: 55, total: 55 });
    expect(statuses.map((s) => s.done)).toEqual([...statuses.map((s) => s.done)].sort((x, y) => x - y));
  });

  it("names a drill's text as a drill, and the file after the owner and the day", () => {
    expect(
      planSharedZip({ ownerName: "Olive", text: { purpose: "drill", text: "test" }, documents: [] }).textFile,
    ).toBe("Drill message from Olive.txt");
    expect(sharedZipFileName("Olive/Owner", new Date(2026, 10, 24))).toBe(
      "Shared by Olive_Owner 2026-11-24.zip",
    );
  });

  it("stops at a cancel or a document that fails its checks", async () => {
    const abort = new AbortController();
    await expect(
      zipOf(
        { ownerName: "Olive", text: null, documents },
        {
          decrypt: async (e, sink, options) => {
            await fakeDecrypt(e, sink, options);
            abort.abort();
          },
          signal: abort.signal,
        },
      ),
    ).rejects.toMatchObject({ code: "storage/canceled" });
    await expect(
      zipOf(
        { ownerName: "Olive", text: null, documents },
        {
          decrypt: async () => {
            throw new DocumentIntegrityError();
          },
        },
      ),
    ).rejects.toBeInstanceOf(DocumentIntegrityError);
  });
});
