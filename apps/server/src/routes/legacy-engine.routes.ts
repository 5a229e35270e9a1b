import { legacyEngineMessages } from "@heirloom/contract";
import { operationsById } from "@heirloom/contract/operations";
import type { LegacyEngineService } from "../services/legacy-engine.service.ts";
import type { OperationRoute } from "./operation-route.ts";
import { perHour, perMinute } from "./rate-limits.ts";

/**
 * The release engine: the owner's check-in, history and refusals; a recipient's request and a trustee's answer;
 * and the one-click links of reminder and request mail, which work without a session (a token of 256 random bits,
 * single use, in the body).
 */
export function registerLegacyEngineRoutes(route: OperationRoute, deps: { engine: LegacyEngineService }) {
  const { engine } = deps;
  const planNotFound = { paramsNotFound: legacyEngineMessages.planNotFound } as const;

  route(operationsById.getCheckIn, async ({ session }) => engine.schedule(session.caller.id));

  route(operationsById.checkIn, perMinute(30), async ({ session }) => {
    await engine.checkIn(session.caller.id);
    return engine.schedule(session.caller.id);
  });

  route(operationsById.useCheckInLink, perMinute(10), async ({ body }) => engine.useLink(body.token));

  route(
    operationsById.getLegacyPlanHistory,
    { ...perMinute(120), ...planNotFound },
    async ({ session, params }) => ({ events: await engine.history(session.caller.id, params.id) }),
  );

  route(
    operationsById.refuseLegacyRequest,
    { ...perMinute(30), ...planNotFound },
    async ({ session, params }) => {
      await engine.refuse(session.caller.id, params.id);
    },
  );

  // Each request mails and may text the owner: a tight limit.
  route(
    operationsById.requestLegacyAccess,
    { ...perHour(10), ...planNotFound },
    async ({ session, params, body }) => {
      await engine.request(session.caller, params.id, body.reason);
    },
  );

  route(
    operationsById.answerAsTrustee,
    { ...perMinute(30), ...planNotFound },
    async ({ session, params, body }) => {
      await engine.answer(session.caller, params.id, body.answer);
    },
  );
}
