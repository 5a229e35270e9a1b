import type { ActivityPage, Profile } from "@heirloom/contract";
import { LoadFailed, LoadingBlock } from "#app/components/ui/load-state.tsx";
import { ActivityLog } from "#app/features/prefs/activity-log.tsx";
import { ActivityLoggingSwitch } from "#app/features/prefs/activity-logging-switch.tsx";
import { prefsApi } from "#app/features/prefs/prefs-api.ts";
import { useLoad } from "#app/features/prefs/use-load.ts";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("activity");

const loadBoth = async () => {
  const [page, profile] = await Promise.all([prefsApi.activity(null), prefsApi.profile()]);
  return { page, profile };
};

/** /app/Activity: the signed-in activity log (/account/Activity is the public page that asks visitors to sign in). */
export default function Activity() {
  const { result, reload } = useLoad<{ page: ActivityPage; profile: Profile }>(
    loadBoth,
    "We couldn't load your activity.",
  );
  const { title, description } = sections.activity;
  return (
    <SectionPage title={title} description={description}>
      {result.state === "loading" ? <LoadingBlock label="Loading your activity..." /> : null}
      {result.state === "failed" ? <LoadFailed message={result.message} onRetry={reload} /> : null}
      {result.state === "ready" ? (
        <>
          <ActivityLog first={result.data.page} />
          <ActivityLoggingSwitch initial={result.data.profile.activityToggle} />
        </>
      ) : null}
    </SectionPage>
  );
}
