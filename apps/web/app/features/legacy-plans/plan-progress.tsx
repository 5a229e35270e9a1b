import type { LegacyPlan } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import { historyLines } from "#app/features/legacy-shared/history-words.ts";
import type { DateFormat } from "#app/features/prefs/date-format.ts";
import { callApi } from "#app/lib/api.ts";
import { apiQuery, invalidateApi } from "#app/lib/query.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { phaseWords } from "./plan-phase.ts";

/** Where the plan's trigger is, a refusal when a recipient asked, and the plan's history. */
export function PlanProgress({
  plan,
  dates,
  nameOf,
  announce,
}: {
  plan: LegacyPlan;
  dates: DateFormat;
  nameOf: (contactId: string) => string;
  announce: (text: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const history = useQuery({
    ...apiQuery("getLegacyPlanHistory", { params: { id: plan.id } }),
    enabled: open,
  });
  const words = phaseWords(plan, dates);
  return (
    <div className="space-y-3" data-testid="plan-progress">
      <Notice tone={words.tone} title={words.title}>
        <span data-testid="plan-phase">{words.body}</span>
      </Notice>
      {plan.phase === "requested" ? (
        <button type="button" className="btn-primary" onClick={() => setRefusing(true)}>
          Refuse the request
        </button>
      ) : null}
      <details
        className="rounded-xl border border-line px-4 py-3"
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer font-medium">History</summary>
        <div className="mt-2">
          {history.isPending ? (
            <p className="text-ink-muted">Loading…</p>
          ) : history.isError ? (
            <p role="alert" className="text-danger">
              The history could not be loaded.{" "}
              <button type="button" className="underline" onClick={() => void history.refetch()}>
                Try again
              </button>
            </p>
          ) : history.data.events.length === 0 ? (
            <p className="text-ink-muted">Nothing has happened to this plan yet.</p>
          ) : (
            <ol className="space-y-1 text-[0.9375rem]" data-testid="plan-history">
              {historyLines(history.data, dates, { nameOf }).map((line) => (
                <li key={line.key}>
                  <span className="text-ink-muted">{line.when}</span> — {line.what}
                </li>
              ))}
            </ol>
          )}
        </div>
      </details>
      {refusing ? (
        <ConfirmDialog
          id={`refuse-${plan.id}`}
          title="Refuse the request?"
          confirmLabel="Refuse"
          busyLabel="Refusing…"
          onClose={() => setRefusing(false)}
          onConfirm={async () => {
            await callApi("refuseLegacyRequest", { params: { id: plan.id } });
            await invalidateApi("listLegacyPlans", "getLegacyPlanHistory");
            announce(
              "The request is refused. The recipient is told, and may ask again after the waiting period.",
            );
          }}
        >
          <p>Nothing is released. The recipient is told, and may ask again after the waiting period.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
