import type { LegacyPlan } from "@heirloom/contract";
import type { ContactWrapState } from "./wrappability.ts";

// Who a document's signed manifest names (docs/file-format.md 9): exactly the wrappable recipients (user id and the
// fingerprint confirmed here) of every plan that holds the document. A document in no plan names nobody. The queue
// compares this with the stored manifest and re-signs only when they differ.

export interface ManifestRecipientRef {
  readonly userId: string;
  readonly keyFingerprint: string;
}

const byUserId = (a: ManifestRecipientRef, b: ManifestRecipientRef) =>
  a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;

/** documentId -> the recipients its manifest should name, sorted by user id. Documents in no plan are absent. */
export function desiredManifestRecipients(
  plans: readonly Pick<LegacyPlan, "items" | "recipients">[],
  states: ReadonlyMap<string, ContactWrapState>,
): Map<string, ManifestRecipientRef[]> {
  const byDocument = new Map<string, Map<string, ManifestRecipientRef>>();
  for (const plan of plans) {
    const documents = plan.items.filter((i) => i.kind === "document").map((i) => i.id);
    for (const id of documents) if (!byDocument.has(id)) byDocument.set(id, new Map());
    for (const recipient of plan.recipients) {
      const state = states.get(recipient.contactId);
      if (!state?.wrappable) continue;
      for (const id of documents) {
        const named = byDocument.get(id);
        // One entry per user: manifests refuse a user listed twice.
        if (named && !named.has(state.userId)) {
          named.set(state.userId, { userId: state.userId, keyFingerprint: state.fingerprint });
        }
      }
    }
  }
  return new Map([...byDocument].map(([id, named]) => [id, [...named.values()].sort(byUserId)]));
}

/** What one document's manifest should name (nobody for a document in no plan). */
export function desiredFor(
  desired: ReadonlyMap<string, readonly ManifestRecipientRef[]>,
  documentId: string,
): readonly ManifestRecipientRef[] {
  return desired.get(documentId) ?? [];
}

/** Same people with the same keys, in any order. */
export function sameRecipients(
  current: readonly ManifestRecipientRef[],
  desired: readonly ManifestRecipientRef[],
): boolean {
  if (current.length !== desired.length) return false;
  const want = new Set(desired.map((r) => `${r.userId}\u0000${r.keyFingerprint}`));
  return current.every((r) => want.has(`${r.userId}\u0000${r.keyFingerprint}`));
}
