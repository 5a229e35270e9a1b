import { operationsById } from "@heirloom/contract/operations";
import type { ContactService } from "../services/contact.service.ts";
import type { OperationRoute } from "./operation-route.ts";
import { perHour } from "./rate-limits.ts";

export function registerContactRoutes(
  route: OperationRoute,
  deps: { contact: ContactService; perHour: number },
) {
  route(operationsById.sendContactMessage, perHour(deps.perHour), async ({ body, request }) =>
    deps.contact.submit(body, { ip: request.ip }),
  );
}
