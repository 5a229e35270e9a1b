import { BlobPurpose } from "./aad.ts";
import { CryptoError } from "./errors.ts";
import { isJsonObject, openJson, type SealedJsonRules, sealJson } from "./sealed-json.ts";
import type { AccountKey, SealedBlobString } from "./types.ts";

// The name and relationship an owner gives a legacy contact are theirs alone: the server stores them sealed under the
// owner's account key. The owner seals them before inviting, so the contact has no id yet; the invited address (which
// the server keeps anyway) is the item id, so the server cannot move one contact's details onto another's row.

/** What the owner writes about a legacy contact. */
export interface ContactDetails {
  readonly name: string;
  readonly relationship: string;
}

/** The owner, and the address the contact was invited at (trimmed and lower-cased before use, as the server does). */
export interface ContactDetailsContext {
  readonly userId: string;
  readonly email: string;
}

/**
 * Cap on the JSON plaintext: sealed, it stays under the server's 4,096-character limit for `details`
 * (20 + 4 * ceil((3000 + 16) / 3) = 4,044 characters).
 */
export const CONTACT_DETAILS_MAX_BYTES = 3_000;

const RULES: SealedJsonRules = {
  purpose: BlobPurpose.legacyContactDetails,
  maxBytes: CONTACT_DETAILS_MAX_BYTES,
  invalid: "invalidContactDetails",
};

/** The contact's item id in the AAD: the invited address, trimmed and lower-cased (String.prototype.toLowerCase). */
export function contactDetailsItemId(email: string): string {
  const itemId = typeof email === "string" ? email.trim().toLowerCase() : "";
  if (!itemId) throw new CryptoError("invalidContactDetails", "email");
  return itemId;
}

function blobContext(context: ContactDetailsContext) {
  if (typeof context?.userId !== "string" || !context.userId) {
    throw new CryptoError("invalidContactDetails", "userId");
  }
  return { userId: context.userId, itemId: contactDetailsItemId(context.email) };
}

function checked(details: unknown): ContactDetails {
  if (!isJsonObject(details)) throw new CryptoError("invalidContactDetails", "expected an object");
  const { name, relationship } = details;
  if (typeof name !== "string") throw new CryptoError("invalidContactDetails", "name");
  if (typeof relationship !== "string") throw new CryptoError("invalidContactDetails", "relationship");
  return { name, relationship };
}

/** UTF-8 JSON `{"name":...,"relationship":...}` sealed under the account key (purpose legacy/contact-details). */
export async function sealContactDetails(
  accountKey: AccountKey,
  context: ContactDetailsContext,
  details: ContactDetails,
): Promise<SealedBlobString> {
  const { name, relationship } = checked(details);
  return sealJson(accountKey, { name, relationship }, RULES, blobContext(context));
}

/** Throws CryptoError (malformedBlob, decryptionFailed, invalidContactDetails); other members are ignored. */
export async function openContactDetails(
  accountKey: AccountKey,
  context: ContactDetailsContext,
  blob: SealedBlobString,
): Promise<ContactDetails> {
  return checked(await openJson(accountKey, blob, RULES, blobContext(context)));
}
