import {
  apiRoutes,
  fieldMessages,
  markReadRequestSchema,
  notificationsQuerySchema,
} from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { HeirloomAuth } from "../auth/auth.ts";
import { AppError } from "../errors.ts";
import type { NotificationsService } from "../services/notifications.service.ts";
import { requireSession } from "./session.ts";

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new AppError(
      "validation_failed",
      "Please correct the highlighted fields.",
      fieldMessages(parsed.error),
    );
  return parsed.data;
}

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
