import type { NotificationsPage } from "@heirloom/contract";
import { useEffect } from "react";
import { LoadFailed, LoadingBlock } from "#app/components/ui/load-state.tsx";
import { notificationsApi } from "#app/features/notifications/notifications-api.ts";
import { NotificationsList } from "#app/features/notifications/notifications-list.tsx";
import { unreadCount } from "#app/features/notifications/unread-count.ts";
import { useLoad } from "#app/features/prefs/use-load.ts";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("notifications");

const loadFirst = () => notificationsApi.page(null);

export default function Notifications() {
  const { result, reload } = useLoad<NotificationsPage>(loadFirst, "We couldn't load your notifications.");
  useEffect(() => {
    if (result.state === "ready") unreadCount.set(result.data.unread);
  }, [result]);
  const { title } = sections.notifications;
  return (
    <SectionPage
      title={title}
      description="Security notices about your account (a sign-in from a new device, a password or two-step sign-in change) and, later, reminders and messages about your legacy plan."
    >
      {result.state === "loading" ? <LoadingBlock label="Loading your notifications..." /> : null}
      {result.state === "failed" ? <LoadFailed message={result.message} onRetry={reload} /> : null}
      {result.state === "ready" ? <NotificationsList first={result.data} /> : null}
    </SectionPage>
  );
}
