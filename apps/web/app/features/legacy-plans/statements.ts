import type { PlanStatement, PlanStatementItem } from "@heirloom/crypto";

// The plan statements the owner signs (docs/file-format.md 11.6): for each recipient, which items they are to receive
// and which content each is; for a drill, its one dummy document.

export const PLAN_STATEMENT_FORMAT = "heirloom/plan-statement/v1";

const byKindThenId = (a: PlanStatementItem, b: PlanStatementItem) =>
  a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export interface ReleaseStatementInput {
  readonly planId: string;
  readonly version: number;
  readonly ownerId: string;
  readonly recipient: { readonly userId: string; readonly keyFingerprint: string };
  /** Every document of the plan with manifestContentDigestHex of its manifest. */
  readonly documents: readonly { readonly id: string; readonly digest: string }[];
  /** The recipient's letter with sha256HexOfText of its sealed blob, if they have one. */
  readonly letter: { readonly id: string; readonly digest: string } | null;
}

/** A release statement: every document, then the letter; items sorted by kind, then id. */
export function releaseStatement(input: ReleaseStatementInput): PlanStatement {
  const items: PlanStatementItem[] = [
    ...input.documents.map((d) => ({ kind: "document" as const, id: d.id, digest: d.digest })),
    ...(input.letter ? [{ kind: "letter" as const, id: input.letter.id, digest: input.letter.digest }] : []),
  ].sort(byKindThenId);
  return {
    format: PLAN_STATEMENT_FORMAT,
    planId: input.planId,
    kind: "release",
    version: input.version,
    ownerId: input.ownerId,
    recipient: { userId: input.recipient.userId, keyFingerprint: input.recipient.keyFingerprint },
    items,
  };
}

export interface DrillStatementInput {
  readonly planId: string;
  readonly version: number;
  readonly ownerId: string;
  readonly recipient: { readonly userId: string; readonly keyFingerprint: string };
  readonly drillId: string;
  /** sha256HexOfText of the drill's sealed blob. */
  readonly digest: string;
}

export function drillStatement(input: DrillStatementInput): PlanStatement {
  return {
    format: PLAN_STATEMENT_FORMAT,
    planId: input.planId,
    kind: "drill",
    version: input.version,
    ownerId: input.ownerId,
    recipient: { userId: input.recipient.userId, keyFingerprint: input.recipient.keyFingerprint },
    items: [{ kind: "drill", id: input.drillId, digest: input.digest }],
  };
}

/** The dummy document of a drill: what the recipient reads when it opens. */
export const drillText = (ownerName: string) =>
  `This is a drill from ${ownerName}. If you can read this, you will be able to open what I leave you.`;
