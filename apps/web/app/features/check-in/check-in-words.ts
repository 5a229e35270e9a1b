import type { CheckInStatus } from "@heirloom/contract";
import type { DateFormat } from "#app/features/prefs/date-format.ts";

/** The check-in schedule in words (pure, so the card and its test agree). */
export function checkInSummary(status: CheckInStatus, dates: DateFormat) {
  const deadlineDay = status.deadlineAt ? dates.day(status.deadlineAt) : "—";
  const every = `You check in every ${status.intervalDays} days (change it in contact preferences).`;
  const last = status.lastCheckInAt ? ` Last check-in: ${dates.dayAndTime(status.lastCheckInAt)}.` : "";
  const watching =
    status.plansWatching === 0
      ? "No plan of yours waits for a missed check-in, so nothing happens if you miss one."
      : status.plansWatching === 1
        ? "One plan is released if you miss it and its grace period passes."
        : `${status.plansWatching} plans are released if you miss it and their grace periods pass.`;
  return {
    deadlineDay,
    deadline: status.overdue
      ? `Your check-in was due on ${deadlineDay}. Check in now: a plan is in its grace period.`
      : `Next check-in by ${deadlineDay}. ${watching}`,
    detail: `${every}${last} Signing in checks you in too, and reminders come by email before the deadline.`,
  };
}

/** Pages that show the full check-in card, where the banner would only repeat it. */
export function showsCheckInCard(pathname: string): boolean {
  return /^\/(app|account)\/?$/i.test(pathname) || /^\/(app|account)\/legacysettings\/?$/i.test(pathname);
}
