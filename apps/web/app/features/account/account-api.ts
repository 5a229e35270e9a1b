import {
  apiRoutes,
  type Preferences,
  type PreferencesUpdate,
  type Profile,
  type ProfileUpdate,
  type ReplaceRecoveryKitRequest,
  type SessionUser,
  type StorageUsage,
} from "@heirloom/contract";
import { apiRequest } from "#app/lib/api.ts";

// The signed-in person's own account calls (profile, display settings, onboarding, recovery kit). No crypto and no
// session code here: the get-started checklist on the public /getStarted page uses these too.

export const fetchMe = () => apiRequest<SessionUser>(apiRoutes.me);
export const fetchProfile = () => apiRequest<Profile>(apiRoutes.profile);
export const saveProfile = (update: ProfileUpdate) =>
  apiRequest<Profile>(apiRoutes.profile, { method: "PATCH", body: update });
export const fetchPreferences = () => apiRequest<Preferences>(apiRoutes.preferences);
export const savePreferences = (update: PreferencesUpdate) =>
  apiRequest<Preferences>(apiRoutes.preferences, { method: "PATCH", body: update });
export const fetchStorageUsage = () => apiRequest<StorageUsage>(apiRoutes.storageUsage);
/** The person ticked "I have saved my recovery kit". */
export const markRecoveryKitSaved = () =>
  apiRequest<Preferences>(apiRoutes.recoveryKitSaved, { method: "POST", body: {} });
export const replaceRecoveryKit = (request: ReplaceRecoveryKitRequest) =>
  apiRequest<void>(apiRoutes.recoveryKit, { method: "PUT", body: request });
