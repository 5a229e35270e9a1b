import type { LegacyContact, LegacyContactList } from "@heirloom/contract";
import { ApiError } from "#app/lib/api.ts";
import { apiKey, getQueryClient, invalidateApi } from "#app/lib/query.tsx";

/** Puts a contact the server just answered with into the cached list (new ones first), without asking again. */
export function putContact(contact: LegacyContact): void {
  getQueryClient().setQueryData<LegacyContactList>(apiKey("listLegacyContacts"), (list) => {
    if (!list) return list;
    const known = list.contacts.some((c) => c.id === contact.id);
    return {
      contacts: known
        ? list.contacts.map((c) => (c.id === contact.id ? contact : c))
        : [contact, ...list.contacts],
    };
  });
}

/** After a change the server answers with no body (revoke): read the list again. */
export function refreshContacts(): Promise<void> {
  return invalidateApi("listLegacyContacts");
}

/** A failed change in the server's words (written for people), or a plain retry message. */
export const describeLegacyError = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : "Nothing changed. Please try again.";
