import { z } from "zod";
import { sealedBlobPattern } from "./account.ts";
import { legacyPlanEventSchema, recipientWrapSchema } from "./legacy-plans.ts";

// The release engine (docs/architecture.md section 10): check-ins, requests for access, trustee answers and a plan's
// history. When a plan moves is decided on the server from time and people's actions; what it holds stays sealed.

export const legacyEngineMessages = {
  planNotFound: "This plan does not exist, or does not name you.",
  requestsNotTaken: "This plan is not released on request. Its owner chose another trigger.",
  alreadyRequested: "Access to this plan has been requested already. Its owner has been told.",
  alreadyReleased: "This plan has been released already: open it from your Legacy page.",
  awaitingTrustees: "This plan is waiting for its trustees to confirm.",
  refusedRecently: (day: string) =>
    `The owner refused the last request. You can ask again from ${day}, when the plan's waiting period has passed.`,
  nothingToRefuse:
    "There is no request waiting on this plan: it was refused already, or the plan was released.",
  notAwaitingTrustees: "This plan is not waiting for its trustees: there is nothing to confirm now.",
  changedMeanwhile: "The plan changed meanwhile. Reload the page and try again.",
  linkInvalid:
    "This link has been used already or has expired. Any check-in ends the links sent before it; signing in to Heirloom checks you in.",
  reasonInvalid:
    "The reason must be sealed in your browser before it is sent. Reload the page and try again.",
} as const;

export const checkInStatusSchema = z.object({
  /** The last check-in (SPEC valid60DayCheck). */
  lastCheckInAt: z.string().nullable(),
  /** The next deadline (SPEC next60DayCheck): the last check-in plus the chosen interval. */
  deadlineAt: z.string().nullable(),
  intervalDays: z.int(),
  /** Plans a missed check-in can release. */
  plansWatching: z.int(),
  /** A deadline was missed and a plan is in its grace period. */
  overdue: z.boolean(),
  /**
   * A plan waits on this check-in and its reminders have started (half the interval before the deadline, by the
   * server's clock) or it is in grace: the app reminds the owner on every page.
   */
  remindNow: z.boolean(),
});
export type CheckInStatus = z.infer<typeof checkInStatusSchema>;

export const checkInLinkRequestSchema = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{40,800}$/, legacyEngineMessages.linkInvalid) })
  .strict();
export const checkInLinkResultSchema = z.object({ done: z.enum(["checkIn", "refuse"]) });

export const legacyPlanHistorySchema = z.object({ events: z.array(legacyPlanEventSchema) });
export type LegacyPlanHistory = z.infer<typeof legacyPlanHistorySchema>;

/** A recipient's request: the reason sealed under its own DEK, and that DEK wrapped to the owner's public key. */
export const legacyAccessRequestSchema = z
  .object({
    reason: z
      .object({
        sealed: z.string().max(20_000).regex(sealedBlobPattern, legacyEngineMessages.reasonInvalid),
        dek: recipientWrapSchema,
      })
      .strict()
      .nullable(),
  })
  .strict();
export type LegacyAccessRequest = z.infer<typeof legacyAccessRequestSchema>;

export const legacyTrusteeAnswerSchema = z.object({ answer: z.enum(["yes", "no"]) }).strict();
export const legacyNamedPlanParamsSchema = z.object({ id: z.uuid() });
