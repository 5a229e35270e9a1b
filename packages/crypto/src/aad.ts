import { concatBytes, u32be, utf8Encode } from "./encoding.ts";
import type { Bytes } from "./types.ts";

// [Note: Additional data layout]
// Every AES-GCM operation in Heirloom authenticates "additional data" that names what the ciphertext is, so a blob
// cannot be moved to another field, another user, another item or another format version without failing to
// decrypt. The layout is a sequence of length-prefixed UTF-8 strings (4-byte big-endian length, then the bytes),
// optionally followed by fixed-width integers. A sequence of length-prefixed strings is uniquely decodable, so two
// different contexts can never produce the same bytes. docs/file-format.md gives the exact layouts.

/** Purposes of the small AES-GCM blobs (docs/file-format.md, "Sealed blobs"). Never rename: they are in the AAD. */
export const BlobPurpose = {
  vaultAccountKey: "vault/account-key",
  vaultRsaPrivateKey: "vault/rsa-private-key",
  vaultSigningPrivateKey: "vault/signing-private-key",
  recoveryAccountKey: "recovery/account-key",
  recoveryRsaPrivateKey: "recovery/rsa-private-key",
  recoverySigningPrivateKey: "recovery/signing-private-key",
  itemDek: "item/dek",
  /** A legacy contact's name and relationship; itemId = the invited email address, trimmed and lower-cased. */
  legacyContactDetails: "legacy/contact-details",
  /** A plan's own settings (its name, its label rules); itemId = the plan id. */
  legacyPlanDetails: "legacy/plan-details",
  /** A letter to one recipient, under the letter's own DEK; itemId = the letter id. */
  legacyLetter: "legacy/letter",
  /** A drill's dummy document, under the drill's own DEK; itemId = the drill id. */
  legacyDrill: "legacy/drill",
  /**
   * A recipient's reason for asking for access, under its own DEK (wrapped to the owner's RSA key); userId = the
   * owner, itemId = the plan id.
   */
  legacyRequestReason: "legacy/request-reason",
} as const;

export type BlobPurpose = (typeof BlobPurpose)[keyof typeof BlobPurpose];

/** Purposes whose blobs belong to one item of a user, so the item id is bound into the AAD as well. */
const PURPOSES_WITH_ITEM_ID: ReadonlySet<BlobPurpose> = new Set([
  BlobPurpose.itemDek,
  BlobPurpose.legacyContactDetails,
  BlobPurpose.legacyPlanDetails,
  BlobPurpose.legacyLetter,
  BlobPurpose.legacyDrill,
  BlobPurpose.legacyRequestReason,
]);

/** Who and what a blob belongs to. `itemId` is required for the per-item purposes and forbidden elsewhere. */
export interface BlobContext {
  readonly userId: string;
  readonly itemId?: string;
}

export const BLOB_AAD_DOMAIN_V1 = "heirloom/blob/v1";
export const FILE_AAD_DOMAIN_V1 = "heirloom/file/v1";

export function lengthPrefixed(parts: readonly string[]): Bytes {
  return concatBytes(
    ...parts.flatMap((part) => {
      const bytes = utf8Encode(part);
      return [u32be(bytes.length), bytes];
    }),
  );
}

function requireId(value: string | undefined, name: string): string {
  if (typeof value !== "string" || value.length === 0) throw new Error(`${name} is required`);
  return value;
}

/** AAD of a v1 sealed blob: LP("heirloom/blob/v1") || LP(purpose) || LP(userId) [|| LP(itemId)]. */
export function blobAadV1(purpose: BlobPurpose, context: BlobContext): Bytes {
  const userId = requireId(context.userId, "userId");
  if (PURPOSES_WITH_ITEM_ID.has(purpose)) {
    return lengthPrefixed([BLOB_AAD_DOMAIN_V1, purpose, userId, requireId(context.itemId, "itemId")]);
  }
  if (context.itemId !== undefined) throw new Error(`${purpose} does not take an itemId`);
  return lengthPrefixed([BLOB_AAD_DOMAIN_V1, purpose, userId]);
}

/** AAD of a v1 file header: LP("heirloom/file/v1") || LP("header") || LP(fileId). */
export function fileHeaderAadV1(fileId: string): Bytes {
  return lengthPrefixed([FILE_AAD_DOMAIN_V1, "header", requireId(fileId, "fileId")]);
}

/** AAD of a v1 file chunk: LP("heirloom/file/v1") || LP("chunk") || LP(fileId) || u32be(index) || u8(isLast). */
export function fileChunkAadV1(fileId: string, index: number, isLast: boolean): Bytes {
  return concatBytes(
    lengthPrefixed([FILE_AAD_DOMAIN_V1, "chunk", requireId(fileId, "fileId")]),
    u32be(index),
    new Uint8Array([isLast ? 1 : 0]),
  );
}
