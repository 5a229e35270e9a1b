import { z } from "zod";

// Contact preferences (/account/contactpreferences): a mobile number for texts, verified by a code, and the
// in-app notifications (/account/notifications) written on account events.

export const phoneMessages = {
  invalid:
    "Enter your mobile number in international format: + and the country code, then the number (8 to 15 digits in all), for example +14155550123.",
  codeFormat: "Enter the 6-digit code from the text message.",
  codeWrong: "That code is not right. Check the text message and try again.",
  codeExpired: "That code has expired. Send a new one.",
  tooManyAttempts: "Too many wrong codes. Send a new code to try again.",
  resendTooSoon: "We just sent a code. Please wait a minute before asking for another.",
  tooManyCodes: "Too many codes were sent to this number. Please try again in an hour.",
  noPendingCode: "Send a code to your number first.",
  textNeedsVerifiedPhone: "Add and verify a mobile number before turning on text messages.",
} as const;

/** E.164: +, a country code that does not start with 0, 8 to 15 digits in all. Spaces, dots, dashes and brackets are dropped. */
export const phoneNumberSchema = z
  .string()
  .max(40, phoneMessages.invalid)
  .transform((value) => value.replace(/[\s.()-]/g, ""))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, phoneMessages.invalid));

export const phoneStartRequestSchema = z.object({ phone: phoneNumberSchema }).strict();
export const phoneVerifyRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, phoneMessages.codeFormat),
  })
  .strict();

/** Minutes a texted code stays valid, wrong guesses allowed per code, and how often codes may be sent. */
export const phoneCodeRules = {
  lifetimeMinutes: 10,
  maxAttempts: 5,
  resendAfterSeconds: 60,
  maxSendsPerHour: 5,
} as const;

export const phoneStatusSchema = z.object({
  /** The verified number that texts go to, or null. */
  phone: z.string().nullable(),
  /** A number waiting for its code, and until when the code is valid. */
  pending: z.object({ phone: z.string(), expiresAt: z.string() }).nullable(),
});
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

// --- Notifications ---

export const notificationKinds = [
  "new-device-sign-in",
  "password-changed",
  "account-recovered",
  "two-factor-enabled",
  "two-factor-disabled",
  "phone-verified",
  "legacy-contact-accepted",
  "legacy-contact-declined",
  "legacy-contact-left",
  "legacy-contact-key-changed",
  "legacy-plan-shared",
  "legacy-drill-received",
  "legacy-check-in-reminder",
  "legacy-access-requested",
  "legacy-request-refused",
  "legacy-trustee-asked",
  "legacy-plan-released",
  "legacy-release-ended",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const notificationsPageSchema = z.object({
  entries: z.array(notificationSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
  unread: z.number().int().min(0),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Mark some (ids) or all notifications read. */
export const markReadRequestSchema = z.union([
  z.object({ ids: z.array(z.string().max(64)).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkReadRequest = z.infer<typeof markReadRequestSchema>;
