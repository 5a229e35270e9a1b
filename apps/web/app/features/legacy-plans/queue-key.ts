import type { LegacyContact, LegacyPlan } from "@heirloom/contract";
import type { PassDocument } from "./wrap-pass.ts";

// What the wrap queue looks at, reduced to one string: when the cached plans, contacts or documents change in a way
// that could mean work (a new item, recipient, letter or version; a confirmation; a document added, labelled or
// deleted), the string changes and the queue runs a pass. Its own writes leave it as the pass left it.

export function queueKey(
  plans: readonly LegacyPlan[] | undefined,
  contacts: readonly LegacyContact[] | undefined,
  documents: readonly PassDocument[] | undefined,
): string {
  return JSON.stringify([
    (plans ?? []).map((p) => [
      p.id,
      p.version,
      p.details,
      p.items.map((i) => i.id).sort(),
      p.recipients.map((r) => [
        r.contactId,
        r.letter?.id ?? null,
        r.wraps.map((w) => `${w.kind}:${w.id}:${w.keyFingerprint}`).sort(),
        r.statement ? [r.statement.version, r.statement.keyFingerprint] : null,
      ]),
    ]),
    (contacts ?? []).map((c) => [
      c.id,
      c.state,
      c.keyChanged,
      c.contact?.fingerprintHex ?? null,
      c.confirmation?.signature ?? null,
    ]),
    documents === undefined
      ? null
      : documents.map((d) => [
          d.documentId,
          d.status,
          d.labels,
          (d.manifest?.manifest.recipients ?? []).map((r) => `${r.userId}:${r.keyFingerprint}`).sort(),
        ]),
  ]);
}
