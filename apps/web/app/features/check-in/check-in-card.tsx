import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { useDateFormat } from "#app/features/prefs/date-format.ts";
import { apiQuery } from "#app/lib/query.tsx";
import { checkInSummary } from "./check-in-words.ts";
import { useCheckIn } from "./use-check-in.ts";

/**
 * The owner's check-in: when the next one is due, and the "I'm still here" button. Signing in checks in too; the
 * button is for an owner who stays signed in, and the one-click link in reminder mail works without signing in.
 */
export function CheckInCard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const status = useQuery(apiQuery("getCheckIn"));
  const dates = useDateFormat();
  const [done, setDone] = useState(false);
  const checkIn = useCheckIn(() => setDone(true));
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby="check-in-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-7"
      data-testid="check-in-card"
    >
      <Heading id="check-in-title" className="text-xl font-semibold">
        Check-in
      </Heading>
      <div className="mt-3">
        <QueryView query={status} label="your check-in">
          {(s) => {
            const summary = checkInSummary(s, dates);
            return (
              <div className="space-y-4">
                {s.overdue ? (
                  <Notice tone="warning" title="You missed a check-in">
                    A plan is in its grace period. Check in now to keep it from being released.
                  </Notice>
                ) : null}
                <p className="leading-relaxed" data-testid="check-in-deadline">
                  {summary.deadline}
                </p>
                <p className="text-[0.9375rem] leading-relaxed text-ink-muted">{summary.detail}</p>
                <div className="flex flex-wrap items-center gap-3">
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={checkIn.isPending}
                    onClick={() => {
                      setDone(false);
                      checkIn.mutate({});
                    }}
                  >
                    {checkIn.isPending ? "Checking in…" : "I'm still here"}
                  </button>
                  <p role="status" aria-live="polite" className="text-[0.9375rem] text-ink-muted">
                    {done ? `Checked in. Next check-in by ${summary.deadlineDay}.` : ""}
                  </p>
                </div>
                {checkIn.isError ? (
                  <p role="alert" className="text-[0.9375rem] font-medium text-danger">
                    {checkIn.error instanceof Error
                      ? checkIn.error.message
                      : "Checking in failed. Try again."}
                  </p>
                ) : null}
              </div>
            );
          }}
        </QueryView>
      </div>
    </section>
  );
}
