import type { LegacyPlan } from "@heirloom/contract";
import type { DateFormat } from "#app/features/prefs/date-format.ts";

// Where a plan's trigger is, and its history, in words (pure: the card and its test agree). The release engine is
// docs/architecture.md section 10.

export interface PhaseWords {
  title: string;
  body: string;
  tone: "info" | "warning" | "success";
}

export function phaseWords(plan: LegacyPlan, dates: DateFormat): PhaseWords {
  const due = plan.dueAt ? dates.dayAndTime(plan.dueAt) : null;
  switch (plan.phase) {
    case "active":
      return plan.settings.trigger.kind === "request"
        ? {
            title: "Waiting",
            body: "Nothing is released unless a recipient asks and you don't refuse.",
            tone: "info",
          }
        : {
            title: "Waiting",
            body: "Nothing is released while you keep checking in.",
            tone: "info",
          };
    case "reminding":
      return {
        title: "Check-in due soon",
        body: `Heirloom is reminding you to check in${due ? ` by ${due}` : ""}.`,
        tone: "warning",
      };
    case "grace":
      return {
        title: "Check-in missed",
        body: `You missed a check-in. Unless you check in, this plan is released ${due ? `on ${due}` : "when the grace period ends"}.`,
        tone: "warning",
      };
    case "requested":
      return {
        title: "A recipient asked for access",
        body: `Unless you refuse, this plan is released ${plan.requestDueAt ? `on ${dates.dayAndTime(plan.requestDueAt)}` : "when the waiting period ends"}.`,
        tone: "warning",
      };
    case "awaitingTrustees":
      return {
        title: "Waiting for trustees",
        body: "Its trigger fired; it is released once enough trustees confirm. Checking in cancels this.",
        tone: "warning",
      };
    case "released":
      return {
        title: "Released",
        body: `Released${plan.releasedAt ? ` on ${dates.dayAndTime(plan.releasedAt)}` : ""}: its recipients can open what it holds.${
          plan.releaseEndsAt
            ? ` Access ends on ${dates.dayAndTime(plan.releaseEndsAt)}; checking in ends it now.`
            : ""
        }`,
        tone: "success",
      };
  }
}
