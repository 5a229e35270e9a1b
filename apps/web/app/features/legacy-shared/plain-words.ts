import type { LegacySharedList } from "@heirloom/contract";
import { isCryptoError } from "@heirloom/crypto";
import { DocumentIntegrityError } from "#app/features/documents/download.ts";
import { describeStorageError } from "#app/features/documents/storage-error.ts";
import type { ItemProblem, ItemRef } from "./verify-shared.ts";

// What the recipient's pages say, in one place: how a plan releases, where it stands, and why an item is not offered.

type NamingPlan = LegacySharedList["plans"][number];

const triggerWords: Record<NamingPlan["trigger"], string> = {
  shareNow: "shared now",
  missedCheckIn: "if they stop checking in",
  request: "if you ask and they don't refuse",
};

/** When a plan naming me hands its items over, in plain words. */
export const triggerInWords = (trigger: NamingPlan["trigger"]) => triggerWords[trigger];

/** Where a plan naming me stands: "not released", "access requested", or "released on 24 November 2026". */
export function planStateInWords(
  plan: Pick<NamingPlan, "state" | "releasedAt"> & Partial<Pick<NamingPlan, "phase">>,
  day: (iso: string) => string,
) {
  if (plan.state === "released" && plan.releasedAt) return `released on ${day(plan.releasedAt)}`;
  if (plan.phase === "requested") return "not released: access was asked for, and the owner has been told";
  if (plan.phase === "awaitingTrustees") return "not released: waiting for its trustees to confirm";
  return "not released";
}

/** Why an item is listed but not offered. */
export function problemInWords(problem: ItemProblem): string {
  switch (problem) {
    case "unopenable":
      return "It cannot be opened with your key.";
    case "unverified":
      return "It could not be verified: it may have been altered, so it is not offered.";
    case "unavailable":
      return "It is not available (withdrawn or withheld).";
  }
}

const kindWords: Record<ItemRef["kind"], string> = {
  document: "A document",
  letter: "A letter",
  drill: "A test message",
};

/** An item known only by its kind (its name is encrypted and was never opened). */
export const itemKindInWords = (kind: ItemRef["kind"]) => kindWords[kind];

/** How a failed download or view of a released document reads: the owner, not "you", stored it. */
export function describeSharedError(error: unknown, ownerName: string): string {
  if (error instanceof DocumentIntegrityError || isCryptoError(error)) {
    return `This document does not match what ${ownerName || "the owner"} stored: it may have been altered. Nothing was saved.`;
  }
  return describeStorageError(error);
}

/** "1 item", "3 items". */
export const itemCount = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;
