import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { ActivityLog } from "#app/features/prefs/activity-log.tsx";
import { ActivityLoggingSwitch } from "#app/features/prefs/activity-logging-switch.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";
import { apiPagesQuery, apiQuery, joinQueries } from "#app/lib/query.tsx";

export const meta = () => sectionMeta("activity");

/** /app/Activity: the signed-in activity log (/account/Activity is the public page that asks visitors to sign in). */
export default function Activity() {
  const both = joinQueries(
    [useInfiniteQuery(apiPagesQuery("listActivity")), useQuery(apiQuery("getProfile"))],
    (_log, profile) => profile.activityToggle,
  );
  const { title, description } = sections.activity;
  return (
    <SectionPage title={title} description={description}>
      <QueryView query={both} label="your activity">
        {(activityToggle) => (
          <>
            <ActivityLog />
            <ActivityLoggingSwitch initial={activityToggle} />
          </>
        )}
      </QueryView>
    </SectionPage>
  );
}
