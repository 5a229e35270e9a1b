import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { NotificationsList } from "#app/features/notifications/notifications-list.tsx";
import { setUnreadCount } from "#app/features/notifications/unread-count.ts";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";
import { apiPagesQuery } from "#app/lib/query.tsx";

export const meta = () => sectionMeta("notifications");

export default function Notifications() {
  const pages = useInfiniteQuery(apiPagesQuery("listNotifications"));
  const unread = pages.data?.pages.at(-1)?.unread;
  useEffect(() => {
    if (unread !== undefined) setUnreadCount(unread);
  }, [unread]);
  const { title } = sections.notifications;
  return (
    <SectionPage
      title={title}
      description="Security notices about your account (a sign-in from a new device, a password or two-step sign-in change) and news of your legacy plans: check-in reminders, your contacts' answers, requests for access and releases."
    >
      <QueryView query={pages} label="your notifications">
        {() => <NotificationsList />}
      </QueryView>
    </SectionPage>
  );
}
