import { queryOptions, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { FormOutcome } from "#app/components/ui/form-feedback.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { useDateFormat } from "#app/features/prefs/date-format.ts";
import { getQueryClient } from "#app/lib/query-client.tsx";
import {
  browserSessionsDeps,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  type SessionRow,
} from "./sessions.ts";

type Load = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; rows: SessionRow[] };

/** better-auth's list of this account's sessions (not a row of our table, so its own key). */
const sessionsQuery = queryOptions({
  queryKey: ["sessions"],
  queryFn: () => listSessions(browserSessionsDeps),
});

/** Reads the list again wherever it is shown: a password change has ended every other session. */
export const refreshSessionsList = () => getQueryClient().invalidateQueries(sessionsQuery);

/** Active sessions: the devices signed in to this account (better-auth), each with a way to sign it out. */
export function ActiveSessionsPanel() {
  const sessions = useQuery(sessionsQuery);
  const dates = useDateFormat();
  const load: Load = sessions.data
    ? { kind: "ready", rows: sessions.data }
    : sessions.isError
      ? { kind: "failed" }
      : { kind: "loading" };
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: "danger" | "success"; message: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const refresh = () => sessions.refetch();

  async function run(key: string, action: () => Promise<void>, done: string) {
    setBusy(key);
    setOutcome(null);
    try {
      await action();
      await refresh();
      setOutcome({ tone: "success", message: done });
    } catch {
      setOutcome({
        tone: "danger",
        message: "That did not work. Check your connection and try again.",
      });
    } finally {
      setBusy(null);
      requestAnimationFrame(() => outcomeRef.current?.focus());
    }
  }

  const others = load.kind === "ready" ? load.rows.filter((r) => !r.current) : [];
  return (
    <SettingsPanel
      id="sessions-title"
      title="Active sessions"
      description="The browsers and devices signed in to your account. Sign out any you do not recognise, then change your password."
    >
      <div className="space-y-4">
        {outcome ? (
          <FormOutcome ref={outcomeRef} tone={outcome.tone}>
            {outcome.message}
          </FormOutcome>
        ) : null}
        {load.kind === "loading" ? (
          <p role="status" className="flex items-center gap-2.5 text-ink-muted">
            <Spinner className="size-5" />
            Loading your sessions…
          </p>
        ) : load.kind === "failed" ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-ink">
              Your sessions could not be loaded.
            </p>
            <button type="button" className="btn-secondary" onClick={() => void refresh()}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <ul aria-label="Signed-in devices" className="divide-y divide-line rounded-xl border border-line">
              {load.rows.map((row) => (
                <li key={row.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <Icon
                    name={row.kind === "mobile" ? "phone" : "monitor"}
                    className="hidden size-6 shrink-0 text-ink-muted sm:block"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {row.device}
                      {row.current ? (
                        <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-sm font-medium text-accent">
                          This device
                        </span>
                      ) : null}
                    </p>
                    <p className="mt-0.5 text-sm break-words text-ink-muted">
                      {/* A no-break space keeps the dot at the end of the line, never at the start of the next. */}
                      {row.ipAddress ? `IP address ${row.ipAddress}\u00a0· ` : ""}
                      Signed in{" "}
                      <time dateTime={row.createdAt.toISOString()}>
                        {dates.dayAndTime(row.createdAt.toISOString())}
                      </time>
                    </p>
                  </div>
                  {row.current ? null : (
                    <button
                      type="button"
                      className="btn-secondary shrink-0 self-start sm:self-center"
                      disabled={busy !== null}
                      onClick={() =>
                        void run(
                          row.id,
                          () => revokeSession(browserSessionsDeps, row.id),
                          `${row.device} has been signed out.`,
                        )
                      }
                    >
                      {busy === row.id ? <Spinner className="size-4" /> : null}
                      Sign out<span className="sr-only"> {row.device}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {others.length > 0 ? (
              <button
                type="button"
                className="btn-secondary"
                disabled={busy !== null}
                onClick={() =>
                  void run(
                    "others",
                    () => revokeOtherSessions(browserSessionsDeps),
                    "Every other device has been signed out.",
                  )
                }
              >
                {busy === "others" ? <Spinner className="size-4" /> : null}
                Sign out all other sessions
              </button>
            ) : (
              <p className="text-[0.9375rem] text-ink-muted">No other device is signed in.</p>
            )}
          </>
        )}
      </div>
    </SettingsPanel>
  );
}
