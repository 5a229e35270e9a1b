import {
  apiRoutes,
  type MarkReadRequest,
  type NotificationsPage,
  type UnreadCount,
} from "@heirloom/contract";
import { apiRequest } from "#app/lib/api.ts";

export const notificationsApi = {
  page: (cursor: string | null, limit = 20) =>
    apiRequest<NotificationsPage>(
      `${apiRoutes.notifications}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    ),
  unread: () => apiRequest<UnreadCount>(apiRoutes.notificationsUnread),
  markRead: (request: MarkReadRequest) =>
    apiRequest<UnreadCount>(apiRoutes.notificationsRead, { body: request }),
};
