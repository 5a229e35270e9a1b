import { useQuery } from "@tanstack/react-query";
import { apiQuery, joinQueries, orFallback } from "#app/lib/query.tsx";
import { checklistItems } from "./checklist.ts";

/** Everything the checklist needs, read from the server (nothing from this browser) in parallel. */
export function useChecklist() {
  const me = useQuery(apiQuery("getMe"));
  const profile = useQuery(apiQuery("getProfile"));
  const preferences = useQuery(apiQuery("getPreferences"));
  // The checklist still shows when storage cannot be read; the document step then reads as not done.
  const usage = useQuery({ ...apiQuery("getStorageUsage"), retry: false });
  const contacts = useQuery({ ...apiQuery("listLegacyContacts"), retry: false });
  return joinQueries(
    [me, profile, preferences, orFallback(usage, null), orFallback(contacts, null)],
    (user, profile, preferences, usage, contacts) =>
      checklistItems({
        user,
        hasPersonalInfo: profile.dobYear !== null || profile.zipCode !== null,
        documents: usage?.documents ?? null,
        recoveryKitSavedAt: preferences.recoveryKitSavedAt,
        legacyContacts:
          contacts?.contacts.filter((c) => ["invited", "accepted", "confirmed"].includes(c.state)).length ??
          null,
        canUploadDocuments: true,
      }),
  );
}
