import { fetchMe, fetchPreferences, fetchProfile, fetchStorageUsage } from "./account-api.ts";
import { type ChecklistItem, checklistItems } from "./checklist.ts";

/** Reads everything the checklist needs from the server (nothing from this browser), in parallel. */
export async function loadChecklist(): Promise<ChecklistItem[]> {
  const [user, profile, preferences, usage] = await Promise.all([
    fetchMe(),
    fetchProfile(),
    fetchPreferences(),
    // The checklist still shows when storage cannot be read; the document step then reads as not done.
    fetchStorageUsage().catch(() => null),
  ]);
  return checklistItems({
    user,
    hasPersonalInfo: profile.dobYear !== null || profile.zipCode !== null,
    documents: usage?.documents ?? null,
    recoveryKitSavedAt: preferences.recoveryKitSavedAt,
    legacyContacts: null,
    canUploadDocuments: true,
  });
}
