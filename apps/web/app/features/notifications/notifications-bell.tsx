import { Link } from "react-router";
import { NavIcon } from "#app/components/ui/nav-icon.tsx";
import { useUnreadCount } from "./unread-count.ts";

/** The header's way to the notifications, with the unread count as a badge (and in the link's name). */
export function NotificationsBell() {
  const unread = useUnreadCount();
  const shown = unread && unread > 99 ? "99+" : String(unread ?? 0);
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <Link
      to="/app/notifications"
      aria-label={label}
      title={label}
      data-testid="notifications-bell"
      className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken"
    >
      <NavIcon name="bell" className="size-6" />
      {unread ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 min-w-5 rounded-full bg-danger px-1.5 text-center text-xs leading-5 font-semibold text-canvas"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
