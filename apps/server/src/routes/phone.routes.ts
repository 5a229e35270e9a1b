import { operationsById } from "@heirloom/contract/operations";
import type { PhoneService } from "../services/phone.service.ts";
import type { OperationRoute } from "./operation-route.ts";
import { perMinute } from "./rate-limits.ts";

/** The signed-in user's mobile number for texts (contact preferences). The service limits codes per account too. */
export function registerPhoneRoutes(route: OperationRoute, deps: { phone: PhoneService }) {
  const { phone } = deps;

  route(operationsById.getPhone, async ({ session, reply }) => {
    reply.header("cache-control", "no-store");
    return phone.status(session.caller.id);
  });

  route(operationsById.sendPhoneCode, perMinute(10), async ({ session, body }) =>
    phone.sendCode(session.caller.id, body.phone),
  );

  route(operationsById.verifyPhone, perMinute(20), async ({ session, body }) =>
    phone.verifyCode(session.caller.id, body.code),
  );

  route(operationsById.removePhone, perMinute(10), async ({ session }) => phone.remove(session.caller.id));
}
