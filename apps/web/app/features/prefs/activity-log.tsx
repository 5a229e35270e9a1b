import { useInfiniteQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { sections } from "#app/features/shell/sections.ts";
import { ApiError } from "#app/lib/api.ts";
import { apiPagesQuery } from "#app/lib/query.tsx";
import { activityInWords } from "./activity-words.ts";
import { useDateFormat } from "./date-format.ts";

/**
 * The activity log as a list, newest first, with "Load more" for older pages. The page has read the first page
 * (the same query), so this renders at once.
 */
export function ActivityLog() {
  const log = useInfiniteQuery(apiPagesQuery("listActivity"));
  const dates = useDateFormat();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const next = log.hasNextPage;
  const loading = log.isFetchingNextPage;
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const list = useRef<HTMLOListElement>(null);

  const loadMore = async () => {
    setFailure(null);
    const firstNew = entries.length;
    const result = await log.fetchNextPage();
    const page = result.data?.pages.at(-1);
    if (result.isFetchNextPageError || !page) {
      setFailure(
        result.error instanceof ApiError && result.error.code !== "network"
          ? result.error.message
          : "We couldn't load older activity. Check your connection and try again.",
      );
      return;
    }
    setAnnouncement(
      `${page.entries.length} older ${page.entries.length === 1 ? "entry" : "entries"} loaded.${page.next ? "" : " That is the whole log."}`,
    );
    // Keyboard users continue from the first entry that arrived.
    requestAnimationFrame(() => {
      list.current?.querySelectorAll<HTMLElement>("li")[firstNew]?.focus();
    });
  };

  if (entries.length === 0) return <EmptyState {...sections.activity.empty} />;
  return (
    <section aria-labelledby="log-title" className="rounded-2xl border border-line bg-surface shadow-xs">
      <h2 id="log-title" className="px-5 pt-5 text-xl font-semibold sm:px-7 sm:pt-7">
        Your activity
      </h2>
      <ol ref={list} className="mt-4 divide-y divide-line border-t border-line" data-testid="activity-list">
        {entries.map((entry) => (
          <li
            key={entry.id}
            tabIndex={-1}
            className="grid gap-1 px-5 py-4 outline-none focus-visible:bg-accent-soft sm:grid-cols-[1fr_auto] sm:gap-4 sm:px-7"
          >
            <div className="min-w-0">
              <p className="font-medium text-ink">{activityInWords(entry.action)}</p>
              {entry.device ? (
                <p className="text-[0.9375rem] text-ink-muted">
                  <span className="sr-only">Device: </span>
                  {entry.device}
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, operating system: </span>
                  {entry.operating}
                </p>
              ) : null}
            </div>
            <p className="text-[0.9375rem] text-ink-muted sm:text-right">
              <time dateTime={entry.timestamp}>{dates.dayAndTime(entry.timestamp)}</time>
            </p>
          </li>
        ))}
      </ol>
      <div className="space-y-3 border-t border-line px-5 py-4 sm:px-7">
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {failure ? (
          <div role="alert">
            <Notice tone="danger">{failure}</Notice>
          </div>
        ) : null}
        {next ? (
          <button type="button" className="btn-secondary" disabled={loading} onClick={() => void loadMore()}>
            {loading ? "Loading..." : "Load more"}
          </button>
        ) : (
          <p className="text-[0.9375rem] text-ink-muted">That is everything in your activity log.</p>
        )}
      </div>
    </section>
  );
}
