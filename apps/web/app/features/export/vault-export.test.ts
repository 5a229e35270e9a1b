import { describe, expect, it } from "vitest";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import { exportFileName, exportIndex, INDEX_NAME, planExport } from "./vault-export.ts";

const entry = (over: Partial<DocumentEntry>): DocumentEntry => ({
  documentId: "d",
  status: "ready",
  version: 1,
  name: "Will.pdf",
  type: "application/pdf",
  size: 10,
  added: "2026-11-01T10:00:00.000Z",
  labels: [],
  chunkCount: 1,
  storedChunks: new Map(),
  storedBytes: 38,
  ...over,
});

describe("planning the vault export", () => {
  it("exports complete documents under unique names and says why the others are left out", () => {
    const plan = planExport([
      entry({ documentId: "a", name: "Will.pdf", size: 10, labels: ["Family"] }),
      entry({ documentId: "b", name: "will.pdf", size: 20 }),
      entry({ documentId: "c", name: "Half uploaded.mov", status: "incomplete", size: 1e9 }),
      entry({ documentId: "d", name: "Broken.txt", status: "damaged" }),
      entry({ documentId: "e", name: INDEX_NAME, size: 5 }),
    ]);
    expect(plan.files).toEqual(["Will.pdf", "will (2).pdf", "heirloom-export (2).json"]);
    expect(plan.bytes).toBe(35);
    expect(plan.leftOut).toEqual([
      { name: "Half uploaded.mov", reason: expect.stringMatching(/upload never finished/) },
      { name: "Broken.txt", reason: expect.stringMatching(/cannot be verified/) },
    ]);
    const index = exportIndex(plan, new Date("2026-11-23T12:00:00Z"));
    expect(index.exportedAt).toBe("2026-11-23T12:00:00.000Z");
    expect(index.documents[0]).toEqual({
      file: "Will.pdf",
      name: "Will.pdf",
      type: "application/pdf",
      size: 10,
      added: "2026-11-01T10:00:00.000Z",
      labels: ["Family"],
    });
    // No document id, key or manifest reaches the index.
    expect(JSON.stringify(index)).not.toMatch(/"documentId"|dekKey|manifest/);
  });

  it("names the file after the day", () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe("heirloom-documents-2026-01-05.zip");
  });
});
