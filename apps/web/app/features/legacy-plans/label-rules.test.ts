import { describe, expect, it } from "vitest";
import {
  detailsAfterAdding,
  detailsAfterRemoval,
  documentsToAddByRules,
  documentsWithLabel,
} from "./label-rules.ts";
import { parsePlanDetails, planDetailsObject } from "./plan-details.ts";

const doc = (documentId: string, labels: string[], status: "ready" | "incomplete" | "damaged" = "ready") => ({
  documentId,
  labels,
  status,
});
const documents = [
  doc("will", ["Family", "Legal"]),
  doc("deeds", ["House"]),
  doc("photo", ["Family"]),
  doc("half", ["Family"], "incomplete"),
  doc("broken", ["Family"], "damaged"),
];

describe("label rules", () => {
  it("by label: only complete, verified documents carrying it", () => {
    expect(documentsWithLabel(documents, "Family").map((d) => d.documentId)).toEqual(["will", "photo"]);
    expect(documentsWithLabel(documents, "Nothing")).toEqual([]);
  });

  it("a rule adds matching documents not in the plan and not taken out by hand", () => {
    const details = { labels: ["Family"], excludedIds: ["photo"] };
    expect(documentsToAddByRules(new Set(), details, documents)).toEqual(["will"]);
    expect(documentsToAddByRules(new Set(["will"]), details, documents)).toEqual([]);
    expect(
      documentsToAddByRules(new Set(), { labels: ["Family", "House"], excludedIds: [] }, documents),
    ).toEqual(["will", "deeds", "photo"]);
    expect(documentsToAddByRules(new Set(), { labels: [], excludedIds: [] }, documents)).toEqual([]);
  });

  it("removing a document a rule would add back remembers it; adding it by hand forgets that", () => {
    const details = { name: "For Sam", labels: ["Family"], excludedIds: [] };
    const removed = detailsAfterRemoval(details, doc("photo", ["Family"]));
    expect(removed?.excludedIds).toEqual(["photo"]);
    expect(detailsAfterRemoval(details, doc("deeds", ["House"]))).toBeNull();
    expect(detailsAfterRemoval(details, undefined)).toBeNull();
    expect(removed && detailsAfterRemoval(removed, doc("photo", ["Family"]))).toBeNull();
    expect(removed && detailsAfterAdding(removed, ["photo"])?.excludedIds).toEqual([]);
    expect(detailsAfterAdding(details, ["photo"])).toBeNull();
  });

  it("the sealed details read back tolerantly", () => {
    const object = planDetailsObject({ name: "For Sam", labels: ["Family", "Family"], excludedIds: [] });
    expect(object).toEqual({ name: "For Sam", labels: ["Family"], excludedIds: [] });
    expect(parsePlanDetails(object)).toEqual({ name: "For Sam", labels: ["Family"], excludedIds: [] });
    expect(parsePlanDetails({ name: 3, labels: "Family", excludedIds: [1, "x"] })).toEqual({
      name: "",
      labels: [],
      excludedIds: ["x"],
    });
  });
});
