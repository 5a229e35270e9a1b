import { useQuery } from "@tanstack/react-query";
import { apiQuery, setApiData } from "#app/lib/query.tsx";

/** How often an open tab asks for the unread count, so a new-device notice shows without a reload. */
export const UNREAD_POLL_MS = 60_000;

/**
 * The unread count of the signed-in header badge (null until known), asked on mount and every minute while shown.
 * A failed ask keeps the last count: the badge is a hint, never an error.
 */
export function useUnreadCount(): number | null {
  const unread = useQuery({
    ...apiQuery("countUnreadNotifications"),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
    retry: false,
  });
  return unread.data?.unread ?? null;
}

/** What the notifications page learned (a page read, a mark as read): the badge follows at once. */
export const setUnreadCount = (unread: number) => setApiData("countUnreadNotifications", { unread });
