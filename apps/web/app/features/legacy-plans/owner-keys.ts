import { type OwnerKeys, openDetails, openOwnerKeys } from "#app/features/legacy-contacts/contact-keys.ts";
import { type PlanDetailsContent, parsePlanDetails, planDetailsObject } from "./plan-details.ts";
import { drillStatement, drillText } from "./statements.ts";

// Everything the plans page does with keys, in the crypto workers: the plan's sealed details, letters (each under its
// own DEK) and drills. No key leaves the workers except a DEK's bytes on their way to wrapDekForRecipient.

/** packages/crypto ITEM_TEXT_MAX_LENGTH (UTF-16 code units), kept here so the page needs no crypto import. */
export const LETTER_MAX_LENGTH = 100_000;

export { type OwnerKeys, openOwnerKeys };

export function sealPlanDetails(keys: OwnerKeys, planId: string, details: PlanDetailsContent) {
  return keys.crypto.api.sealPlanDetails(
    keys.account.accountKey,
    { userId: keys.account.userId, planId },
    planDetailsObject(details),
  );
}

/** The plan's details, or null when they do not open (damaged, or sealed for another plan). */
export async function openPlanDetails(
  keys: OwnerKeys,
  planId: string,
  sealed: string,
): Promise<PlanDetailsContent | null> {
  try {
    return parsePlanDetails(
      await keys.crypto.api.openPlanDetails(
        keys.account.accountKey,
        { userId: keys.account.userId, planId },
        sealed,
      ),
    );
  } catch {
    return null;
  }
}

/** The name the owner gave a contact, or null when the details do not open. */
export async function openContactName(
  keys: OwnerKeys,
  email: string,
  sealed: string,
): Promise<string | null> {
  const details = await openDetails(keys, email, sealed);
  return details?.name.trim() ? details.name.trim() : null;
}

/** A new letter: its own DEK and id; the text sealed under it, the DEK sealed for the owner. */
export async function sealLetter(keys: OwnerKeys, text: string) {
  const { api } = keys.crypto;
  const ownerId = keys.account.userId;
  const id = crypto.randomUUID();
  const dek = await api.generateDek();
  try {
    const sealed = await api.sealItemText(dek, { ownerId, itemId: id, purpose: "letter" }, text);
    const ownerDek = await api.wrapDekForOwner(keys.account.accountKey, dek, { userId: ownerId, itemId: id });
    return { id, sealed, ownerDek };
  } finally {
    dek.fill(0);
  }
}

/** The text of a saved letter, opened with the owner's copy of its DEK. */
export async function openLetter(
  keys: OwnerKeys,
  letter: { id: string; sealed: string; ownerDek: string },
): Promise<string> {
  const { api } = keys.crypto;
  const ownerId = keys.account.userId;
  const dek = await api.unwrapDekForOwner(keys.account.accountKey, letter.ownerDek, {
    userId: ownerId,
    itemId: letter.id,
  });
  try {
    return await api.openItemText(dek, { ownerId, itemId: letter.id, purpose: "letter" }, letter.sealed);
  } finally {
    dek.fill(0);
  }
}

/** A drill for one confirmed recipient: the dummy document sealed, its DEK wrapped to them, the statement signed. */
export async function buildDrill(
  keys: OwnerKeys,
  input: {
    planId: string;
    version: number;
    contactId: string;
    ownerName: string;
    recipient: { userId: string; publicKeyPem: string; fingerprint: string };
  },
) {
  const { api } = keys.crypto;
  const ownerId = keys.account.userId;
  const drillId = crypto.randomUUID();
  const dek = await api.generateDek();
  try {
    const sealed = await api.sealItemText(
      dek,
      { ownerId, itemId: drillId, purpose: "drill" },
      drillText(input.ownerName),
    );
    const wrappedDek = await api.wrapDekForRecipient(input.recipient.publicKeyPem, dek);
    const signed = await api.signPlanStatement(
      keys.account.signingKey,
      drillStatement({
        planId: input.planId,
        version: input.version,
        ownerId,
        recipient: { userId: input.recipient.userId, keyFingerprint: input.recipient.fingerprint },
        drillId,
        digest: await api.sha256HexOfText(sealed),
      }),
    );
    return {
      id: drillId,
      contactId: input.contactId,
      keyFingerprint: input.recipient.fingerprint,
      sealed,
      wrappedDek,
      statement: { statement: JSON.stringify(signed.statement), signatureB64: signed.signatureB64 },
    };
  } finally {
    dek.fill(0);
  }
}

/**
 * The reason a recipient gave for a request, opened with the owner's RSA key: null when it does not open (sealed to
 * another key, or damaged).
 */
export async function openRequestReason(
  keys: OwnerKeys,
  planId: string,
  reason: { sealed: string; dek: string },
): Promise<string | null> {
  const { api } = keys.crypto;
  const dek = await api.unwrapDekForRecipient(keys.account.privateKey, reason.dek);
  if (!dek) return null;
  try {
    return await api.openItemText(
      dek,
      { ownerId: keys.account.userId, itemId: planId, purpose: "requestReason" },
      reason.sealed,
    );
  } catch {
    return null;
  } finally {
    dek.fill(0);
  }
}
