import { z } from "zod";
import { derivedKeySchema, emailSchema, nameSchema, reauthSchema, recoveryBlobsSchema } from "./account.ts";

// SPEC section 3 "Personal" and "Preferences": what a person edits about themselves (/AddInfo, /account/MyInfo,
// settings, contact preferences). The same schema validates in the browser and on the server.

export const profileMessages = {
  dobInvalid: "Enter a real date of birth.",
  dobFuture: "Your date of birth cannot be in the future.",
  dobUnder18: "You must be 18 or older to use Heirloom.",
  dobTooOld: "Please check the year of your date of birth.",
  zipInvalid: "Enter a valid zip or postal code (letters, digits, spaces or dashes).",
  activityCheckInvalid: "Choose how often we check in with you.",
  nothingToSave: "There is nothing to save.",
} as const;

export const MINIMUM_AGE_YEARS = 18;

/** Whole years between a date of birth and `now`, by the calendar (a birthday counts from its day). */
export function ageOn(now: Date, year: number, month: number, day: number): number {
  let age = now.getUTCFullYear() - year;
  const m = now.getUTCMonth() + 1;
  if (m < month || (m === month && now.getUTCDate() < day)) age--;
  return age;
}

/** The message for a date of birth that may not be saved, or undefined when it may. */
export function checkDateOfBirth(
  dobDay: string,
  dobMonth: string,
  dobYear: string,
  now = new Date(),
): string | undefined {
  const day = Number(dobDay);
  const month = Number(dobMonth);
  const year = Number(dobYear);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    Number.isInteger(day) &&
    Number.isInteger(month) &&
    Number.isInteger(year) &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day;
  if (!real) return profileMessages.dobInvalid;
  if (date.getTime() > now.getTime()) return profileMessages.dobFuture;
  const age = ageOn(now, year, month, day);
  if (age < MINIMUM_AGE_YEARS) return profileMessages.dobUnder18;
  if (age > 130) return profileMessages.dobTooOld;
  return undefined;
}

export const dateOfBirthSchema = z
  .object({
    dobDay: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, profileMessages.dobInvalid),
    dobMonth: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, profileMessages.dobInvalid),
    dobYear: z
      .string()
      .trim()
      .regex(/^\d{4}$/, profileMessages.dobInvalid),
  })
  .superRefine((dob, ctx) => {
    const message = checkDateOfBirth(dob.dobDay, dob.dobMonth, dob.dobYear);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .transform((dob) => ({
    dobDay: String(Number(dob.dobDay)).padStart(2, "0"),
    dobMonth: String(Number(dob.dobMonth)).padStart(2, "0"),
    dobYear: dob.dobYear,
  }));

/** Zip or postal codes of the world: 2 to 10 letters, digits, spaces or dashes, starting with a letter or digit. */
export const zipCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9 -]{1,9}$/, profileMessages.zipInvalid);

export const darkModeSchema = z.enum(["light", "dark", "system"]);

/** SPEC's activityCheck (default '11'): one to three digits. */
export const activityCheckSchema = z.string().regex(/^\d{1,3}$/, profileMessages.activityCheckInvalid);

/** PATCH /api/account/profile: any subset of the editable fields; null clears an optional one. */
export const profileUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    dateOfBirth: dateOfBirthSchema.nullable().optional(),
    zipCode: zipCodeSchema.nullable().optional(),
    emailToggle: z.boolean().optional(),
    activityToggle: z.boolean().optional(),
    textToggle: z.boolean().optional(),
    activityCheck: activityCheckSchema.optional(),
    DarkMode: darkModeSchema.optional(),
  })
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: profileMessages.nothingToSave });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

// --- Display settings and onboarding (/account/settings, /account/primarysettings, /getStarted; ADR 026) ---
// SPEC's getuserde answer stays exactly SPEC's fields; what Heirloom adds lives in "preferences".

export const preferencesMessages = {
  timeZoneInvalid: "Choose a time zone from the list.",
  landingPageInvalid: "Choose one of the listed pages.",
  nothingToSave: profileMessages.nothingToSave,
} as const;

/** The signed-in pages a sign-in may land on (when the login page has no ?from), with what the settings page calls them. */
export const landingPages = {
  "/app": "Home",
  "/getStarted": "Get started checklist",
  "/app/MyData": "Documents",
  "/app/Passwords": "Passwords",
  "/app/serviceaccounts": "Service accounts",
  "/app/LegacySettings": "Legacy settings",
  "/app/notifications": "Notifications",
  "/app/Activity": "Activity",
} as const;
export type LandingPage = keyof typeof landingPages;
export const defaultLandingPage: LandingPage = "/app";
const landingPagePaths = Object.keys(landingPages) as [LandingPage, ...LandingPage[]];

/** True for a time zone this runtime knows by its IANA name (Intl throws a RangeError for any other). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().trim().refine(isTimeZone, preferencesMessages.timeZoneInvalid);
export const landingPageSchema = z.enum(landingPagePaths, { error: preferencesMessages.landingPageInvalid });

/** English is the only language so far; the settings page says so. */
export const languages = { en: "English" } as const;

/** GET /api/account/preferences. */
export const preferencesSchema = z.object({
  DarkMode: darkModeSchema,
  language: z.enum(["en"]),
  /** null: dates are shown in the browser's own time zone. */
  timeZone: z.string().nullable(),
  landingPage: landingPageSchema,
  /** When the person last confirmed they saved a recovery kit (sign-up or a re-print); null when never. */
  recoveryKitSavedAt: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PATCH /api/account/preferences: any subset; a null time zone means "the browser's". */
export const preferencesUpdateSchema = z
  .object({
    DarkMode: darkModeSchema.optional(),
    timeZone: timeZoneSchema.nullable().optional(),
    landingPage: landingPageSchema.optional(),
  })
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: preferencesMessages.nothingToSave });
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/**
 * PUT /api/account/recovery-kit: a new recovery key made in the browser replaces the stored recovery wraps and the
 * hash of the recovery auth key; the old kit stops working. Needs the current password (and TOTP when enrolled).
 */
export const replaceRecoveryKitRequestSchema = reauthSchema.extend({
  recovery: recoveryBlobsSchema,
  recoveryAuthKey: derivedKeySchema,
});
export type ReplaceRecoveryKitRequest = z.infer<typeof replaceRecoveryKitRequestSchema>;

/**
 * POST /api/account/email: re-authenticate, then a link goes to the new address; the email changes when it is opened.
 * The salt and the auth key do not depend on the email (packages/crypto kdf.ts), so the password keeps working.
 */
export const changeEmailRequestSchema = reauthSchema.extend({ newEmail: emailSchema });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;
export const emailChangeMessages = {
  sameEmail: "That is already your email address.",
} as const;

// --- The activity log (SPEC logActivity; /account/Activity) ---

/**
 * What the server writes to the activity log itself, where it sees the action happen (a script cannot skip them).
 * Security actions are kept whatever activityToggle says; the routine ones only while it is on.
 */
export const securityActivityActions = [
  "login",
  "logout",
  "new-device",
  "password-change",
  "email-change",
  "email-verified",
  "recovery",
  "two-factor-enable",
  "two-factor-disable",
  "export",
  "legacy-contact-key-changed",
] as const;
export const routineActivityActions = [
  "document-upload",
  "document-delete",
  "legacy-invite",
  "legacy-contact-accepted",
  "legacy-contact-declined",
  "legacy-contact-confirmed",
  "legacy-contact-removed",
  "legacy-contact-left",
  "legacy-invitation-accepted",
  "legacy-role-left",
  "legacy-plan-released",
  "legacy-plan-shared-with-me",
  "legacy-drill-sent",
  "legacy-drill-received",
] as const;
/**
 * What only the page sees, and so the browser reports itself (POST /api/account/activity): a document opened or saved
 * on this device. The server serves the same encrypted chunks to a preview, a download and the export, and cannot
 * tell them apart. Routine: they follow activityToggle.
 */
export const browserActivityActions = ["document-view", "document-download"] as const;
export type BrowserActivityAction = (typeof browserActivityActions)[number];
export type ActivityAction =
  | (typeof securityActivityActions)[number]
  | (typeof routineActivityActions)[number]
  | BrowserActivityAction;

export const activityMessages = {
  serverWritten: "Heirloom records this event itself when it happens. It cannot be reported.",
  notReportable: "This is not an event a page can report.",
} as const;

const serverWrittenActions: ReadonlySet<unknown> = new Set<unknown>([
  ...securityActivityActions,
  ...routineActivityActions,
]);

/**
 * SPEC logActivity from the browser. Only what a page alone sees is accepted: every other action is written by the
 * server where it happens, and taking it from a page would let a script forge the security record (a sign-out, a
 * password change) or write a second copy of an entry.
 */
export const activityRequestSchema = z.object({
  action: z.enum(browserActivityActions, {
    error: (issue) =>
      serverWrittenActions.has(issue.input) ? activityMessages.serverWritten : activityMessages.notReportable,
  }),
  device: z.string().trim().max(64),
  operating: z.string().trim().max(64),
});

export const activityQuerySchema = z.object({
  /** The `next` cursor of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const activityEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  device: z.string(),
  operating: z.string(),
  timestamp: z.string(),
});
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

// --- "Everything the server holds about me" (/account/MyData, GET /api/account/export) ---

export const accountExportFormat = "heirloom-account-export/v1";

const timeSchema = z.string();
export const accountExportSchema = z.object({
  format: z.literal(accountExportFormat),
  exportedAt: timeSchema,
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    createdAt: timeSchema,
  }),
  profile: z.record(z.string(), z.unknown()),
  /** The vault's key material as stored: salt, public keys and blobs encrypted in the browser (readable by no one else). */
  vault: z
    .object({
      saltHex: z.string(),
      /** What the vault key was derived with from the password and this salt (Argon2id; version 19 is v1.3). */
      kdf: z.object({
        algorithm: z.string(),
        version: z.number(),
        iterations: z.number(),
        memoryKiB: z.number(),
        parallelism: z.number(),
      }),
      blobFormat: z.number(),
      publicKeyPem: z.string(),
      signingPublicKeyPem: z.string(),
      encryptedBlobs: z.record(z.string(), z.string()),
      createdAt: timeSchema,
      updatedAt: timeSchema,
    })
    .nullable(),
  signInMethods: z.array(z.object({ provider: z.string(), createdAt: timeSchema })),
  sessions: z.array(
    z.object({
      createdAt: timeSchema,
      expiresAt: timeSchema,
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  activity: z.array(
    z.object({ action: z.string(), device: z.string(), operating: z.string(), timestamp: timeSchema }),
  ),
  errors: z.array(z.object({ function: z.string(), error: z.string(), timestamp: timeSchema })),
  notifications: z.array(
    z.object({
      kind: z.string(),
      title: z.string(),
      body: z.string(),
      createdAt: timeSchema,
      readAt: timeSchema.nullable(),
    }),
  ),
  /** The verified mobile number for texts, if any. */
  phone: z.object({ number: z.string(), verifiedAt: z.string().nullable() }).nullable(),
  /**
   * The stored objects (documents' encrypted keys, headers, chunks and manifests): paths made of random ids, sizes and
   * dates. Their bytes are ciphertext; the vault export on the same page gives the documents themselves.
   */
  storageObjects: z.array(
    z.object({
      path: z.string(),
      size: z.number(),
      contentType: z.string(),
      md5Hash: z.string(),
      timeCreated: timeSchema,
      updated: timeSchema,
    }),
  ),
  /**
   * The legacy circle as stored: the people the user invited (names and relationships sealed in their browser), their
   * plans (name and letters sealed; which documents go to whom, and the trigger), and the people who named the user.
   * Wrapped keys and statements are left out: they open nothing without the recipients' own keys.
   */
  legacy: z.object({
    contacts: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        state: z.string(),
        details: z.string(),
        invitedAt: timeSchema,
        acceptedAt: timeSchema.nullable(),
        confirmedAt: timeSchema.nullable(),
        confirmedFingerprint: z.string().nullable(),
      }),
    ),
    plans: z.array(
      z.object({
        id: z.string(),
        details: z.string(),
        trigger: z.string(),
        state: z.string(),
        createdAt: timeSchema,
        releasedAt: timeSchema.nullable(),
        items: z.array(z.object({ kind: z.string(), id: z.string() })),
        recipients: z.array(
          z.object({
            contactId: z.string(),
            letterSealed: z.string().nullable(),
            releasedAt: timeSchema.nullable(),
          }),
        ),
      }),
    ),
    namedBy: z.array(
      z.object({
        ownerName: z.string(),
        ownerEmail: z.string(),
        state: z.string(),
        acceptedAt: timeSchema.nullable(),
      }),
    ),
  }),
  /** What is kept but not exported, and why (credentials a copy of this file must not carry). */
  withheld: z.array(z.string()),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
