import type { PageViews } from "@heirloom/contract";
import type { PageViewsRepo } from "../db/repos/page-views.repo.ts";
import type { Clock } from "./clock.ts";

const dayMs = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A path as it is counted: ids and tokens in it become ":id", so a count never names one person's shared page or
 * invitation (a UUID, or any segment of 20 or more letters and digits).
 */
export function countedPath(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? "/";
  return clean
    .split("/")
    .map((segment) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ||
      /^[A-Za-z0-9_-]{20,}$/.test(segment)
        ? ":id"
        : segment,
    )
    .join("/")
    .toLowerCase();
}

/** First-party page views (ADR 041): a path and a UTC day, counted; nothing about who looked is ever received. */
export function createPageViewsService(deps: { repo: PageViewsRepo; clock: Clock }) {
  return {
    async record(path: string): Promise<void> {
      await deps.repo.count(dayOf(deps.clock()), countedPath(path));
    },

    /** Every day of the last `days` (today included), 0 where nothing was counted, and the top 20 paths. */
    async report(days: number): Promise<PageViews> {
      const today = deps.clock();
      const from = new Date(today.getTime() - (days - 1) * dayMs);
      const { days: counted, paths } = await deps.repo.since(dayOf(from), 20);
      const byDay = new Map(counted.map((d) => [d.day, d.views]));
      const all = Array.from({ length: days }, (_, i) => {
        const day = dayOf(new Date(from.getTime() + i * dayMs));
        return { day, views: byDay.get(day) ?? 0 };
      });
      return { days: all, paths };
    },
  };
}

export type PageViewsService = ReturnType<typeof createPageViewsService>;
