import { z } from "zod";
import { derivedKeySchema, socialProviderIds, totpCodeSchema } from "./account.ts";

// [Note: better-auth owns /api/auth/*]
// Sign-up, sign-in, sessions, email verification, password reset, two-factor and social sign-in are better-auth's
// endpoints (apps/server/src/auth/auth.ts), mounted under /api/auth. better-auth validates these bodies itself; its
// error answers are rewritten into our one error body (errors.ts), its own code kept as `reason`
// (apps/server/src/routes/auth.routes.ts). No answer carries a session token: that stays in the HttpOnly cookie. The
// schemas below describe what the web app sends and reads (apps/web/app/features/auth), for the OpenAPI document: they
// are loose where better-auth may add fields. Every `password` here is the auth key derived in the browser, never the
// password a person typed.

const authUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean().nullish(),
});
const authSessionSchema = z.looseObject({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  ipAddress: z.string().nullish(),
  userAgent: z.string().nullish(),
});

export const authSignUpRequestSchema = z.object({
  email: z.string(),
  password: derivedKeySchema,
  name: z.string(),
  callbackURL: z.string().optional(),
});
export const authSignInRequestSchema = z.object({
  email: z.string(),
  password: derivedKeySchema,
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().optional(),
});
/** Signed in (the session cookie is set), or the account has two-factor sign-in and a code is asked for next. */
export const authSignInResponseSchema = z.union([
  z.looseObject({ user: authUserSchema }),
  z.looseObject({ twoFactorRedirect: z.literal(true) }),
]);
export const authSocialSignInRequestSchema = z.object({
  provider: z.enum(socialProviderIds),
  callbackURL: z.string().optional(),
  errorCallbackURL: z.string().optional(),
  newUserCallbackURL: z.string().optional(),
});
export const authSocialSignInResponseSchema = z.looseObject({ url: z.string(), redirect: z.boolean() });
export const authSessionResponseSchema = z
  .looseObject({ session: authSessionSchema, user: authUserSchema })
  .nullable();
export const authSessionListSchema = z.array(authSessionSchema);
export const authStatusResponseSchema = z.looseObject({ status: z.boolean() });
export const authSuccessResponseSchema = z.looseObject({ success: z.boolean() });
export const authEmailRequestSchema = z.object({ email: z.string(), callbackURL: z.string().optional() });
export const authVerifyEmailQuerySchema = z.object({
  token: z.string(),
  callbackURL: z.string().optional(),
});
export const authPasswordResetRequestSchema = z.object({
  email: z.string(),
  redirectTo: z.string().optional(),
});
export const authResetPasswordRequestSchema = z.object({ token: z.string(), newPassword: derivedKeySchema });
export const authPasswordProofSchema = z.object({ password: derivedKeySchema });
/** Heirloom also asks for a current code to turn two-factor sign-in off (auth.ts requireCodeToDisable). */
export const authTwoFactorDisableRequestSchema = z.object({ password: derivedKeySchema, code: z.string() });
export const authTwoFactorEnableResponseSchema = z.looseObject({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export const authTotpRequestSchema = z.object({
  code: totpCodeSchema,
  trustDevice: z.boolean().optional(),
});
export const authBackupCodeRequestSchema = z.object({
  code: z.string(),
  trustDevice: z.boolean().optional(),
});
export const authProviderParamsSchema = z.object({ id: z.enum(socialProviderIds) });
