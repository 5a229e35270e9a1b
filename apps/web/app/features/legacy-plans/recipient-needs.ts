import type { LegacyPlan, LegacyPlanRecipient, LegacyWrapKind } from "@heirloom/contract";

// What one recipient of a plan must hold, and what is missing, from the server's answer alone (no local
// bookkeeping): every item of the plan plus their letter, each wrapped to the key fingerprint this browser confirmed,
// under a statement signed for the plan's current version and that key.

export interface WrapRef {
  readonly kind: LegacyWrapKind;
  readonly id: string;
}

export interface RecipientNeeds {
  /** Every item of the plan, then the letter (if any). */
  readonly needed: readonly WrapRef[];
  /** Needed items with no wrap to `fingerprint`. */
  readonly pending: readonly WrapRef[];
  /** No statement, one for an older version of the plan, or one for another key. */
  readonly stale: boolean;
}

export const wrapKey = (ref: WrapRef) => `${ref.kind}:${ref.id}`;

export function neededItems(
  plan: Pick<LegacyPlan, "items">,
  recipient: Pick<LegacyPlanRecipient, "letter">,
): WrapRef[] {
  return [
    ...plan.items.map((item) => ({ kind: item.kind, id: item.id })),
    ...(recipient.letter ? [{ kind: "letter" as const, id: recipient.letter.id }] : []),
  ];
}

/**
 * `currentDigests` maps "document:{id}" to the content digest of the document's manifest as it is now (when this
 * browser has read it): a statement that pinned another digest (the document was renamed since) is stale too.
 */
export function recipientNeeds(
  plan: Pick<LegacyPlan, "items" | "version">,
  recipient: Pick<LegacyPlanRecipient, "letter" | "wraps" | "statement">,
  fingerprint: string,
  currentDigests: ReadonlyMap<string, string> = new Map(),
): RecipientNeeds {
  const needed = neededItems(plan, recipient);
  const held = new Set(recipient.wraps.filter((w) => w.keyFingerprint === fingerprint).map(wrapKey));
  const pending = needed.filter((ref) => !held.has(wrapKey(ref)));
  const statement = recipient.statement;
  const digestChanged =
    statement?.items.some((item) => {
      const current = currentDigests.get(`${item.kind}:${item.id}`);
      return current !== undefined && current !== item.digest;
    }) ?? false;
  const stale =
    !statement ||
    statement.version < plan.version ||
    statement.keyFingerprint !== fingerprint ||
    digestChanged;
  return { needed, pending, stale };
}

/** Whether there is work for this recipient. A brand-new recipient with nothing to receive is left alone. */
export function needsWork(needs: RecipientNeeds, hasStatement: boolean): boolean {
  if (needs.pending.length > 0) return true;
  if (!needs.stale) return false;
  return needs.needed.length > 0 || hasStatement;
}
