import type { PlanDetailsContent } from "./plan-details.ts";

// Label rules: a plan can take every document with a label, now, and (when the owner asks) every document that gets
// that label later. The browser applies the rule when it sees the document list: the server never reads labels.

export interface LabelledDocument {
  readonly documentId: string;
  readonly status: "ready" | "incomplete" | "damaged";
  readonly labels: readonly string[];
}

/** Complete, verified documents carrying `label`: the only ones a plan can hand on. */
export function documentsWithLabel<T extends LabelledDocument>(documents: readonly T[], label: string): T[] {
  return documents.filter((d) => d.status === "ready" && d.labels.includes(label));
}

/**
 * The documents a plan's label rules add now: ready, carrying one of the rule labels, not in the plan yet, and not
 * taken out of it by hand.
 */
export function documentsToAddByRules(
  planItemIds: ReadonlySet<string>,
  details: Pick<PlanDetailsContent, "labels" | "excludedIds">,
  documents: readonly LabelledDocument[],
): string[] {
  if (details.labels.length === 0) return [];
  const excluded = new Set(details.excludedIds);
  return documents
    .filter(
      (d) =>
        d.status === "ready" &&
        !planItemIds.has(d.documentId) &&
        !excluded.has(d.documentId) &&
        d.labels.some((label) => details.labels.includes(label)),
    )
    .map((d) => d.documentId);
}

/**
 * The details after the owner removes a document by hand: if a rule would add it again, it is remembered as
 * excluded. Returns null when nothing needs to change.
 */
export function detailsAfterRemoval(
  details: PlanDetailsContent,
  document: Pick<LabelledDocument, "documentId" | "labels"> | undefined,
): PlanDetailsContent | null {
  if (!document || details.excludedIds.includes(document.documentId)) return null;
  if (!document.labels.some((label) => details.labels.includes(label))) return null;
  return { ...details, excludedIds: [...details.excludedIds, document.documentId] };
}

/** The details after the owner adds documents by hand: they are no longer excluded. Null when nothing changes. */
export function detailsAfterAdding(
  details: PlanDetailsContent,
  documentIds: readonly string[],
): PlanDetailsContent | null {
  const added = new Set(documentIds);
  if (!details.excludedIds.some((id) => added.has(id))) return null;
  return { ...details, excludedIds: details.excludedIds.filter((id) => !added.has(id)) };
}
