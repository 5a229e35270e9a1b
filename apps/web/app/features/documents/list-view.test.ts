import { describe, expect, it } from "vitest";
import { allLabels, visibleDocuments } from "./list-view.ts";

const doc = (name: string, size: number, added: string, type = "application/pdf", labels: string[] = []) => ({
  name,
  size,
  added,
  type,
  labels,
});
const docs = [
  doc("Will 2024.pdf", 300, "2026-01-03T00:00:00Z", "application/pdf", ["Will"]),
  doc("Café deed.png", 100, "2026-01-01T00:00:00Z", "image/png", ["House"]),
  doc("notes 10.txt", 200, "2026-01-02T00:00:00Z", "text/plain", ["House", "Will"]),
  doc("notes 9.txt", 50, "2026-01-04T00:00:00Z", "text/plain"),
];
const names = (list: typeof docs) => list.map((d) => d.name);

describe("the document list", () => {
  it("sorts by date, name (numbers in order), size and type", () => {
    expect(names(visibleDocuments(docs, { search: "", order: "newest" }))[0]).toBe("notes 9.txt");
    expect(names(visibleDocuments(docs, { search: "", order: "oldest" }))[0]).toBe("Café deed.png");
    expect(names(visibleDocuments(docs, { search: "", order: "nameAsc" }))).toEqual([
      "Café deed.png",
      "notes 9.txt",
      "notes 10.txt",
      "Will 2024.pdf",
    ]);
    expect(names(visibleDocuments(docs, { search: "", order: "largest" }))[0]).toBe("Will 2024.pdf");
    expect(names(visibleDocuments(docs, { search: "", order: "smallest" }))[0]).toBe("notes 9.txt");
    expect(names(visibleDocuments(docs, { search: "", order: "type" }))).toEqual([
      "Will 2024.pdf",
      "Café deed.png",
      "notes 9.txt",
      "notes 10.txt",
    ]);
  });

  it("searches names ignoring case and accents, and filters by label", () => {
    expect(names(visibleDocuments(docs, { search: "CAFE", order: "nameAsc" }))).toEqual(["Café deed.png"]);
    expect(names(visibleDocuments(docs, { search: "notes", order: "nameAsc", label: "Will" }))).toEqual([
      "notes 10.txt",
    ]);
    expect(allLabels(docs)).toEqual(["House", "Will"]);
  });
});
