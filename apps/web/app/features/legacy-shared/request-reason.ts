import type { LegacyAccessRequest } from "@heirloom/contract";
import { getCryptoClient } from "#app/features/session/index.ts";

/** What a person may write as the reason for a request (the owner reads it in full on the plan's page). */
export const REQUEST_REASON_MAX_LENGTH = 2_000;

/**
 * A request's reason, sealed in this tab's crypto workers for the owner alone: the text under a fresh DEK (purpose
 * legacy/request-reason, the owner's id and the plan's), the DEK wrapped to the owner's RSA key
 * (docs/file-format.md section 11.4). An empty reason is sent as none.
 */
export async function sealRequestReason(
  plan: { planId: string; ownerId: string; ownerPublicKeyPem: string | null },
  text: string,
): Promise<LegacyAccessRequest["reason"]> {
  const reason = text.trim();
  if (!reason || !plan.ownerPublicKeyPem) return null;
  const { api } = await getCryptoClient();
  const dek = await api.generateDek();
  try {
    const sealed = await api.sealItemText(
      dek,
      { ownerId: plan.ownerId, itemId: plan.planId, purpose: "requestReason" },
      reason,
    );
    return { sealed, dek: await api.wrapDekForRecipient(plan.ownerPublicKeyPem, dek) };
  } finally {
    dek.fill(0);
  }
}
