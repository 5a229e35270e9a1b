import { useEffect, useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { CheckRow } from "./check-row.tsx";
import { useBrowserChecks } from "./use-browser-checks.ts";

/** The browser checks with a one-line verdict on top, announced when the run completes. */
export function SelfTestReport() {
  const { states, running, runAgain } = useBrowserChecks();
  const [userAgent, setUserAgent] = useState("");
  useEffect(() => setUserAgent(navigator.userAgent), []);

  const failed = states.filter((s) => s.status === "fail");
  const passed = states.filter((s) => s.status === "pass");
  const finished = !running && passed.length + failed.length === states.length;

  return (
    <section aria-labelledby="checks-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="checks-title" className="font-display text-2xl font-semibold">
          Browser checks
        </h2>
        <button type="button" className="btn-secondary" onClick={runAgain} disabled={running}>
          <Icon name="refresh" className="size-5" />
          Run again
        </button>
      </div>

      <div
        role="status"
        aria-live="polite"
        data-testid="self-test-summary"
        className={`mt-5 flex items-start gap-3 rounded-2xl border p-5 ${
          !finished
            ? "border-line bg-surface-sunken"
            : failed.length === 0
              ? "border-success/40 bg-success-soft"
              : "border-danger/40 bg-danger-soft"
        }`}
      >
        {finished ? (
          <Icon
            name={failed.length === 0 ? "check-circle" : "alert"}
            className={`mt-0.5 size-6 shrink-0 ${failed.length === 0 ? "text-success" : "text-danger"}`}
          />
        ) : null}
        <p className="leading-relaxed">
          {!finished ? (
            `Checking this browser… ${passed.length + failed.length} of ${states.length} done.`
          ) : failed.length === 0 ? (
            <>
              <strong className="font-semibold">All {states.length} checks passed.</strong> This browser can
              run Heirloom.
            </>
          ) : (
            <>
              <strong className="font-semibold">
                {failed.length} of {states.length} checks failed:{" "}
                {failed.map((f) => f.check.label).join(", ")}.
              </strong>{" "}
              Heirloom may not work here. Update this browser, turn off settings that block storage or
              workers, or try another browser.
            </>
          )}
        </p>
      </div>

      <ul className="mt-5 divide-y divide-line rounded-2xl border border-line bg-surface">
        {states.map((s) => (
          <CheckRow key={s.check.id} state={s} />
        ))}
      </ul>

      {userAgent ? (
        <p className="mt-4 text-sm break-words text-ink-muted">
          Browser: <span className="font-mono">{userAgent}</span>
        </p>
      ) : null}
    </section>
  );
}
