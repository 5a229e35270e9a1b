import { operationsById } from "@heirloom/contract/operations";
import type { NotificationsService } from "../services/notifications.service.ts";
import type { OperationRoute } from "./operation-route.ts";

/** The signed-in user's own notifications; no route takes a user id. */
export function registerNotificationsRoutes(
  route: OperationRoute,
  deps: { notifications: NotificationsService },
) {
  const { notifications } = deps;

  route(operationsById.listNotifications, async ({ session, query, reply }) => {
    reply.header("cache-control", "no-store");
    return notifications.page(session.caller.id, query);
  });

  route(operationsById.countUnreadNotifications, async ({ session, reply }) => {
    reply.header("cache-control", "no-store");
    return notifications.unreadCount(session.caller.id);
  });

  route(operationsById.markNotificationsRead, async ({ session, body }) =>
    notifications.markRead(session.caller.id, "all" in body ? "all" : body.ids),
  );
}
