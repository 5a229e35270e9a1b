import type { LegacyPlan } from "@heirloom/contract";
import { callApi } from "#app/lib/api.ts";
import { type OwnerKeys, openOwnerKeys, sealPlanDetails } from "./owner-keys.ts";
import type { PlanDetailsContent } from "./plan-details.ts";
import { dropPlan, putPlan } from "./wrap-queue.ts";

// The plan changes the page makes, each written back into the cached list so every part of the page (and the wrap
// queue, which watches the cache) follows at once.

/** Seals the details under the account key (bound to the plan id) and saves them. */
export async function savePlanDetails(
  plan: Pick<LegacyPlan, "id">,
  details: PlanDetailsContent,
  keys?: OwnerKeys,
) {
  const sealed = await sealPlanDetails(keys ?? (await openOwnerKeys()), plan.id, details);
  const saved = await callApi("updateLegacyPlan", { params: { id: plan.id }, body: { details: sealed } });
  putPlan(saved);
  return saved;
}

export async function addDocuments(planId: string, documentIds: readonly string[]) {
  if (documentIds.length === 0) return;
  const saved = await callApi("addLegacyPlanItems", {
    params: { id: planId },
    body: { items: documentIds.map((id) => ({ kind: "document" as const, id })) },
  });
  putPlan(saved);
}

export async function removeDocument(planId: string, documentId: string) {
  putPlan(
    await callApi("removeLegacyPlanItem", { params: { id: planId, kind: "document", itemId: documentId } }),
  );
}

export async function deletePlan(planId: string) {
  await callApi("deleteLegacyPlan", { params: { id: planId } });
  dropPlan(planId);
}
