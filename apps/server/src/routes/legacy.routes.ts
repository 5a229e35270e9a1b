import { legacyMessages } from "@heirloom/contract";
import { operationsById } from "@heirloom/contract/operations";
import type { LegacyContactsService } from "../services/legacy-contacts.service.ts";
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
