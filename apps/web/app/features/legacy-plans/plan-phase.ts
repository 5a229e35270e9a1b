import type { LegacyPlan, LegacyPlanHistory } from "@heirloom/contract";
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

const reasons: Record<string, (who: string) => string> = {
  remindersStarted: () => "Check-in reminders started",
  deadlineMissed: () => "A check-in was missed: the grace period started",
  graceEnded: () => "The grace period ended",
  requested: (who) => `${who} asked for access`,
  waitingEnded: () => "The waiting period ended without a refusal",
  trusteeYes: (who) => `${who} confirmed, as a trustee`,
  trusteeNo: (who) => `${who} said no, as a trustee`,
  trusteesConfirmed: () => "Enough trustees confirmed",
  timeLimitEnded: () => "The time limit ended: access ended",
  checkedIn: () => "You checked in",
  refused: () => "You refused the request",
  settingsChanged: () => "You changed the plan's trigger",
  sharedNow: () => "Shared now",
};

const outcomes: Partial<Record<string, string>> = {
  released: "released",
  active: "waiting",
  grace: "in grace",
  reminding: "reminders",
  requested: "requested",
  awaitingTrustees: "waiting for trustees",
};

/** One line per move, newest first: "24 November 2026 at 10:00 — The grace period ended (released)". */
export function historyLines(
  history: LegacyPlanHistory,
  dates: DateFormat,
  nameOf: (contactId: string) => string,
): { key: string; when: string; what: string }[] {
  return history.events
    .map((e, i) => {
      const who = e.contactId ? nameOf(e.contactId) : "Someone";
      const what = (reasons[e.reason] ?? (() => e.reason))(who);
      const outcome = e.from !== e.to ? ` → ${outcomes[e.to] ?? e.to}` : "";
      return { key: `${i}`, when: dates.dayAndTime(e.at), what: `${what}${outcome}` };
    })
    .reverse();
}
