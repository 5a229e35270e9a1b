import { Icon } from "#app/components/ui/icon.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { CheckState } from "./use-browser-checks.ts";

const statusText = { pending: "Not run yet", running: "Checking", pass: "Passed", fail: "Failed" } as const;
const statusTone = {
  pending: "bg-surface-sunken text-ink-muted",
  running: "bg-surface-sunken text-ink-muted",
  pass: "bg-success-soft text-success",
  fail: "bg-danger-soft text-danger",
} as const;

/** One check: what it tests, why Heirloom needs it, and its result in words (never by colour alone). */
export function CheckRow({ state }: { state: CheckState }) {
  const { check, status, detail, ms } = state;
  return (
    <li className="flex gap-4 p-5 sm:p-6" data-check={check.id} data-status={status}>
      <span className="mt-0.5 shrink-0">
        {status === "pass" ? (
          <Icon name="check-circle" className="size-6 text-success" />
        ) : status === "fail" ? (
          <Icon name="x-circle" className="size-6 text-danger" />
        ) : status === "running" ? (
          <Spinner className="size-6" />
        ) : (
          <span aria-hidden="true" className="block size-6 rounded-full border-2 border-line-strong" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="font-semibold">{check.label}</h3>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[status]}`}>
            {statusText[status]}
          </span>
          {ms !== undefined ? <span className="text-sm text-ink-muted">{Math.round(ms)} ms</span> : null}
        </div>
        <p className="mt-1 text-[0.9375rem] text-ink-muted">{check.why}</p>
        <p
          className={`mt-2 text-[0.9375rem] break-words ${status === "fail" ? "font-medium text-danger" : "text-ink"}`}
        >
          {detail}
        </p>
      </div>
    </li>
  );
}
