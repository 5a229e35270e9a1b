import type { NotificationsPage } from "@heirloom/contract";
import { type InfiniteData, useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { useDateFormat } from "#app/features/prefs/date-format.ts";
import { sections } from "#app/features/shell/sections.ts";
import { ApiError } from "#app/lib/api.ts";
import { apiPagesQuery, getQueryClient, useApiMutation } from "#app/lib/query.tsx";
import { setUnreadCount } from "./unread-count.ts";

const failureOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code !== "network" ? error.message : fallback;

const pagesQuery = apiPagesQuery("listNotifications");

/** Marks the shown notifications read in the cached pages, with the server's new unread count. */
function applyRead(ids: readonly string[] | "all", unread: number) {
  const now = new Date().toISOString();
  getQueryClient().setQueryData<InfiniteData<NotificationsPage, string | null>>(
    pagesQuery.queryKey,
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              unread,
              entries: page.entries.map((n) =>
                n.readAt === null && (ids === "all" || ids.includes(n.id)) ? { ...n, readAt: now } : n,
              ),
            })),
          }
        : data,
  );
  setUnreadCount(unread);
}

/**
 * The user's notifications, newest first: unread ones marked, each can be marked read, or all at once. The page has
 * read the first page (the same query), so this renders at once.
 */
export function NotificationsList() {
  const list = useInfiniteQuery(pagesQuery);
  const dates = useDateFormat();
  const markAsRead = useApiMutation("markNotificationsRead");
  const pages = list.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  const unread = pages.at(-1)?.unread ?? 0;
  const busy = markAsRead.isPending || list.isFetchingNextPage;
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const markRead = async (ids: readonly string[] | "all") => {
    setFailure(null);
    try {
      const { unread: count } = await markAsRead.mutateAsync({
        body: ids === "all" ? { all: true } : { ids: [...ids] },
      });
      applyRead(ids, count);
      setAnnouncement(ids === "all" ? "All notifications marked as read." : "Notification marked as read.");
    } catch (error) {
      setFailure(failureOf(error, "We couldn't mark that as read. Check your connection and try again."));
    }
  };

  const loadMore = async () => {
    setFailure(null);
    const result = await list.fetchNextPage();
    if (result.isFetchNextPageError) {
      setFailure(
        failureOf(result.error, "We couldn't load older notifications. Check your connection and try again."),
      );
    }
  };

  if (entries.length === 0) return <EmptyState {...sections.notifications.empty} />;
  return (
    <section
      aria-labelledby="notifications-title"
      className="rounded-2xl border border-line bg-surface shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 px-5 pt-5 sm:px-7 sm:pt-7">
        <h2 id="notifications-title" className="text-xl font-semibold">
          {unread === 0 ? "All read" : `${unread} unread`}
        </h2>
        {unread > 0 ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() => void markRead("all")}
          >
            Mark all as read
          </button>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {failure ? (
        <div role="alert" className="px-5 pt-4 sm:px-7">
          <Notice tone="danger">{failure}</Notice>
        </div>
      ) : null}
      <ul className="mt-4 divide-y divide-line border-t border-line" data-testid="notifications-list">
        {entries.map((n) => (
          <li
            key={n.id}
            className={`flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-7 ${n.readAt ? "" : "bg-accent-soft/60"}`}
          >
            <div className="min-w-0">
              <h3 className="flex items-center gap-2 font-semibold text-ink">
                {n.readAt ? null : (
                  <>
                    <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-accent" />
                    <span className="sr-only">Unread: </span>
                  </>
                )}
                {n.title}
              </h3>
              <p className="mt-1 leading-relaxed text-ink-muted">{n.body}</p>
              <p className="mt-1 text-sm text-ink-muted">
                <time dateTime={n.createdAt}>{dates.dayAndTime(n.createdAt)}</time>
              </p>
            </div>
            {n.readAt ? null : (
              <button
                type="button"
                className="link shrink-0 self-start text-[0.9375rem]"
                disabled={busy}
                onClick={() => void markRead([n.id])}
              >
                Mark as read<span className="sr-only">: {n.title}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="border-t border-line px-5 py-4 sm:px-7">
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void loadMore()}>
            Load more
          </button>
        </div>
      ) : null}
    </section>
  );
}
