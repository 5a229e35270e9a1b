import type { LegacyContact, LegacyPlan } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { planDetailsOf, wrapStateOf } from "./owner-cache.ts";
import { openContactName, openOwnerKeys } from "./owner-keys.ts";
import type { PlanDetailsContent } from "./plan-details.ts";
import type { ContactWrapState } from "./wrappability.ts";

// What the plans page opens and checks in this browser: each plan's sealed details, the name the owner gave each
// contact, and whether each contact can be wrapped to (the same check the wrap queue makes).

export interface OpenedPlans {
  readonly details: ReadonlyMap<string, PlanDetailsContent | null>;
  /** contactId -> the name to show: what the owner wrote, else the account's name, else the address. */
  readonly names: ReadonlyMap<string, string>;
  readonly states: ReadonlyMap<string, ContactWrapState>;
  /** The owner's own user id. */
  readonly ownerId: string;
}

const contactNames = new Map<string, Promise<string | null>>();

export function useOpened(
  plans: readonly LegacyPlan[] | undefined,
  contacts: readonly LegacyContact[] | undefined,
) {
  return useQuery({
    enabled: plans !== undefined && contacts !== undefined,
    queryKey: [
      "legacy-plans-opened",
      plans?.map((p) => [p.id, p.details]),
      contacts?.map((c) => [c.id, c.details, c.state, c.keyChanged, c.contact?.publicKeyPem, c.confirmation]),
    ],
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    placeholderData: (previous) => previous,
    queryFn: async (): Promise<OpenedPlans> => {
      const keys = await openOwnerKeys();
      const details = new Map<string, PlanDetailsContent | null>();
      for (const plan of plans ?? []) details.set(plan.id, await planDetailsOf(keys, plan));
      const names = new Map<string, string>();
      const states = new Map<string, ContactWrapState>();
      for (const contact of contacts ?? []) {
        const key = `${contact.id}\u0000${contact.details}`;
        let opened = contactNames.get(key);
        if (!opened) {
          opened = openContactName(keys, contact.email, contact.details);
          contactNames.set(key, opened);
        }
        names.set(contact.id, (await opened) || contact.contact?.name || contact.email);
        states.set(contact.id, await wrapStateOf(keys, contact));
      }
      return { details, names, states, ownerId: keys.account.userId };
    },
  });
}
