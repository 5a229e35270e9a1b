import { useQuery } from "@tanstack/react-query";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { apiQuery, joinQueries } from "#app/lib/query.tsx";
import { formatDateTime } from "./time-zones.ts";

/** Read-only: the last sign-in and the 60-day check-in (valid60DayCheck, next60DayCheck) in the chosen time zone. */
export function AccountStatusPanel() {
  const status = joinQueries(
    [useQuery(apiQuery("getProfile")), useQuery(apiQuery("getPreferences"))],
    (profile, preferences) => ({ profile, preferences }),
  );
  return (
    <SettingsPanel
      id="account-status-title"
      title="Account status"
      description="When your account was last used, and when Heirloom next asks you to check in. A missed check-in is what can start your legacy plan."
    >
      <QueryView query={status} label="your account status">
        {({ profile, preferences }) => {
          const when = (iso: string | null, none: string) =>
            iso ? formatDateTime(iso, preferences.timeZone) : none;
          const rows = [
            ["Last sign-in", when(profile.lastLogin, "Not recorded yet")],
            ["Last check-in", when(profile.valid60DayCheck, "Not yet")],
            ["Next check-in due", when(profile.next60DayCheck, "Not scheduled")],
          ] as const;
          return (
            <dl className="divide-y divide-line">
              {rows.map(([term, value]) => (
                <div key={term} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
                  <dt className="text-sm font-medium text-ink-muted">{term}</dt>
                  <dd
                    className="min-w-0 break-words text-ink"
                    data-testid={`status-${term.toLowerCase().replaceAll(" ", "-")}`}
                  >
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          );
        }}
      </QueryView>
    </SettingsPanel>
  );
}
