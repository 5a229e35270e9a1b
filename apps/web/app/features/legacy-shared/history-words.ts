import type { LegacyPlanHistory } from "@heirloom/contract";
import type { DateFormat } from "#app/features/prefs/date-format.ts";

// A plan's history in words, for its owner (Legacy settings) and, after a release, its recipients (/app/shared).

/** Whose history it is: the owner reads "You checked in"; a recipient reads the owner's name. */
export interface HistoryReader {
  /** A contact's name, for the owner; a recipient never learns who asked or answered. */
  nameOf?: (contactId: string) => string;
  /** Set for a recipient: the owner's name, where the owner reads "You". */
  ownerName?: string;
}

const reasons: Record<string, (who: string, you: string) => string> = {
  remindersStarted: () => "Check-in reminders started",
  deadlineMissed: () => "A check-in was missed: the grace period started",
  graceEnded: () => "The grace period ended",
  requested: (who) => `${who} asked for access`,
  waitingEnded: () => "The waiting period ended without a refusal",
  trusteeYes: (who) => `${who} confirmed, as a trustee`,
  trusteeNo: (who) => `${who} said no, as a trustee`,
  trusteesConfirmed: () => "Enough trustees confirmed",
  timeLimitEnded: () => "The time limit ended: access ended",
  checkedIn: (_who, you) => `${you} checked in`,
  refused: (_who, you) => `${you} refused the request`,
  settingsChanged: (_who, you) => `${you} changed the plan's trigger`,
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

/** One line per move, newest first: "24 November 2026 at 10:00 — The grace period ended → released". */
export function historyLines(
  history: LegacyPlanHistory,
  dates: DateFormat,
  reader: HistoryReader,
): { key: string; when: string; what: string }[] {
  const you = reader.ownerName ?? "You";
  return history.events
    .map((e, i) => {
      const who = e.contactId && reader.nameOf ? reader.nameOf(e.contactId) : "Someone";
      const what = (reasons[e.reason] ?? (() => e.reason))(who, you);
      const outcome = e.from !== e.to ? ` → ${outcomes[e.to] ?? e.to}` : "";
      return { key: `${i}`, when: dates.dayAndTime(e.at), what: `${what}${outcome}` };
    })
    .reverse();
}
