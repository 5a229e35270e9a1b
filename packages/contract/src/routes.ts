/** The API's route table, shared by the server (registration) and the web client (calls). */
export const apiRoutes = {
  health: "/healthz",
  /** The OpenAPI 3.1 document of this API (generated from packages/contract; docs/openapi.json is the same). */
  openapi: "/api/openapi.json",
  contact: "/api/contact",
  /** better-auth's handler (sign-up, sign-in, sessions, verification, TOTP, social) lives under this prefix. */
  auth: "/api/auth",
  prelogin: "/api/account/prelogin",
  preliminaryCheck: "/api/account/preliminary-check",
  salt: "/api/account/salt",
  keys: "/api/account/keys",
  me: "/api/account/me",
  profile: "/api/account/profile",
  /** Display settings and onboarding state Heirloom adds to SPEC's profile (profile.ts preferencesSchema). */
  preferences: "/api/account/preferences",
  /** PUT: replace the recovery kit after re-authentication. */
  recoveryKit: "/api/account/recovery-kit",
  /** POST: re-authenticate and send a link to a new email address (ADR 029). */
  changeEmail: "/api/account/email",
  /** POST: the person confirmed they saved the kit now on screen. */
  recoveryKitSaved: "/api/account/recovery-kit/saved",
  passwordDate: "/api/account/password-date",
  activity: "/api/account/activity",
  userErrors: "/api/account/user-errors",
  /** The social sign-in providers this server has configured (public: the login and sign-up pages show them). */
  socialProviders: "/api/account/social-providers",
  changePassword: "/api/account/password",
  recoveryStart: "/api/account/recovery/start",
  recoveryComplete: "/api/account/recovery/complete",
  deleteAccount: "/api/account/delete",
  /** DELETE /:id signs one of the account's other sessions out (sessions are named by id, never by token). */
  sessions: "/api/account/sessions",
  /** Everything the server holds about the signed-in user, as one JSON file (/account/MyData). */
  accountExport: "/api/account/export",
  /** The mobile number for texts: GET status, POST { phone } sends a code, DELETE removes it. */
  phone: "/api/account/phone",
  /** POST { code }: confirms the number the last code went to. */
  phoneVerify: "/api/account/phone/verify",
  /** GET a page of the user's notifications, newest first, with the unread count. */
  notifications: "/api/account/notifications",
  notificationsUnread: "/api/account/notifications/unread",
  /** POST { ids } or { all: true }. */
  notificationsRead: "/api/account/notifications/read",
  /** The signed-in owner's legacy contacts: GET the list, POST an invitation; /:id (PATCH details, DELETE revokes),
   * /:id/resend, /:id/confirm. */
  legacyContacts: "/api/legacy/contacts",
  /** POST { token }: what an invitation link shows, before anyone signs in (the token never sits in a URL). */
  legacyInvitation: "/api/legacy/invitation",
  /** POST { token } with a session: the signed-in person accepts. */
  legacyInvitationAccept: "/api/legacy/invitation/accept",
  /** POST { token }, no session needed: the invited person declines. */
  legacyInvitationDecline: "/api/legacy/invitation/decline",
  /** GET the people who named the signed-in user; DELETE /:id ends that role (the contact leaves). */
  legacyNamedMe: "/api/legacy/named-me",
  /** The owner's plans: GET the list, POST a new one; /:id (PATCH, DELETE), /:id/items, /:id/recipients,
   * /:id/recipients/:contactId/letter, /:id/recipients/:contactId/wraps, /:id/drills. */
  legacyPlans: "/api/legacy/plans",
  /** What was released to the signed-in user (GET), and one release or drill (GET /:id). */
  legacyShared: "/api/legacy/shared",
  /** The owner's check-in: GET the schedule, POST checks in; POST /link spends a mail's one-click link. */
  legacyCheckIn: "/api/legacy/check-in",
  legacyCheckInLink: "/api/legacy/check-in/link",
  /** Plans naming the signed-in user: POST /:id/request asks for access, POST /:id/answer is a trustee's answer. */
  legacyNamedPlans: "/api/legacy/named-plans",
  devMailbox: "/api/dev/mailbox",
  /** Admins only: every article and guide, drafts included (GET), a new one (POST), one by id (PUT /:id). */
  adminArticles: "/api/admin/articles",
  pageViews: "/api/page-views",
  adminPageViews: "/api/admin/page-views",
  adminArticlePreview: "/api/admin/articles/preview",
  /** The signed-in user's storage use and limits (storage.ts storageUsageSchema). */
  storageUsage: "/api/storage/usage",
  /** The storage API itself (Firebase Storage REST v0): see storageRoutes in storage.ts. */
  storage: "/v0/b",
} as const;
