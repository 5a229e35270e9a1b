/** The API's route table, shared by the server (registration) and the web client (calls). */
export const apiRoutes = {
  health: "/healthz",
  contact: "/api/contact",
  /** better-auth's handler (sign-up, sign-in, sessions, verification, TOTP, social) lives under this prefix. */
  auth: "/api/auth",
  prelogin: "/api/account/prelogin",
  preliminaryCheck: "/api/account/preliminary-check",
  salt: "/api/account/salt",
  keys: "/api/account/keys",
  me: "/api/account/me",
  profile: "/api/account/profile",
  passwordDate: "/api/account/password-date",
  activity: "/api/account/activity",
  userErrors: "/api/account/user-errors",
  /** The social sign-in providers this server has configured (public: the login and sign-up pages show them). */
  socialProviders: "/api/account/social-providers",
  changePassword: "/api/account/password",
  recoveryStart: "/api/account/recovery/start",
  recoveryComplete: "/api/account/recovery/complete",
  deleteAccount: "/api/account/delete",
  devMailbox: "/api/dev/mailbox",
} as const;
