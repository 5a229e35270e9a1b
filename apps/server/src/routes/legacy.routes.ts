import { legacyMessages, legacyPlanMessages } from "@heirloom/contract";
import { operationsById } from "@heirloom/contract/operations";
import type { LegacyContactsService } from "../services/legacy-contacts.service.ts";
import type { LegacyPlansService } from "../services/legacy-plans.service.ts";
import type { OperationRoute } from "./operation-route.ts";
import { perHour, perMinute } from "./rate-limits.ts";

/**
 * Legacy contacts. The owner's routes act only on the signed-in owner's rows and the contact's only on rows naming
 * them: any other id is 404, as an unknown one is. The invitation's token travels in request bodies, never in a URL.
 */
export function registerLegacyRoutes(route: OperationRoute, deps: { legacy: LegacyContactsService }) {
  const { legacy } = deps;
  const contactNotFound = { paramsNotFound: legacyMessages.contactNotFound } as const;
  const roleNotFound = { paramsNotFound: legacyMessages.noLongerNamed } as const;

  // --- The owner ---

  route(operationsById.listLegacyContacts, async ({ session }) => ({
    contacts: await legacy.list(session.caller),
  }));

  // Each invitation sends a mail to an address the caller chose: a tighter limit than other writes.
  route(operationsById.inviteLegacyContact, perHour(30), async ({ session, body }) =>
    legacy.invite(session.caller, body),
  );

  route(
    operationsById.updateLegacyContact,
    { ...perMinute(30), ...contactNotFound },
    async ({ session, params, body }) => legacy.updateDetails(session.caller, params.id, body.details),
  );

  route(
    operationsById.revokeLegacyContact,
    { ...perMinute(30), ...contactNotFound },
    async ({ session, params }) => {
      await legacy.revoke(session.caller, params.id);
    },
  );

  route(
    operationsById.resendLegacyInvitation,
    { ...perHour(30), ...contactNotFound },
    async ({ session, params }) => legacy.resend(session.caller, params.id),
  );

  route(
    operationsById.confirmLegacyContact,
    { ...perMinute(30), ...contactNotFound },
    async ({ session, params, body }) => legacy.confirm(session.caller, params.id, body),
  );

  // --- The invited person: a token of 256 random bits cannot be guessed; the limits keep anyone from trying ---

  route(operationsById.viewLegacyInvitation, perMinute(30), async ({ body }) =>
    legacy.viewInvitation(body.token),
  );

  route(operationsById.acceptLegacyInvitation, perMinute(10), async ({ session, body }) =>
    legacy.accept(session.caller, body.token),
  );

  route(operationsById.declineLegacyInvitation, perMinute(10), async ({ body }) => {
    await legacy.decline(body.token);
  });

  // --- The contact ---

  route(operationsById.listNamedMe, async ({ session }) => ({
    entries: await legacy.namedMe(session.caller),
  }));

  route(
    operationsById.leaveLegacyRole,
    { ...perMinute(30), ...roleNotFound },
    async ({ session, params }) => {
      await legacy.leave(session.caller, params.id);
    },
  );
}

/**
 * Legacy plans (the owner) and what was released (the recipient). Every plan route acts only on the signed-in
 * owner's plans; a recipient reaches a release only once it is released to them. Any other id is 404.
 */
export function registerLegacyPlanRoutes(route: OperationRoute, deps: { plans: LegacyPlansService }) {
  const { plans } = deps;
  const planNotFound = { paramsNotFound: legacyPlanMessages.planNotFound } as const;
  const writes = { ...perMinute(120), ...planNotFound } as const;

  route(operationsById.listLegacyPlans, async ({ session }) => ({ plans: await plans.list(session.caller) }));

  route(
    operationsById.createLegacyPlan,
    { ...perMinute(30), bodyLimit: 256 * 1024 },
    async ({ session, body }) => plans.create(session.caller, body),
  );

  route(
    operationsById.updateLegacyPlan,
    { ...writes, bodyLimit: 256 * 1024 },
    async ({ session, params, body }) => plans.update(session.caller, params.id, body),
  );

  route(operationsById.deleteLegacyPlan, writes, async ({ session, params }) => {
    await plans.remove(session.caller, params.id);
  });

  route(operationsById.addLegacyPlanItems, writes, async ({ session, params, body }) =>
    plans.addItems(session.caller, params.id, body.items),
  );

  route(operationsById.removeLegacyPlanItem, writes, async ({ session, params }) =>
    plans.removeItem(session.caller, params.id, params.kind, params.itemId),
  );

  route(operationsById.addLegacyPlanRecipient, writes, async ({ session, params, body }) =>
    plans.addRecipient(session.caller, params.id, body.contactId),
  );

  route(operationsById.removeLegacyPlanRecipient, writes, async ({ session, params }) =>
    plans.removeRecipient(session.caller, params.id, params.contactId),
  );

  route(
    operationsById.saveLegacyLetter,
    { ...writes, bodyLimit: 1024 * 1024 },
    async ({ session, params, body }) => plans.saveLetter(session.caller, params.id, params.contactId, body),
  );

  route(operationsById.deleteLegacyLetter, writes, async ({ session, params }) =>
    plans.saveLetter(session.caller, params.id, params.contactId, null),
  );

  route(
    operationsById.uploadLegacyWraps,
    { ...writes, bodyLimit: 2 * 1024 * 1024 },
    async ({ session, params, body }) => plans.uploadWraps(session.caller, params.id, params.contactId, body),
  );

  route(
    operationsById.sendLegacyDrill,
    { ...perHour(30), ...planNotFound },
    async ({ session, params, body }) => plans.sendDrill(session.caller, params.id, body),
  );

  route(operationsById.listLegacyShared, async ({ session }) => plans.listShared(session.caller));

  route(
    operationsById.getLegacyShared,
    { ...perMinute(120), paramsNotFound: legacyPlanMessages.shareNotFound },
    async ({ session, params }) => plans.getShared(session.caller, params.id),
  );
}
