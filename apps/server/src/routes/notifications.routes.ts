import { apiRoutes, markReadRequestSchema, notificationsQuerySchema } from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import type { HeirloomAuth } from "../auth/auth.ts";
import type { NotificationsService } from "../services/notifications.service.ts";
import { parse } from "./parse.ts";
import { requireSession } from "./session.ts";

/** The signed-in user's own notifications; no route takes a user id. */
export function registerNotificationsRoutes(
  app: FastifyInstance,
  deps: { auth: HeirloomAuth; notifications: NotificationsService },
) {
  const { auth, notifications } = deps;

  app.get(apiRoutes.notifications, async (request, reply) => {
    const { caller } = await requireSession(auth, request);
    reply.header("cache-control", "no-store");
    return notifications.page(caller.id, parse(notificationsQuerySchema, request.query));
  });

  app.get(apiRoutes.notificationsUnread, async (request, reply) => {
    const { caller } = await requireSession(auth, request);
    reply.header("cache-control", "no-store");
    return notifications.unreadCount(caller.id);
  });

  app.post(apiRoutes.notificationsRead, async (request) => {
    const { caller } = await requireSession(auth, request);
    const body = parse(markReadRequestSchema, request.body);
    return notifications.markRead(caller.id, "all" in body ? "all" : body.ids);
  });
}
