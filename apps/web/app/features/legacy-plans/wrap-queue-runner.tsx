import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { getQueryClient } from "#app/lib/query.tsx";
import { useWrapQueue } from "./use-wrap-queue.ts";
import { wrapQueue } from "./wrap-queue.ts";

const watched = new Set(["listLegacyPlans", "listLegacyContacts", "documents"]);

/**
 * Mounted once in the signed-in shell: starts the wrap queue (so it resumes after a reload or a new sign-in, wherever
 * the owner is), runs it again when the cached plans, contacts or documents change or the tab comes back into view,
 * and shows a small status on other pages while it works or when it needs attention.
 */
export function WrapQueueRunner() {
  useEffect(() => {
    wrapQueue.request();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = getQueryClient()
      .getQueryCache()
      .subscribe((event) => {
        if (event.type !== "updated" || !watched.has(String(event.query.queryKey[0]))) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (!wrapQueue.getSnapshot().running && wrapQueue.cacheChanged()) wrapQueue.request();
        }, 300);
      });
    const onVisible = () => {
      if (document.visibilityState === "visible") wrapQueue.request();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  const queue = useWrapQueue();
  const { pathname } = useLocation();
  const area = pathname.toLowerCase().startsWith("/app") ? "/app" : "/account";
  // The plans page shows the queue in full.
  if (/\/legacysettings\/?$/i.test(pathname)) return null;
  const working = queue.running && queue.progress.total > 0;
  const attention = !queue.running && queue.problems.length > 0;
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-3 bottom-3 z-40 max-w-[calc(100%-1.5rem)]"
    >
      {working || attention ? (
        <div className="pointer-events-auto flex items-center gap-2 rounded-full border border-line bg-surface px-4 py-2 text-sm shadow-md">
          {working ? (
            <>
              <Spinner className="size-4 shrink-0" />
              <span>
                Preparing your legacy plans: {queue.progress.done} of {queue.progress.total}
              </span>
            </>
          ) : (
            <Link to={`${area}/LegacySettings`} className="link">
              Some legacy plan items could not be prepared
            </Link>
          )}
        </div>
      ) : null}
    </div>
  );
}
