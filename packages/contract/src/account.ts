import { z } from "zod";

// [Note: The server never receives a password]
// Every credential in these schemas is derived in the browser (packages/crypto): the auth key is
// HKDF(vaultKey, "heirloom/auth/v1"), the recovery auth key is derived from the recovery key, and every `v1.iv:ct`
// blob is encrypted before it leaves the browser. A field that would carry a password or a key does not exist here.

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "The email address is not valid.")
  .pipe(z.email("The email address is not valid."));

export const saltHexSchema = z.string().regex(/^[0-9a-f]{64}$/, "Expected 64 lowercase hex characters.");
/** 32 bytes, base64url without padding: the auth key or the recovery auth key. */
export const derivedKeySchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Expected a 32-byte base64url key.");
/** The text form of a sealed blob, `v1.{iv}:{ciphertext}` (docs/file-format.md). */
export const sealedBlobPattern = /^v1\.[A-Za-z0-9+/_=-]+:[A-Za-z0-9+/_=-]+$/;
/** A sealed blob `v1.{iv}:{ciphertext}` (docs/file-format.md). */
export const sealedBlobSchema = z
  .string()
  .max(16_384)
  .regex(sealedBlobPattern, "Malformed encryptedPrivateKey. Expect format: iv:ciphertext");
export const publicKeyPemSchema = z
  .string()
  .max(4_096)
  .regex(
    /^-----BEGIN PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PUBLIC KEY-----\r?\n?$/,
    "Expected a PEM public key.",
  );
export const totpCodeSchema = z
  .string()
  .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app.");

export const kdfParamsSchema = z.object({
  algorithm: z.literal("argon2id"),
  /** Argon2's version: 19 (0x13, v1.3), the only one browsers derive with. */
  version: z.literal(19),
  iterations: z.number().int().positive(),
  memoryKiB: z.number().int().positive(),
  parallelism: z.number().int().positive(),
});
export type KdfParamsDto = z.infer<typeof kdfParamsSchema>;

export const accountTypes = ["individual"] as const;
export const accountTypeSchema = z.enum(accountTypes);

/** A display name as typed; the server capitalises it per word at sign-up only (SPEC section 4), never later. */
export const nameSchema = z
  .string()
  .trim()
  .min(1, "Please enter your name.")
  .max(100, "Please keep your name under 100 characters.");

// --- Sign-up and login helpers (SPEC section 7: createaccount, getUserSalt) ---

export const preloginRequestSchema = z.object({ email: emailSchema });
/** Same shape for every email, known or not: an unknown email gets a stable fake salt. */
export const preloginResponseSchema = z.object({ saltHex: saltHexSchema, kdf: kdfParamsSchema });
export type PreloginResponse = z.infer<typeof preloginResponseSchema>;

export const preliminaryCheckRequestSchema = z.object({
  email: emailSchema,
  name: nameSchema,
  accType: accountTypeSchema,
});
export const preliminaryCheckResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
});
export type PreliminaryCheckResponse = z.infer<typeof preliminaryCheckResponseSchema>;

export const saltResponseSchema = z.object({ salt: saltHexSchema });
export type SaltResponse = z.infer<typeof saltResponseSchema>;

// --- Key material (SPEC saveUserKeys) ---

export const accountBlobsSchema = z.object({
  ownerEncryptedDek: sealedBlobSchema,
  publicKeyPem: publicKeyPemSchema,
  encryptedPrivateKey: sealedBlobSchema,
  signingPublicKeyPem: publicKeyPemSchema,
  encryptedSigningPrivateKey: sealedBlobSchema,
});
export type AccountBlobsDto = z.infer<typeof accountBlobsSchema>;

export const recoveryBlobsSchema = z.object({
  recoveryEncryptedDek: sealedBlobSchema,
  recoveryEncryptedPrivateKey: sealedBlobSchema,
  recoveryEncryptedSigningPrivateKey: sealedBlobSchema,
});
export type RecoveryBlobsDto = z.infer<typeof recoveryBlobsSchema>;

export const vaultWrappedBlobsSchema = accountBlobsSchema.pick({
  ownerEncryptedDek: true,
  encryptedPrivateKey: true,
  encryptedSigningPrivateKey: true,
});

export const saveKeysRequestSchema = z.object({
  saltHex: saltHexSchema,
  blobs: accountBlobsSchema,
  recovery: recoveryBlobsSchema,
  recoveryAuthKey: derivedKeySchema,
  /**
   * The auth key of the vault password, for an account that has no password yet (first social sign-in): it becomes
   * the account's email + password credential. Refused (409) when the account already has one.
   */
  newAuthKey: derivedKeySchema.optional(),
});
export type SaveKeysRequest = z.infer<typeof saveKeysRequestSchema>;

export const keysResponseSchema = z.object({
  userId: z.string(),
  saltHex: saltHexSchema,
  kdf: kdfParamsSchema,
  blobs: accountBlobsSchema,
});
export type KeysResponse = z.infer<typeof keysResponseSchema>;

// --- Profile (SPEC section 7 userhandle getuserde, exactly these fields) ---

export const profileSchema = z.object({
  ar: z.string().nullable(),
  arTitle: z.string().nullable(),
  dobDay: z.string().nullable(),
  dobMonth: z.string().nullable(),
  dobYear: z.string().nullable(),
  emailToggle: z.boolean(),
  activityToggle: z.boolean(),
  textToggle: z.boolean(),
  activityCheck: z.string(),
  zipCode: z.string().nullable(),
  DarkMode: z.enum(["light", "dark", "system"]),
  name: z.string(),
  accountType: z.string(),
  AccountTier: z.string(),
  lastLogin: z.string().nullable(),
  valid60DayCheck: z.string().nullable(),
  next60DayCheck: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Who is signed in, for the header and the client store (SPEC section 3 "User profile"). */
export const sessionUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  hasVault: z.boolean(),
  /**
   * True after an email-only password reset: sign-in works again, but the vault is still wrapped under the old
   * password and only the recovery key (POST recovery/start + complete) opens it.
   */
  vaultLocked: z.boolean(),
  accountType: z.string(),
  accountTier: z.string(),
  accountActive: z.boolean(),
  subscriptionStatus: z.string(),
  /** May use the articles editor (/app/addarticle): a verified address listed in ADMIN_EMAILS. */
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The status claim that marks an account as not active (SPEC.md 6 "Account active"). */
export const notActiveClaim = "not active";

/**
 * SPEC.md 6: accountActive is false when the claim is 'not active'. The claim is subscriptionStatus (SPEC.md 3 lists it
 * among the token claims); the stored accountActive flag can switch an account off on its own as well.
 */
export const isAccountActive = (account: { accountActive: boolean; subscriptionStatus: string }) =>
  account.accountActive && account.subscriptionStatus.trim().toLowerCase() !== notActiveClaim;

// --- Social sign-in (better-auth genericOAuth: POST /api/auth/sign-in/social { provider, callbackURL }) ---

export const socialProviderIds = ["google", "apple", "microsoft", "github"] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];
/** The configured providers, in this order; an empty list when social sign-in is off. */
export const socialProvidersResponseSchema = z.object({ providers: z.array(z.enum(socialProviderIds)) });
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponseSchema>;

// --- Errors (SPEC userErrors; SPEC logActivity is in profile.ts, beside the activity log) ---

export const userErrorRequestSchema = z.object({
  function: z.string().trim().min(1).max(64),
  error: z.string().trim().min(1).max(2_000),
});

// --- Re-authentication, password change, recovery, deletion ---

/** Proof of the current password (and the TOTP code when enrolled) before a sensitive change. */
export const reauthSchema = z.object({
  currentAuthKey: derivedKeySchema,
  totpCode: totpCodeSchema.optional(),
});

export const changePasswordRequestSchema = reauthSchema.extend({
  newAuthKey: derivedKeySchema,
  newSaltHex: saltHexSchema,
  blobs: vaultWrappedBlobsSchema,
});

export const recoveryStartRequestSchema = z.object({ email: emailSchema, recoveryAuthKey: derivedKeySchema });
export const recoveryStartResponseSchema = z.object({
  recoveryToken: z.string(),
  userId: z.string(),
  recovery: recoveryBlobsSchema,
  publicKeyPem: publicKeyPemSchema,
  signingPublicKeyPem: publicKeyPemSchema,
});
export type RecoveryStartResponse = z.infer<typeof recoveryStartResponseSchema>;
export const recoveryCompleteRequestSchema = z.object({
  recoveryToken: z.string().min(16).max(200),
  newAuthKey: derivedKeySchema,
  newSaltHex: saltHexSchema,
  blobs: vaultWrappedBlobsSchema,
});

export const deleteAccountConfirmation = "DELETE";
export const deleteAccountRequestSchema = reauthSchema.extend({
  confirmation: z.literal(deleteAccountConfirmation, {
    error: `Type ${deleteAccountConfirmation} to confirm.`,
  }),
});

/** "12 minutes", "40 seconds": how long a throttled person waits, rounded up to what a person reads. */
export function waitDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} second${Math.ceil(seconds) === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** SPEC's throttled-attempt text, then how long to wait when the server said (Retry-After; ADR 035). */
export function tooManyAttemptsMessage(retryAfterSeconds: number | undefined): string {
  const spec = accountMessages.tooManyAttempts;
  return retryAfterSeconds ? `${spec} You can try again in ${waitDuration(retryAfterSeconds)}.` : spec;
}

/** SPEC section 8's texts, keyed by the codes the server's account routes answer with. */
export const accountMessages = {
  noUser: "No user found with this email.",
  incorrectPassword: "Incorrect password.",
  wrongCredentials: "Wrong email or password.",
  tooManyAttempts: "Too many login attemps, please try again later.",
  unknownLogin: "Uknown error has occured. Please try again later.",
  emailInUse: "This email is already in use by another account.",
  invalidEmail: "The email address is not valid.",
  emailPasswordDisabled: "Email/password accounts are not enabled.",
  weakPassword: "The password is too weak. Please use a stronger password.",
  unexpectedSignUp: "An unexpected error occurred. Please try again.",
  creationFailed:
    "Sorry, we were unable to create your account at this time. Please check your information and try again. If the problem persists, contact our support team for assistance.",
  noUserLoggedIn: "No user logged in.",
  verified: "Email has been successfully verified.",
  verifiedNoStatus: "Email verified but could not update the status automatically. Please log in again.",
  verifiedLogInAgain: "Email verification successful, please log in again to update status.",
  invalidLink: "The verification link is invalid or expired.",
  disabled: "The user account associated with this email has been disabled.",
  noUserForEmail: "No user found associated with this email.",
  verifyFailed: "Failed to verify email. Please try again.",
  noAuthenticatedUser: "No authenticated user.",
  userNotLoggedIn: "User not logged in.",
  securingFailed: "Process failed while securing your account. Please try again.",
  saltNotFound: "Salt not found in response.",
  recoveryKeyMismatch: "That recovery key does not match this account.",
  recoveryExpired: "This recovery has expired. Please enter your recovery key again.",
  invalidTotp: "That code is not valid. Please try again.",
  totpRequired: "Enter the 6-digit code from your authenticator app.",
} as const;

/** DELETE /api/account/sessions/:id: a session's id as list-sessions names it. */
export const sessionParamsSchema = z.object({ id: z.string().min(1).max(100) });
