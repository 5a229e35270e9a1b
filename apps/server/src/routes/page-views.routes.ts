import { operationsById } from "@heirloom/contract/operations";
import type { PageViewsService } from "../services/page-views.service.ts";
import type { OperationRoute } from "./operation-route.ts";
import { perMinute } from "./rate-limits.ts";

/** Page views in (public: no session is read, nothing about the sender is kept) and the admin's report out. */
export function registerPageViewRoutes(route: OperationRoute, deps: { pageViews: PageViewsService }) {
  route(operationsById.recordPageView, perMinute(120), async ({ body }) => {
    await deps.pageViews.record(body.path);
  });
  route(operationsById.listPageViews, async ({ query }) => deps.pageViews.report(query.days));
}
