import { compareCodeUnits } from "./canonical-json.ts";
import { canonicalBytes, shapeChecks, signBytesB64, verifyBytesB64 } from "./signed-json.ts";
import type { Bytes, PublicKeyPem, SigningPrivateKey } from "./types.ts";

// [Note: What a plan statement pins]
// For each recipient of a plan (or of a drill) the owner's browser signs which items that recipient is to receive, and
// for each item which content: a document by manifestContentDigestHex (its manifest without the recipients, so adding
// a recipient later does not invalidate other recipients' statements), a letter or drill by the SHA-256 of its sealed
// blob string. The recipient's browser checks the signature with the owner's signing key and then that the items it
// was served are exactly these, with these digests, so a server cannot add, drop or swap an item. The plan's version
// orders statements; the recipient's key fingerprint says which key the DEKs were wrapped to. ADR 038.

export const PLAN_STATEMENT_FORMAT_V1 = "heirloom/plan-statement/v1";

export const PLAN_STATEMENT_KINDS = ["release", "drill"] as const;
export type PlanStatementKind = (typeof PLAN_STATEMENT_KINDS)[number];

export const PLAN_STATEMENT_ITEM_KINDS = ["document", "letter", "drill"] as const;
export type PlanStatementItemKind = (typeof PLAN_STATEMENT_ITEM_KINDS)[number];

export interface PlanStatementItem {
  readonly kind: PlanStatementItemKind;
  readonly id: string;
  /** Document: manifestContentDigestHex of its manifest. Letter or drill: sha256HexOfText(sealed blob string). */
  readonly digest: string;
}

export interface PlanStatementRecipient {
  readonly userId: string;
  /** publicKeyFingerprintHex of the key the items' DEKs are wrapped to. */
  readonly keyFingerprint: string;
}

export interface PlanStatement {
  /** PLAN_STATEMENT_FORMAT_V1; signPlanStatement sets it. A statement without it is read as v1. */
  readonly format?: string;
  readonly planId: string;
  readonly kind: PlanStatementKind;
  /** The plan's version when signed: an integer >= 1. */
  readonly version: number;
  readonly ownerId: string;
  readonly recipient: PlanStatementRecipient;
  /** Ids unique within the statement; the order does not matter (they are signed sorted by kind, then id). */
  readonly items: readonly PlanStatementItem[];
}

export interface SignedPlanStatement {
  /** As signed: format set, items sorted, other members dropped. Store it as JSON. */
  readonly statement: PlanStatement;
  /** Ed25519 over canonicalPlanStatementBytes(statement), standard base64. */
  readonly signatureB64: string;
}

type ValidatedStatement = {
  format: string;
  planId: string;
  kind: PlanStatementKind;
  version: number;
  ownerId: string;
  recipient: { userId: string; keyFingerprint: string };
  items: { kind: PlanStatementItemKind; id: string; digest: string }[];
};

function validated(statement: PlanStatement): ValidatedStatement {
  const { fail, text, count, hex64, oneOf } = shapeChecks("invalidPlanStatement");
  if (typeof statement !== "object" || statement === null) fail("expected an object");
  if (statement.format !== undefined && statement.format !== PLAN_STATEMENT_FORMAT_V1) fail("format");
  const recipient = statement.recipient;
  if (typeof recipient !== "object" || recipient === null) fail("recipient");
  if (!Array.isArray(statement.items)) fail("items");
  const items = statement.items
    .map((item: PlanStatementItem) => ({
      kind: oneOf(item?.kind, PLAN_STATEMENT_ITEM_KINDS, "item kind"),
      id: text(item?.id, "item id"),
      digest: hex64(item?.digest, "item digest"),
    }))
    .sort((a, b) => compareCodeUnits(a.kind, b.kind) || compareCodeUnits(a.id, b.id));
  const ids = new Set(items.map((item) => item.id));
  if (ids.size !== items.length) fail("duplicate item id");
  return {
    format: PLAN_STATEMENT_FORMAT_V1,
    planId: text(statement.planId, "planId"),
    kind: oneOf(statement.kind, PLAN_STATEMENT_KINDS, "kind"),
    version: count(statement.version, "version", 1),
    ownerId: text(statement.ownerId, "ownerId"),
    recipient: {
      userId: text(recipient.userId, "recipient userId"),
      keyFingerprint: hex64(recipient.keyFingerprint, "recipient keyFingerprint"),
    },
    items,
  };
}

/** The exact bytes that are signed: JCS of the checked statement, items sorted by (kind, id). */
export function canonicalPlanStatementBytes(statement: PlanStatement): Bytes {
  return canonicalBytes(validated(statement));
}

/** Throws CryptoError("invalidPlanStatement") for a malformed statement (an empty id, a duplicate item, ...). */
export async function signPlanStatement(
  signingKey: SigningPrivateKey,
  statement: PlanStatement,
): Promise<SignedPlanStatement> {
  const stored = validated(statement);
  return { statement: stored, signatureB64: await signBytesB64(signingKey, canonicalBytes(stored)) };
}

/**
 * True only for a well-formed statement with a valid signature by the holder of `signingPublicKeyPem`. The caller
 * then compares it with what it was served: the plan, the version, its own user id and key, every item and digest.
 */
export async function verifyPlanStatement(
  signingPublicKeyPem: PublicKeyPem,
  signed: SignedPlanStatement,
): Promise<boolean> {
  return verifyBytesB64(signingPublicKeyPem, signed?.signatureB64, () =>
    canonicalPlanStatementBytes(signed.statement),
  );
}
