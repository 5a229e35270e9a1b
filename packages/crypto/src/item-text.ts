import { BlobPurpose } from "./aad.ts";
import { importDekKey } from "./dek.ts";
import { utf8Decode, utf8Encode } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { openBlob, sealBlob } from "./sealed-blob.ts";
import type { DekBytes, SealedBlobString } from "./types.ts";

// A letter to one recipient, or a drill's dummy document, is an item of its own: text sealed under the item's own DEK,
// whose owner copy is wrapDekForOwner (itemId = the letter or drill id) and whose recipient copy is
// wrapDekForRecipient. The AAD names the owner, the item and whether it is a letter or a drill, so the server cannot
// hand a recipient a drill's text as a letter, or one letter in place of another under a reused key. A recipient's
// reason for asking for access is text of the same kind the other way round: written by the recipient, sealed under
// its own DEK, the DEK wrapped to the owner's RSA key; its AAD names the owner and the plan (itemId = the plan id).

export type ItemTextPurpose = "letter" | "drill" | "requestReason";

export interface ItemTextContext {
  /** The owner's user id: the recipient knows it too, so both sides build the same AAD. */
  readonly ownerId: string;
  /** The letter's or the drill's id; for a request's reason, the plan's id. */
  readonly itemId: string;
  readonly purpose: ItemTextPurpose;
}

/** In UTF-16 code units (String.prototype.length, what a textarea's maxlength counts). */
export const ITEM_TEXT_MAX_LENGTH = 100_000;
/** Each UTF-16 code unit is at most 3 bytes of UTF-8, so no valid text is longer than this. */
const ITEM_TEXT_MAX_BYTES = 3 * ITEM_TEXT_MAX_LENGTH;

const PURPOSES: Readonly<Record<ItemTextPurpose, BlobPurpose>> = {
  letter: BlobPurpose.legacyLetter,
  drill: BlobPurpose.legacyDrill,
  requestReason: BlobPurpose.legacyRequestReason,
};

function blobPurpose(context: ItemTextContext) {
  const valid = (value: unknown) => typeof value === "string" && value.length > 0;
  if (!valid(context?.ownerId)) throw new CryptoError("invalidItemText", "ownerId");
  if (!valid(context.itemId)) throw new CryptoError("invalidItemText", "itemId");
  if (!Object.hasOwn(PURPOSES, context.purpose)) throw new CryptoError("invalidItemText", "purpose");
  return { purpose: PURPOSES[context.purpose], ids: { userId: context.ownerId, itemId: context.itemId } };
}

function checkedText(text: unknown): string {
  if (typeof text !== "string") throw new CryptoError("invalidItemText", "expected text");
  if (text.length > ITEM_TEXT_MAX_LENGTH) {
    throw new CryptoError("invalidItemText", `over ${ITEM_TEXT_MAX_LENGTH} characters`);
  }
  return text;
}

/** UTF-8 text sealed under the item's DEK (purpose legacy/letter or legacy/drill, userId = ownerId). */
export async function sealItemText(
  dekBytes: DekBytes,
  context: ItemTextContext,
  text: string,
): Promise<SealedBlobString> {
  const { purpose, ids } = blobPurpose(context);
  const plaintext = utf8Encode(checkedText(text));
  return sealBlob(await importDekKey(dekBytes), plaintext, purpose, ids);
}

/** Throws CryptoError (invalidDekLength, malformedBlob, decryptionFailed, invalidItemText). */
export async function openItemText(
  dekBytes: DekBytes,
  context: ItemTextContext,
  blob: SealedBlobString,
): Promise<string> {
  const { purpose, ids } = blobPurpose(context);
  const plaintext = await openBlob(await importDekKey(dekBytes), blob, purpose, ids);
  if (plaintext.length > ITEM_TEXT_MAX_BYTES) throw new CryptoError("invalidItemText", "too long");
  let text: string;
  try {
    text = utf8Decode(plaintext);
  } catch {
    throw new CryptoError("invalidItemText", "not UTF-8");
  }
  return checkedText(text);
}
