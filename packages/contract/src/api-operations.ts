import { z } from "zod";
import {
  activityRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  keysResponseSchema,
  preliminaryCheckRequestSchema,
  preliminaryCheckResponseSchema,
  preloginRequestSchema,
  preloginResponseSchema,
  profileSchema,
  recoveryCompleteRequestSchema,
  recoveryStartRequestSchema,
  recoveryStartResponseSchema,
  saltResponseSchema,
  saveKeysRequestSchema,
  sessionParamsSchema,
  sessionUserSchema,
  socialProvidersResponseSchema,
  userErrorRequestSchema,
} from "./account.ts";
import { type ApiOperation, named, noContent, ok, operation } from "./api-operation.ts";
import {
  adminArticleListSchema,
  adminArticleSchema,
  articleDraftSchema,
  articlePreviewRequestSchema,
  articlePreviewResponseSchema,
} from "./articles.ts";
import { betterAuthOperations } from "./better-auth-operations.ts";
import { contactRequestSchema, contactResponseSchema } from "./contact.ts";
import { devMailboxResponseSchema } from "./dev-mailbox.ts";
import type { ErrorCode } from "./errors.ts";
import { healthResponseSchema } from "./health.ts";
import {
  legacyConfirmRequestSchema,
  legacyContactListSchema,
  legacyContactParamsSchema,
  legacyContactSchema,
  legacyDetailsUpdateSchema,
  legacyInvitationViewSchema,
  legacyInviteRequestSchema,
  legacyNamedMeEntrySchema,
  legacyNamedMeListSchema,
  legacyTokenRequestSchema,
} from "./legacy.ts";
import {
  markReadRequestSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  phoneStartRequestSchema,
  phoneStatusSchema,
  phoneVerifyRequestSchema,
  unreadCountSchema,
} from "./notifications.ts";
import {
  accountExportSchema,
  activityPageSchema,
  activityQuerySchema,
  changeEmailRequestSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  profileUpdateSchema,
  replaceRecoveryKitRequestSchema,
} from "./profile.ts";
import { apiRoutes } from "./routes.ts";
import {
  listQuerySchema,
  listResponseSchema,
  objectMetadataSchema,
  storageRoutes,
  storageUsageSchema,
} from "./storage.ts";

export * from "./api-operation.ts";

// The table of every operation the server answers under /api, /v0 and /healthz: the source of docs/openapi.json
// (openapi.ts). apps/server/src/openapi.test.ts checks that it lists exactly the routes buildApp registers and that
// real answers match the schemas listed here, so this table and the server cannot drift apart.

// --- Error code sets ---

/** Every JSON body can be malformed, of another type or too large. */
const bodyErrors = ["validation_failed", "unsupported_media_type", "payload_too_large"] as const;
const errors = (...codes: ErrorCode[]): ErrorCode[] => [...new Set<ErrorCode>([...codes, "internal"])];
const storageErrors = (...codes: ErrorCode[]): ErrorCode[] => [
  ...new Set<ErrorCode>([
    "storage/unauthorized-app",
    "storage/bucket-not-found",
    "storage/invalid-argument",
    ...codes,
    "storage/internal-error",
  ]),
];

// --- Named schemas (their names in components.schemas) ---

const Profile = named("Profile", profileSchema);
const Preferences = named("Preferences", preferencesSchema);
const PhoneStatus = named("PhoneStatus", phoneStatusSchema);
const UnreadCount = named("UnreadCount", unreadCountSchema);
const AdminArticle = named("AdminArticle", adminArticleSchema);
const ArticleDraft = named("ArticleDraft", articleDraftSchema);
const ObjectMetadata = named("ObjectMetadata", objectMetadataSchema);
const LegacyNamedMeEntry = named("LegacyNamedMeEntry", legacyNamedMeEntrySchema);
const LegacyContact = named("LegacyContact", legacyContactSchema);
const LegacyTokenRequest = named("LegacyTokenRequest", legacyTokenRequestSchema);

/** The OpenAPI document itself: any JSON object (its own schema is the OpenAPI 3.1 specification's). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

const storageObjectParams = z.object({
  bucket: z.string(),
  /** The full object path, percent-encoded as one segment (slashes as %2F). */
  path: z.string(),
});
const storageBucketParams = z.object({ bucket: z.string() });
const uploadQuerySchema = z.object({ name: z.string().optional() });
const objectQuerySchema = z.object({
  alt: z.enum(["json", "media"]).optional(),
  token: z.string().optional(),
});

// --- The table ---

const heirloomOperations = [
  operation({
    operationId: "getHealth",
    method: "GET",
    path: apiRoutes.health,
    tag: "health",
    summary: "Checks the database and the blob store",
    access: "public",
    responses: [
      { status: 200, description: "Both work.", json: named("Health", healthResponseSchema) },
      { status: 503, description: "One of them fails.", json: named("Health", healthResponseSchema) },
    ],
    errors: [],
  }),
  operation({
    operationId: "getOpenApiDocument",
    method: "GET",
    path: apiRoutes.openapi,
    tag: "docs",
    summary: "This OpenAPI document",
    access: "public",
    responses: ok(named("OpenApiDocument", openApiDocumentSchema)),
    errors: [],
  }),
  operation({
    operationId: "sendContactMessage",
    method: "POST",
    path: apiRoutes.contact,
    tag: "contact",
    summary: "Sends a message through the contact form",
    access: "public",
    body: named("ContactRequest", contactRequestSchema),
    responses: [
      { status: 201, description: "Received.", json: named("ContactResponse", contactResponseSchema) },
    ],
    errors: errors(...bodyErrors, "rate_limited"),
  }),
  // --- Account: sign-up helpers, keys, security ---
  operation({
    operationId: "listSocialProviders",
    method: "GET",
    path: apiRoutes.socialProviders,
    tag: "account",
    summary: "The social sign-in providers this server has configured",
    access: "public",
    responses: ok(named("SocialProviders", socialProvidersResponseSchema)),
    errors: errors(),
  }),
  operation({
    operationId: "prelogin",
    method: "POST",
    path: apiRoutes.prelogin,
    tag: "account",
    summary: "The salt and KDF parameters for an email, before sign-in",
    description:
      "The same shape for every email: an unknown one gets a stable fake salt, so the answer reveals no account.",
    access: "public",
    body: named("PreloginRequest", preloginRequestSchema),
    responses: ok(named("PreloginResponse", preloginResponseSchema)),
    errors: errors(...bodyErrors, "rate_limited"),
  }),
  operation({
    operationId: "preliminaryCheck",
    method: "POST",
    path: apiRoutes.preliminaryCheck,
    tag: "account",
    summary: "Checks a sign-up's email, name and account type before the account is created",
    description:
      "Answers 200 with { success: false, error } and SPEC's message for a value the page must show.",
    specCall: "createaccount preliminaryCheck",
    access: "public",
    body: named("PreliminaryCheckRequest", preliminaryCheckRequestSchema),
    responses: ok(named("PreliminaryCheckResponse", preliminaryCheckResponseSchema)),
    errors: errors("unsupported_media_type", "payload_too_large", "validation_failed", "rate_limited"),
  }),
  operation({
    operationId: "getSalt",
    method: "GET",
    path: apiRoutes.salt,
    tag: "account",
    summary: "The signed-in user's vault salt",
    specCall: "getUserSalt",
    access: "session",
    responses: ok(named("SaltResponse", saltResponseSchema)),
    errors: errors("unauthenticated"),
  }),
  operation({
    operationId: "saveKeys",
    method: "PUT",
    path: apiRoutes.keys,
    tag: "account",
    summary: "Stores the vault's salt, public keys and browser-encrypted key blobs",
    specCall: "saveUserKeys",
    access: "session",
    body: named("SaveKeysRequest", saveKeysRequestSchema),
    responses: noContent("Saved."),
    errors: errors("unauthenticated", ...bodyErrors, "conflict", "rate_limited"),
  }),
  operation({
    operationId: "getKeys",
    method: "GET",
    path: apiRoutes.keys,
    tag: "account",
    summary: "The signed-in user's salt, KDF parameters and key blobs",
    access: "session",
    responses: ok(named("KeysResponse", keysResponseSchema)),
    errors: errors("unauthenticated", "not_found"),
  }),
  operation({
    operationId: "getMe",
    method: "GET",
    path: apiRoutes.me,
    tag: "account",
    summary: "Who is signed in (the header and the client store)",
    access: "session",
    responses: ok(named("SessionUser", sessionUserSchema)),
    errors: errors("unauthenticated", "not_found"),
  }),
  operation({
    operationId: "replaceRecoveryKit",
    method: "PUT",
    path: apiRoutes.recoveryKit,
    tag: "account",
    summary: "Replaces the recovery kit after re-authentication",
    access: "session",
    body: named("ReplaceRecoveryKitRequest", replaceRecoveryKitRequestSchema),
    responses: noContent("Replaced; the old kit no longer works."),
    errors: errors("unauthenticated", ...bodyErrors, "forbidden", "conflict", "rate_limited"),
  }),
  operation({
    operationId: "changeEmail",
    method: "POST",
    path: apiRoutes.changeEmail,
    tag: "account",
    summary: "Re-authenticates and sends a confirmation link to a new email address",
    description: "The same answer whether or not the new address belongs to another account.",
    access: "session",
    body: named("ChangeEmailRequest", changeEmailRequestSchema),
    responses: noContent("A link was sent, if the address can take it."),
    errors: errors("unauthenticated", ...bodyErrors, "forbidden", "rate_limited"),
  }),
  operation({
    operationId: "markRecoveryKitSaved",
    method: "POST",
    path: apiRoutes.recoveryKitSaved,
    tag: "account",
    summary: "Records that the person saved the recovery kit now on screen",
    access: "session",
    responses: ok(Preferences),
    errors: errors("unauthenticated", "not_found", "rate_limited"),
  }),
  operation({
    operationId: "changePassword",
    method: "POST",
    path: apiRoutes.changePassword,
    tag: "account",
    summary: "Changes the password: a new auth key, salt and re-wrapped key blobs",
    description: "Other sessions end.",
    access: "session",
    body: named("ChangePasswordRequest", changePasswordRequestSchema),
    responses: noContent("Changed."),
    errors: errors("unauthenticated", ...bodyErrors, "forbidden", "conflict", "rate_limited"),
  }),
  operation({
    operationId: "startRecovery",
    method: "POST",
    path: apiRoutes.recoveryStart,
    tag: "account",
    summary: "Checks a recovery key and hands back the recovery-wrapped blobs",
    access: "public",
    body: named("RecoveryStartRequest", recoveryStartRequestSchema),
    responses: ok(named("RecoveryStartResponse", recoveryStartResponseSchema)),
    errors: errors(...bodyErrors, "forbidden", "rate_limited"),
  }),
  operation({
    operationId: "completeRecovery",
    method: "POST",
    path: apiRoutes.recoveryComplete,
    tag: "account",
    summary: "Sets a new password with the token of a started recovery",
    access: "public",
    body: named("RecoveryCompleteRequest", recoveryCompleteRequestSchema),
    responses: noContent("Recovered; every session ended."),
    errors: errors(...bodyErrors, "forbidden", "rate_limited"),
  }),
  operation({
    operationId: "deleteAccount",
    method: "POST",
    path: apiRoutes.deleteAccount,
    tag: "account",
    summary: "Deletes the account and everything stored for it, after re-authentication",
    specCall: "deleteUserData",
    access: "session",
    body: named("DeleteAccountRequest", deleteAccountRequestSchema),
    responses: noContent("Deleted; the session cookies are cleared."),
    errors: errors("unauthenticated", ...bodyErrors, "forbidden", "rate_limited"),
  }),
  // --- Profile ---
  operation({
    operationId: "revokeSession",
    method: "DELETE",
    path: `${apiRoutes.sessions}/:id`,
    tag: "account",
    summary: "Signs one of the account's sessions out by its id",
    access: "session",
    params: sessionParamsSchema,
    responses: noContent("Signed out (or already gone)."),
    errors: errors("unauthenticated", "forbidden", "validation_failed", "rate_limited"),
  }),
  operation({
    operationId: "getProfile",
    method: "GET",
    path: apiRoutes.profile,
    tag: "profile",
    summary: "The signed-in user's profile: exactly SPEC's getuserde fields",
    specCall: "userhandle getuserde",
    access: "session",
    responses: ok(Profile),
    errors: errors("unauthenticated", "not_found"),
  }),
  operation({
    operationId: "updateProfile",
    method: "PATCH",
    path: apiRoutes.profile,
    tag: "profile",
    summary: "Saves any subset of the editable profile fields; null clears an optional one",
    access: "session",
    body: named("ProfileUpdate", profileUpdateSchema),
    responses: ok(Profile, "The profile as saved."),
    errors: errors("unauthenticated", ...bodyErrors, "not_found", "rate_limited"),
  }),
  operation({
    operationId: "updatePasswordDate",
    method: "POST",
    path: apiRoutes.passwordDate,
    tag: "profile",
    summary: "Records that the password was changed now",
    specCall: "userhandle updatePasswordDate",
    access: "session",
    responses: noContent("Recorded."),
    errors: errors("unauthenticated"),
  }),
  operation({
    operationId: "getPreferences",
    method: "GET",
    path: apiRoutes.preferences,
    tag: "profile",
    summary: "Display settings and onboarding state",
    access: "session",
    responses: ok(Preferences),
    errors: errors("unauthenticated", "not_found"),
  }),
  operation({
    operationId: "updatePreferences",
    method: "PATCH",
    path: apiRoutes.preferences,
    tag: "profile",
    summary: "Saves any subset of the display settings",
    access: "session",
    body: named("PreferencesUpdate", preferencesUpdateSchema),
    responses: ok(Preferences, "The preferences as saved."),
    errors: errors("unauthenticated", ...bodyErrors, "not_found", "rate_limited"),
  }),
  operation({
    operationId: "listActivity",
    method: "GET",
    path: apiRoutes.activity,
    tag: "profile",
    summary: "A page of the activity log, newest first",
    access: "session",
    query: activityQuerySchema,
    responses: ok(named("ActivityPage", activityPageSchema)),
    errors: errors("unauthenticated", "validation_failed"),
  }),
  operation({
    operationId: "logActivity",
    method: "POST",
    path: apiRoutes.activity,
    tag: "profile",
    summary: "Adds an entry to the activity log",
    specCall: "logActivity",
    access: "session",
    body: named("ActivityRequest", activityRequestSchema),
    responses: noContent("Logged."),
    errors: errors("unauthenticated", ...bodyErrors, "rate_limited"),
  }),
  operation({
    operationId: "logUserError",
    method: "POST",
    path: apiRoutes.userErrors,
    tag: "profile",
    summary: "Records an error the browser met (SPEC's userErrors collection)",
    access: "optional-session",
    body: named("UserErrorRequest", userErrorRequestSchema),
    responses: noContent("Recorded."),
    errors: errors(...bodyErrors, "rate_limited"),
  }),
  operation({
    operationId: "exportAccount",
    method: "GET",
    path: apiRoutes.accountExport,
    tag: "profile",
    summary: "Everything the server holds about the signed-in user, as one JSON file",
    access: "session",
    responses: ok(named("AccountExport", accountExportSchema), "The export, as an attachment."),
    errors: errors("unauthenticated", "not_found", "rate_limited"),
  }),
  // --- Phone ---
  operation({
    operationId: "getPhone",
    method: "GET",
    path: apiRoutes.phone,
    tag: "phone",
    summary: "The verified number and any number waiting for its code",
    access: "session",
    responses: ok(PhoneStatus),
    errors: errors("unauthenticated"),
  }),
  operation({
    operationId: "sendPhoneCode",
    method: "POST",
    path: apiRoutes.phone,
    tag: "phone",
    summary: "Texts a code to a number",
    access: "session",
    body: named("PhoneStartRequest", phoneStartRequestSchema),
    responses: ok(PhoneStatus),
    errors: errors("unauthenticated", ...bodyErrors, "rate_limited"),
  }),
  operation({
    operationId: "verifyPhone",
    method: "POST",
    path: apiRoutes.phoneVerify,
    tag: "phone",
    summary: "Confirms the number the last code went to",
    access: "session",
    body: named("PhoneVerifyRequest", phoneVerifyRequestSchema),
    responses: ok(PhoneStatus),
    errors: errors("unauthenticated", ...bodyErrors, "rate_limited"),
  }),
  operation({
    operationId: "removePhone",
    method: "DELETE",
    path: apiRoutes.phone,
    tag: "phone",
    summary: "Removes the number (texts turn off)",
    access: "session",
    responses: ok(PhoneStatus),
    errors: errors("unauthenticated", "rate_limited"),
  }),
  // --- Notifications ---
  operation({
    operationId: "listNotifications",
    method: "GET",
    path: apiRoutes.notifications,
    tag: "notifications",
    summary: "A page of notifications, newest first, with the unread count",
    access: "session",
    query: notificationsQuerySchema,
    responses: ok(named("NotificationsPage", notificationsPageSchema)),
    errors: errors("unauthenticated", "validation_failed"),
  }),
  operation({
    operationId: "countUnreadNotifications",
    method: "GET",
    path: apiRoutes.notificationsUnread,
    tag: "notifications",
    summary: "How many notifications are unread",
    access: "session",
    responses: ok(UnreadCount),
    errors: errors("unauthenticated"),
  }),
  operation({
    operationId: "markNotificationsRead",
    method: "POST",
    path: apiRoutes.notificationsRead,
    tag: "notifications",
    summary: "Marks some ({ ids }) or all ({ all: true }) notifications read",
    access: "session",
    body: named("MarkReadRequest", markReadRequestSchema),
    responses: ok(UnreadCount, "The unread count after marking."),
    errors: errors("unauthenticated", ...bodyErrors),
  }),
  // --- Legacy contacts ---
  operation({
    operationId: "listLegacyContacts",
    method: "GET",
    path: apiRoutes.legacyContacts,
    tag: "legacy",
    summary: "The signed-in owner's legacy contacts, newest first",
    description:
      "Each with its state (`expired` for an invitation past its expiry), whether a confirmed contact's key changed since, the sealed details, and once accepted the contact's account name, public keys and the server's fingerprint of the encryption key.",
    access: "session",
    responses: ok(named("LegacyContactList", legacyContactListSchema)),
    errors: errors("unauthenticated"),
  }),
  operation({
    operationId: "inviteLegacyContact",
    method: "POST",
    path: apiRoutes.legacyContacts,
    tag: "legacy",
    summary: "Invites a person by email to be a legacy contact",
    description:
      "Mails the invitation after answering: the owner's account name, the optional note (marked as the owner's; mailed once and never stored) and a link valid 7 days whose token is in the fragment. Refused: your own address (400 on `email`), an address already invited, accepted or confirmed (409), more than 20 live contacts (409).",
    access: "session",
    body: named("LegacyInviteRequest", legacyInviteRequestSchema),
    responses: [{ status: 201, description: "Invited; the mail is on its way.", json: LegacyContact }],
    errors: errors("unauthenticated", ...bodyErrors, "conflict", "rate_limited"),
  }),
  operation({
    operationId: "updateLegacyContact",
    method: "PATCH",
    path: `${apiRoutes.legacyContacts}/:id`,
    tag: "legacy",
    summary: "Replaces a contact's sealed details (name and relationship)",
    access: "session",
    params: legacyContactParamsSchema,
    body: named("LegacyDetailsUpdate", legacyDetailsUpdateSchema),
    responses: ok(LegacyContact, "The contact as saved."),
    errors: errors("unauthenticated", ...bodyErrors, "not_found", "rate_limited"),
  }),
  operation({
    operationId: "revokeLegacyContact",
    method: "DELETE",
    path: `${apiRoutes.legacyContacts}/:id`,
    tag: "legacy",
    summary: "Ends a contact's role (an invitation stops working)",
    description: "Also 204 when the role had already ended (revoked, declined or left).",
    access: "session",
    params: legacyContactParamsSchema,
    responses: noContent("Revoked."),
    errors: errors("unauthenticated", "not_found", "rate_limited"),
  }),
  operation({
    operationId: "resendLegacyInvitation",
    method: "POST",
    path: `${apiRoutes.legacyContacts}/:id/resend`,
    tag: "legacy",
    summary: "Sends an invitation that is waiting for an answer again, with a new link",
    description:
      "The previous link stops working and the new one is valid 7 days. At most 3 mails per contact in 24 hours (429 with retryAfterSeconds).",
    access: "session",
    params: legacyContactParamsSchema,
    responses: ok(LegacyContact, "Sent again."),
    errors: errors("unauthenticated", "not_found", "conflict", "rate_limited"),
  }),
  operation({
    operationId: "confirmLegacyContact",
    method: "POST",
    path: `${apiRoutes.legacyContacts}/:id/confirm`,
    tag: "legacy",
    summary: "Confirms an accepted contact after comparing their fingerprint phrase",
    description:
      "Refused (409) when `fingerprintHex` is not the fingerprint of the contact's current key, when the contact has not accepted, and when they are confirmed already with an unchanged key.",
    access: "session",
    params: legacyContactParamsSchema,
    body: named("LegacyConfirmRequest", legacyConfirmRequestSchema),
    responses: ok(LegacyContact, "Confirmed."),
    errors: errors("unauthenticated", ...bodyErrors, "not_found", "conflict", "rate_limited"),
  }),
  operation({
    operationId: "viewLegacyInvitation",
    method: "POST",
    path: apiRoutes.legacyInvitation,
    tag: "legacy",
    summary: "What an invitation link shows: who invited, the masked address, its state",
    description: "A POST so the token travels in the body, never in a URL. An unknown token is 404.",
    access: "public",
    body: LegacyTokenRequest,
    responses: ok(named("LegacyInvitationView", legacyInvitationViewSchema)),
    errors: errors(...bodyErrors, "not_found", "rate_limited"),
  }),
  operation({
    operationId: "acceptLegacyInvitation",
    method: "POST",
    path: apiRoutes.legacyInvitationAccept,
    tag: "legacy",
    summary: "The signed-in person accepts an invitation",
    description:
      "The account's address must be the invited one (403 otherwise, naming the masked address) and it must have a vault (409). An expired, withdrawn or declined invitation is 409 conflict with a message saying which. Accepting again with the same account answers the same.",
    access: "session",
    body: LegacyTokenRequest,
    responses: ok(LegacyNamedMeEntry, "Accepted; the owner is told."),
    errors: errors("unauthenticated", ...bodyErrors, "not_found", "forbidden", "conflict", "rate_limited"),
  }),
  operation({
    operationId: "declineLegacyInvitation",
    method: "POST",
    path: apiRoutes.legacyInvitationDecline,
    tag: "legacy",
    summary: "The invited person declines (no sign-in needed)",
    description:
      "Also 204 when it was declined already. An expired, withdrawn or accepted invitation is 409 conflict.",
    access: "public",
    body: LegacyTokenRequest,
    responses: noContent("Declined; the owner is told."),
    errors: errors(...bodyErrors, "not_found", "conflict", "rate_limited"),
  }),
  operation({
    operationId: "listNamedMe",
    method: "GET",
    path: apiRoutes.legacyNamedMe,
    tag: "legacy",
    summary: "The people who named the signed-in user as their legacy contact",
    access: "session",
    responses: ok(named("LegacyNamedMeList", legacyNamedMeListSchema)),
    errors: errors("unauthenticated"),
  }),
  operation({
    operationId: "leaveLegacyRole",
    method: "DELETE",
    path: `${apiRoutes.legacyNamedMe}/:id`,
    tag: "legacy",
    summary: "The signed-in contact ends their own role for one owner",
    description: "Also 204 when they had left already. The owner is told.",
    access: "session",
    params: legacyContactParamsSchema,
    responses: noContent("Left."),
    errors: errors("unauthenticated", "not_found", "rate_limited"),
  }),
  // --- Admin ---
  operation({
    operationId: "listAdminArticles",
    method: "GET",
    path: apiRoutes.adminArticles,
    tag: "admin",
    summary: "Every article and guide, drafts included",
    access: "admin",
    responses: ok(named("AdminArticleList", adminArticleListSchema)),
    errors: errors("unauthenticated", "forbidden"),
  }),
  operation({
    operationId: "createAdminArticle",
    method: "POST",
    path: apiRoutes.adminArticles,
    tag: "admin",
    summary: "Writes a new article or guide",
    access: "admin",
    body: ArticleDraft,
    responses: [{ status: 201, description: "Created.", json: AdminArticle }],
    errors: errors("unauthenticated", "forbidden", ...bodyErrors, "conflict"),
  }),
  operation({
    operationId: "updateAdminArticle",
    method: "PUT",
    path: `${apiRoutes.adminArticles}/:id`,
    tag: "admin",
    summary: "Replaces an article or guide",
    access: "admin",
    params: z.object({ id: z.uuid() }),
    body: ArticleDraft,
    responses: ok(AdminArticle, "Saved."),
    errors: errors("unauthenticated", "forbidden", ...bodyErrors, "not_found", "conflict"),
  }),
  operation({
    operationId: "previewAdminArticle",
    method: "POST",
    path: apiRoutes.adminArticlePreview,
    tag: "admin",
    summary: "Renders Markdown as the public page would",
    access: "admin",
    body: named("ArticlePreviewRequest", articlePreviewRequestSchema),
    responses: ok(named("ArticlePreviewResponse", articlePreviewResponseSchema)),
    errors: errors("unauthenticated", "forbidden", ...bodyErrors),
  }),
  // --- Storage ---
  operation({
    operationId: "getStorageUsage",
    method: "GET",
    path: apiRoutes.storageUsage,
    tag: "storage",
    summary: "The signed-in user's storage use and limits",
    access: "session",
    responses: ok(named("StorageUsage", storageUsageSchema)),
    errors: ["storage/unauthorized-app", "storage/unauthenticated", "internal"],
  }),
  operation({
    operationId: "uploadObject",
    method: "POST",
    path: storageRoutes.objectsPattern,
    tag: "storage",
    summary: "Uploads an object (multipart: JSON metadata, then the bytes)",
    description:
      "Replaces an object already at that path once the new bytes are stored. Send `size`: a mismatch fails with storage/server-file-wrong-size. Only multipart uploads (X-Goog-Upload-Protocol: multipart).",
    specCall: "storage POST /v0/b/{bucket}/o?name={path}",
    access: "session",
    params: storageBucketParams,
    query: uploadQuerySchema,
    rawBody: {
      contentType: "multipart/related",
      description:
        "Two parts: the JSON metadata (UploadMetadata) and the object's bytes. multipart/form-data is accepted too.",
    },
    responses: ok(ObjectMetadata, "Stored."),
    errors: storageErrors(
      "storage/unauthenticated",
      "storage/unauthorized",
      "storage/quota-exceeded",
      "storage/server-file-wrong-size",
    ),
  }),
  operation({
    operationId: "listObjects",
    method: "GET",
    path: storageRoutes.objectsPattern,
    tag: "storage",
    summary: "Lists objects under a folder of your own",
    access: "session",
    params: storageBucketParams,
    query: listQuerySchema,
    responses: ok(named("ListResponse", listResponseSchema)),
    errors: storageErrors("storage/unauthenticated", "storage/unauthorized"),
  }),
  operation({
    operationId: "getObject",
    method: "GET",
    path: storageRoutes.objectPattern,
    tag: "storage",
    summary: "An object's metadata, or with alt=media its bytes",
    description:
      "alt=media answers the bytes as an inert download (application/octet-stream), with the owner's session or the object's download token; Range requests answer 206 (416 when unsatisfiable).",
    specCall: "storage GET /v0/b/{bucket}/o/{path}",
    access: "optional-session",
    params: storageObjectParams,
    query: objectQuerySchema,
    responses: [
      {
        status: 200,
        description: "The metadata (alt=json), or the bytes (alt=media).",
        json: ObjectMetadata,
        binary: true,
      },
      { status: 206, description: "A byte range (alt=media with Range).", binary: true },
    ],
    errors: storageErrors(
      "storage/invalid-url",
      "storage/unauthenticated",
      "storage/unauthorized",
      "storage/object-not-found",
    ),
  }),
  operation({
    operationId: "deleteObject",
    method: "DELETE",
    path: storageRoutes.objectPattern,
    tag: "storage",
    summary: "Deletes an object",
    specCall: "storage DELETE /v0/b/{bucket}/o/{path}",
    access: "session",
    params: storageObjectParams,
    responses: noContent("Deleted."),
    errors: storageErrors(
      "storage/invalid-url",
      "storage/unauthenticated",
      "storage/unauthorized",
      "storage/object-not-found",
    ),
  }),
  // --- Development ---
  operation({
    operationId: "getDevMailbox",
    method: "GET",
    path: apiRoutes.devMailbox,
    tag: "dev",
    summary: "The local outbox, newest first (only without SMTP_URL)",
    description:
      "Not registered when DEV_MAILBOX is off; with DEV_MAILBOX=local (the default without SMTP_URL) it answers only requests made on the server's own computer, and 404 to anyone else.",
    access: "public",
    responses: ok(named("DevMailbox", devMailboxResponseSchema)),
    errors: errors("not_found"),
  }),
];

/**
 * A state-changing call under /api from a page of another site is refused with 403 forbidden, whatever the route
 * (apps/server/src/routes/request-hygiene.ts); the storage API answers storage/unauthorized-app instead.
 */
const withForeignPageRefusal = (operation: ApiOperation): ApiOperation =>
  operation.method !== "GET" && operation.path.startsWith("/api/")
    ? { ...operation, errors: [...new Set<ErrorCode>([...operation.errors, "forbidden"])] }
    : operation;

export const apiOperations: readonly ApiOperation[] = [
  ...heirloomOperations.map(withForeignPageRefusal),
  ...betterAuthOperations,
];

type HeirloomOperation = (typeof heirloomOperations)[number];
/** Our own operations by id, with each row's literal types: what the typed client and the route helper read. */
export type OperationsById = { [O in HeirloomOperation as O["operationId"]]: O };
export type OperationId = keyof OperationsById;
export const operationsById = Object.fromEntries(
  heirloomOperations.map((row) => [row.operationId, row]),
) as unknown as OperationsById;
