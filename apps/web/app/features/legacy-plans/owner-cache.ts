import type { LegacyContact, LegacyPlan } from "@heirloom/contract";
import type { OwnerKeys } from "./owner-keys.ts";
import { openPlanDetails } from "./owner-keys.ts";
import type { PlanDetailsContent } from "./plan-details.ts";
import { type ContactWrapState, checkWrappable } from "./wrappability.ts";

// Checks and openings that depend only on what they are given, kept for the tab's session.
const wrapStates = new Map<string, Promise<ContactWrapState>>();
const planDetailsCache = new Map<string, Promise<PlanDetailsContent | null>>();

/** A contact's wrap state, checked once per (contact, key, confirmation). */
export function wrapStateOf(keys: OwnerKeys, contact: LegacyContact): Promise<ContactWrapState> {
  const key = JSON.stringify([
    contact.id,
    contact.state,
    contact.keyChanged,
    contact.contact?.userId,
    contact.contact?.publicKeyPem,
    contact.confirmation,
  ]);
  let state = wrapStates.get(key);
  if (!state) {
    state = checkWrappable(
      contact,
      { userId: keys.account.userId, signingPublicKeyPem: keys.account.signingPublicKeyPem },
      keys.crypto.api,
    );
    wrapStates.set(key, state);
  }
  return state;
}

/** A plan's opened details, opened once per sealed value. */
export function planDetailsOf(keys: OwnerKeys, plan: Pick<LegacyPlan, "id" | "details">) {
  const key = `${plan.id}\u0000${plan.details}`;
  let details = planDetailsCache.get(key);
  if (!details) {
    details = openPlanDetails(keys, plan.id, plan.details);
    planDetailsCache.set(key, details);
  }
  return details;
}
