import { useEffect, useSyncExternalStore } from "react";
import { notificationsApi } from "./notifications-api.ts";

/** How often an open tab asks for the unread count, so a new-device notice shows without a reload. */
export const UNREAD_POLL_MS = 60_000;

type Listener = () => void;

/** The unread count of the signed-in header badge, shared by every component that shows or changes it. */
export function createUnreadCountStore(fetchUnread: () => Promise<{ unread: number }>) {
  let count: number | null = null;
  const listeners = new Set<Listener>();
  const set = (next: number) => {
    if (next === count) return;
    count = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => count,
    set,
    /** Asks the server; a failure keeps the last known count (the badge is a hint, never an error). */
    async refresh() {
      try {
        set((await fetchUnread()).unread);
      } catch {
        /* keep the last count */
      }
    },
  };
}

export const unreadCount = createUnreadCountStore(() => notificationsApi.unread());

/** The unread count (null until known), refreshed on mount and every minute while mounted. */
export function useUnreadCount(): number | null {
  const value = useSyncExternalStore(unreadCount.subscribe, unreadCount.get, () => null);
  useEffect(() => {
    void unreadCount.refresh();
    const timer = setInterval(() => void unreadCount.refresh(), UNREAD_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return value;
}
