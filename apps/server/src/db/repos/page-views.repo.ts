import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DatabaseSchema } from "../schema.ts";

export interface PageViewsRepo {
  /** One more view of `path` on `day` (YYYY-MM-DD), in one statement (concurrent views all count). */
  count(day: string, path: string): Promise<void>;
  /** Views per day from `fromDay` on, and the paths most viewed since then (at most `limit`). */
  since(
    fromDay: string,
    limit: number,
  ): Promise<{
    days: { day: string; views: number }[];
    paths: { path: string; views: number }[];
  }>;
}

export function createPageViewsRepo(db: Kysely<DatabaseSchema>): PageViewsRepo {
  return {
    async count(day, path) {
      await db
        .insertInto("page_views")
        .values({ day, path, views: 1 })
        .onConflict((oc) => oc.columns(["day", "path"]).doUpdateSet({ views: sql`page_views.views + 1` }))
        .execute();
    },
    async since(fromDay, limit) {
      const days = await db
        .selectFrom("page_views")
        .select(["day", (eb) => eb.fn.sum<number>("views").as("views")])
        .where("day", ">=", fromDay)
        .groupBy("day")
        .orderBy("day")
        .execute();
      const paths = await db
        .selectFrom("page_views")
        .select(["path", (eb) => eb.fn.sum<number>("views").as("views")])
        .where("day", ">=", fromDay)
        .groupBy("path")
        .orderBy("views", "desc")
        .orderBy("path")
        .limit(limit)
        .execute();
      return {
        days: days.map((d) => ({ day: d.day, views: Number(d.views) })),
        paths: paths.map((p) => ({ path: p.path, views: Number(p.views) })),
      };
    },
  };
}
