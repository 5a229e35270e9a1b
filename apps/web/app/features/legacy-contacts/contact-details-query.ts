import type { LegacyContact } from "@heirloom/contract";
import { queryOptions, useQueries } from "@tanstack/react-query";
import { openDetails, openOwnerKeys } from "./contact-keys.ts";

/**
 * What the owner wrote about a contact (name, relationship), opened in this browser once per sealed blob and shared
 * by every page that shows the contact. Null when it does not open: a damaged blob, or a vault that is locked.
 */
export function contactDetailsQuery(contact: Pick<LegacyContact, "id" | "email" | "details">) {
  return queryOptions({
    queryKey: ["legacy-contact-details", contact.id, contact.details],
    // Any failure reads as "could not be read": never a broken page.
    queryFn: async () => {
      try {
        return await openDetails(await openOwnerKeys(), contact.email, contact.details);
      } catch {
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** contactId -> the name the owner gave them, for each contact whose details have opened (none while locked). */
export function useContactNames(contacts: readonly LegacyContact[]): ReadonlyMap<string, string> {
  return useQueries({
    queries: contacts.map(contactDetailsQuery),
    combine: (results) => {
      const names = new Map<string, string>();
      results.forEach((result, index) => {
        const id = contacts[index]?.id;
        const name = result.data?.name.trim();
        if (id && name) names.set(id, name);
      });
      return names;
    },
  });
}
