import { BlobPurpose } from "./aad.ts";
import { CryptoError } from "./errors.ts";
import { isJsonObject, openJson, type SealedJsonRules, sealJson } from "./sealed-json.ts";
import type { AccountKey, SealedBlobString } from "./types.ts";

// A plan's own settings that the server must not read (its name, its label rules) are one JSON object sealed under the
// owner's account key and bound to the plan's id. The web app owns the object's shape; this package only guarantees
// that what comes out is the object the owner sealed for this plan.

/** The owner, and the plan (its id is made in the browser, so it exists before the plan is stored). */
export interface PlanContext {
  readonly userId: string;
  readonly planId: string;
}

/** Any JSON object; the web app decides its members. */
export type PlanDetails = { readonly [key: string]: unknown };

/** Cap on the JSON plaintext (64 KiB): sealed, at most 87,424 characters, under the server's 100,000. */
export const PLAN_DETAILS_MAX_BYTES = 65_536;

const RULES: SealedJsonRules = {
  purpose: BlobPurpose.legacyPlanDetails,
  maxBytes: PLAN_DETAILS_MAX_BYTES,
  invalid: "invalidPlanDetails",
};

function blobContext(context: PlanContext) {
  const valid = (value: unknown) => typeof value === "string" && value.length > 0;
  if (!valid(context?.userId)) throw new CryptoError("invalidPlanDetails", "userId");
  if (!valid(context.planId)) throw new CryptoError("invalidPlanDetails", "planId");
  return { userId: context.userId, itemId: context.planId };
}

/** UTF-8 JSON of `details` sealed under the account key (purpose legacy/plan-details, itemId = planId). */
export async function sealPlanDetails(
  accountKey: AccountKey,
  context: PlanContext,
  details: PlanDetails,
): Promise<SealedBlobString> {
  if (!isJsonObject(details)) throw new CryptoError("invalidPlanDetails", "expected an object");
  return sealJson(accountKey, details, RULES, blobContext(context));
}

/** Throws CryptoError (malformedBlob, decryptionFailed, invalidPlanDetails). */
export async function openPlanDetails(
  accountKey: AccountKey,
  context: PlanContext,
  blob: SealedBlobString,
): Promise<PlanDetails> {
  const details = await openJson(accountKey, blob, RULES, blobContext(context));
  if (!isJsonObject(details)) throw new CryptoError("invalidPlanDetails", "expected an object");
  return details;
}
