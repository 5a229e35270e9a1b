import {
  type ActivityPage,
  apiRoutes,
  type PhoneStatus,
  type Profile,
  type ProfileUpdate,
} from "@heirloom/contract";
import { apiRequest } from "#app/lib/api.ts";

/** The calls of the contact preferences and activity pages (our own /api/account routes). */
export const prefsApi = {
  profile: () => apiRequest<Profile>(apiRoutes.profile),
  updateProfile: (update: ProfileUpdate) =>
    apiRequest<Profile>(apiRoutes.profile, { method: "PATCH", body: update }),
  phone: () => apiRequest<PhoneStatus>(apiRoutes.phone),
  sendPhoneCode: (phone: string) => apiRequest<PhoneStatus>(apiRoutes.phone, { body: { phone } }),
  verifyPhoneCode: (code: string) => apiRequest<PhoneStatus>(apiRoutes.phoneVerify, { body: { code } }),
  removePhone: () => apiRequest<PhoneStatus>(apiRoutes.phone, { method: "DELETE" }),
  activity: (cursor: string | null, limit = 25) =>
    apiRequest<ActivityPage>(
      `${apiRoutes.activity}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    ),
};
