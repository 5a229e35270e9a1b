import type { LegacyPlan } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import { historyLines } from "#app/features/legacy-shared/history-words.ts";
import type { DateFormat } from "#app/features/prefs/date-format.ts";
import { callApi } from "#app/lib/api.ts";
import { apiQuery, invalidateApi } from "#app/lib/query.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { openOwnerKeys, openRequestReason } from "./owner-keys.ts";
import { phaseWords } from "./plan-phase.ts";

type PendingRequest = NonNullable<LegacyPlan["pendingRequest"]>;

/** Who asked for access and why: the reason opens in this browser with the owner's key, never on the server. */
function RequestDetails({
  planId,
  request,
  dates,
  nameOf,
}: {
  planId: string;
  request: PendingRequest;
  dates: DateFormat;
  nameOf: (contactId: string) => string;
}) {
  const { reason } = request;
  const opened = useQuery({
    queryKey: ["legacy-request-reason", planId, reason?.sealed],
    enabled: reason !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => (reason ? openRequestReason(await openOwnerKeys(), planId, reason) : null),
  });
  return (
    <div className="space-y-2 text-[0.9375rem]" data-testid="plan-request">
      <p>
        {nameOf(request.contactId)} asked for access on {dates.dayAndTime(request.requestedAt)}. The plan is
        released on {dates.dayAndTime(request.dueAt)} unless you refuse.
      </p>
      {reason === null ? (
        <p className="text-ink-muted">They gave no reason.</p>
      ) : opened.isPending ? (
        <p className="text-ink-muted">Opening their reason…</p>
      ) : opened.data ? (
        <figure>
          <figcaption className="text-ink-muted">Their reason (only you can read it):</figcaption>
          <blockquote
            className="mt-1 whitespace-pre-wrap border-l-4 border-line pl-3"
            data-testid="plan-request-reason"
          >
            {opened.data}
          </blockquote>
        </figure>
      ) : (
        <p className="text-ink-muted">
          Their reason could not be opened with your key. Ask them directly before you decide.
        </p>
      )}
    </div>
  );
}

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
      {plan.phase === "requested" && plan.pendingRequest ? (
        <RequestDetails planId={plan.id} request={plan.pendingRequest} dates={dates} nameOf={nameOf} />
      ) : null}
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
