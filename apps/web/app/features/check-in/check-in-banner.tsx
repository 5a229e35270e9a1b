import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import { useDateFormat } from "#app/features/prefs/date-format.ts";
import { apiQuery } from "#app/lib/query.tsx";
import { checkInSummary, showsCheckInCard } from "./check-in-words.ts";
import { useCheckIn } from "./use-check-in.ts";

/**
 * The in-app side of a check-in reminder: on every signed-in page (except those showing the check-in card) once
 * reminders have started, with the same "I'm still here" button. An owner who stays signed in for weeks sees it
 * without opening their mail.
 */
/** The same column as the pages below it (section-page.tsx). */
const frame = "mx-auto w-full max-w-5xl px-4 pt-6 sm:px-6 lg:px-10 lg:pt-8";

export function CheckInBanner() {
  const { pathname } = useLocation();
  const status = useQuery({ ...apiQuery("getCheckIn"), staleTime: 5 * 60_000 });
  const dates = useDateFormat();
  const [done, setDone] = useState<string | null>(null);
  const checkIn = useCheckIn((next) =>
    setDone(`Checked in. Next check-in by ${checkInSummary(next, dates).deadlineDay}.`),
  );
  // The confirmation stays until the person moves on to another page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on navigation only
  useEffect(() => setDone(null), [pathname]);

  if (showsCheckInCard(pathname)) return null;
  if (done) {
    return (
      <div className={frame} role="status" aria-live="polite">
        <Notice tone="success">{done}</Notice>
      </div>
    );
  }
  const s = status.data;
  // The server says when reminders have started: its clock is the one the plans run on.
  if (!s?.remindNow) return null;
  const summary = checkInSummary(s, dates);
  return (
    <section aria-label="Check-in reminder" className={frame} data-testid="check-in-banner">
      <Notice tone="warning" title={s.overdue ? "You missed a check-in" : "Please check in"}>
        <p>
          {s.overdue
            ? `Your check-in was due on ${summary.deadlineDay}. A plan is in its grace period: check in now to keep it from being released.`
            : `Your legacy plans act if you do not check in by ${summary.deadlineDay}.`}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn-primary"
            disabled={checkIn.isPending}
            onClick={() => checkIn.mutate({})}
          >
            {checkIn.isPending ? "Checking in…" : "I'm still here"}
          </button>
          {checkIn.isError ? (
            <p role="alert" className="text-[0.9375rem] font-medium text-danger">
              {checkIn.error instanceof Error ? checkIn.error.message : "Checking in failed. Try again."}
            </p>
          ) : null}
        </div>
      </Notice>
    </section>
  );
}
