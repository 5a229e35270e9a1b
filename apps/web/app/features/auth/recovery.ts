import {
  accountMessages,
  type KdfParamsDto,
  type RecoveryBlobsDto,
  type recoveryCompleteRequestSchema,
  waitDuration,
} from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import type { z } from "zod";
import { ApiError } from "#app/lib/api.ts";
import { AuthError } from "./auth-api.ts";
import type { DerivedCredentials } from "./credentials.ts";

// [Note: Two ways back in] With the recovery key, the browser opens the second copies of the account's secrets and
// re-encrypts them under a new password: every document stays readable. Without it, an emailed link can only give the
// login back (the server marks the vault locked); the documents still need the recovery key. Neither path sends the
// new password, the vault key or the recovery key: only auth keys derived from them, and encrypted blobs.

export type RecoveryField = "email" | "recoveryKey" | "password";

export interface RecoveryProgress {
  readonly stage: string;
  readonly done: number;
  readonly total: number;
}

export const recoveryStages = [
  "Checking your recovery key",
  "Making your new vault key",
  "Re-encrypting your keys",
  "Saving your new password",
  "Signing you in",
] as const;

type VaultWrapped = z.infer<typeof recoveryCompleteRequestSchema>["blobs"];

export interface RecoverySteps {
  /** Proof of the recovery key (crypto worker); rejects with the crypto package's invalidRecoveryKey on a typo. */
  recoveryAuthKeyFromText(recoveryKeyText: string): Promise<string>;
  prelogin(email: string): Promise<{ saltHex: string; kdf: KdfParamsDto }>;
  /** POST /api/account/recovery/start. */
  startRecovery(input: { email: string; recoveryAuthKey: string }): Promise<{
    recoveryToken: string;
    userId: string;
    recovery: RecoveryBlobsDto;
  }>;
  /** 32 random bytes as 64 lowercase hex characters: the new password gets a new salt. */
  newSaltHex(): string;
  deriveCredentials(
    email: string,
    password: string,
    known: { saltHex: string; kdf: KdfParamsDto },
  ): Promise<DerivedCredentials>;
  recoverWithRecoveryKey(input: {
    userId: string;
    recoveryKeyText: string;
    recovery: RecoveryBlobsDto;
    newVaultKey: VaultKey;
  }): Promise<VaultWrapped>;
  /** POST /api/account/recovery/complete. */
  completeRecovery(input: {
    recoveryToken: string;
    newAuthKey: string;
    newSaltHex: string;
    blobs: VaultWrapped;
  }): Promise<void>;
  /** better-auth POST /sign-in/email; "two-factor" when the account asks for a TOTP code first. */
  signIn(input: { email: string; authKey: string }): Promise<"signed-in" | "two-factor">;
  completeSignIn(values: { vaultKeyB64: string; saltHex: string }): Promise<unknown>;
  logUserError(fn: string, error: string): Promise<void>;
}

export type RecoveryOutcome =
  /** New password set and this tab signed in with it. */
  | { readonly ok: true; readonly next: "app" }
  /** New password set; sign-in needs the TOTP code, which the login page asks for. */
  | { readonly ok: true; readonly next: "login" }
  | {
      readonly ok: false;
      readonly message: string;
      readonly field?: RecoveryField;
      readonly passwordSet?: boolean;
    };

export const invalidRecoveryKeyText = "Invalid recovery key: please check for typing mistakes";
/** Wrong recovery keys are throttled; the right one is always accepted (ADR 035). */
export const tooManyRecoveries = (retryAfterSeconds: number | undefined) =>
  `Too many wrong recovery keys. Please wait ${retryAfterSeconds ? waitDuration(retryAfterSeconds) : "15 minutes"}, then try again with your recovery kit.`;
const offline = "We couldn't reach Heirloom. Check your connection and try again.";
export const recoveryFailed =
  "Something went wrong and your password was not changed. Please try again in a few minutes.";

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : `Unknown: ${String(error)}`;

/** The code of a CryptoError from the worker (read by shape, so this page does not load the crypto package). */
function cryptoErrorCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== "CryptoError") return undefined;
  const { code } = error as Error & { code?: unknown };
  return typeof code === "string" ? code : undefined;
}

/** Errors of the recovery calls -> the sentence to show (SPEC-style texts from accountMessages where they exist). */
export function recoveryErrorMessage(
  error: unknown,
  during: "start" | "complete" | "other",
): { message: string; field?: RecoveryField } {
  if (cryptoErrorCode(error) === "invalidRecoveryKey") {
    return { message: invalidRecoveryKeyText, field: "recoveryKey" };
  }
  if (error instanceof ApiError) {
    if (error.status === 429) return { message: tooManyRecoveries(error.retryAfterSeconds) };
    if (error.code === "network") return { message: offline };
    if (error.status === 403 && during === "start") {
      return { message: accountMessages.recoveryKeyMismatch, field: "recoveryKey" };
    }
    if (error.status === 403 && during === "complete") return { message: accountMessages.recoveryExpired };
    if (error.status === 400 && error.fields.email)
      return { message: accountMessages.invalidEmail, field: "email" };
  }
  // A well-formed key that does not open the stored copies belongs to another account (or another kit).
  if (cryptoErrorCode(error) !== undefined) {
    return { message: accountMessages.recoveryKeyMismatch, field: "recoveryKey" };
  }
  return { message: recoveryFailed };
}

/**
 * Recovery with the recovery key (docs/architecture.md): proves the key to the server, re-encrypts the account's
 * secrets under a vault key made from the new password and a new salt, then signs in with the new password.
 * Never rejects.
 */
export async function recoverWithKey(
  steps: RecoverySteps,
  input: { email: string; recoveryKeyText: string; newPassword: string },
  onProgress: (p: RecoveryProgress) => void = () => {},
): Promise<RecoveryOutcome> {
  const at = (stage: (typeof recoveryStages)[number]) =>
    onProgress({ stage, done: recoveryStages.indexOf(stage), total: recoveryStages.length });
  const { email, recoveryKeyText, newPassword } = input;

  at("Checking your recovery key");
  let started: Awaited<ReturnType<RecoverySteps["startRecovery"]>>;
  let kdf: KdfParamsDto;
  try {
    const [recoveryAuthKey, pre] = await Promise.all([
      steps.recoveryAuthKeyFromText(recoveryKeyText),
      steps.prelogin(email),
    ]);
    kdf = pre.kdf;
    started = await steps.startRecovery({ email, recoveryAuthKey });
  } catch (error) {
    const mapped = recoveryErrorMessage(error, "start");
    if (mapped.message === recoveryFailed) await steps.logUserError("recovery.start", describe(error));
    return { ok: false, ...mapped };
  }

  let credentials: DerivedCredentials;
  try {
    at("Making your new vault key");
    const saltHex = steps.newSaltHex();
    credentials = await steps.deriveCredentials(email, newPassword, { saltHex, kdf });
    at("Re-encrypting your keys");
    const blobs = await steps.recoverWithRecoveryKey({
      userId: started.userId,
      recoveryKeyText,
      recovery: started.recovery,
      newVaultKey: credentials.vaultKey,
    });
    at("Saving your new password");
    await steps.completeRecovery({
      recoveryToken: started.recoveryToken,
      newAuthKey: credentials.authKey,
      newSaltHex: credentials.saltHex,
      blobs,
    });
  } catch (error) {
    const mapped = recoveryErrorMessage(error, "complete");
    if (mapped.message === recoveryFailed) await steps.logUserError("recovery.complete", describe(error));
    return { ok: false, ...mapped };
  }

  // From here the new password is in place: a failure only means signing in by hand.
  try {
    at("Signing you in");
    if ((await steps.signIn({ email, authKey: credentials.authKey })) === "two-factor") {
      return { ok: true, next: "login" };
    }
    await steps.completeSignIn({ vaultKeyB64: credentials.vaultKeyB64, saltHex: credentials.saltHex });
    return { ok: true, next: "app" };
  } catch (error) {
    await steps.logUserError("recovery.signIn", describe(error));
    return { ok: true, next: "login" };
  }
}

export interface ResetSteps {
  prelogin(email: string): Promise<{ saltHex: string; kdf: KdfParamsDto }>;
  deriveCredentials(
    email: string,
    password: string,
    known: { saltHex: string; kdf: KdfParamsDto },
  ): Promise<DerivedCredentials>;
  /** better-auth POST /reset-password {newPassword: authKey, token}. */
  resetPassword(input: { token: string; authKey: string }): Promise<void>;
  logUserError(fn: string, error: string): Promise<void>;
}

export const resetLinkInvalid =
  "This reset link is invalid or has expired. Ask for a new link below; each link works once, for one hour.";
export const tooManyResets =
  "You asked for several reset emails in a short time. Please wait 5 minutes, then try again.";

/** Errors of the email reset calls -> the sentence to show. */
export function resetErrorMessage(error: unknown): string {
  if (error instanceof AuthError) {
    if (error.code === "INVALID_TOKEN" || error.code === "TOKEN_EXPIRED") return resetLinkInvalid;
    if (error.status === 429) return tooManyResets;
    if (error.code === "NETWORK") return offline;
  }
  if (error instanceof ApiError) {
    if (error.status === 429) return tooManyResets;
    if (error.code === "network") return offline;
  }
  return recoveryFailed;
}

/**
 * The emailed link's second half: a new password whose auth key is made with the account's current salt (the vault
 * blobs are untouched and stay wrapped under the old password, so the server marks the vault locked).
 */
export async function resetWithEmailLink(
  steps: ResetSteps,
  input: { token: string; email: string; newPassword: string },
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const pre = await steps.prelogin(input.email);
    const credentials = await steps.deriveCredentials(input.email, input.newPassword, pre);
    await steps.resetPassword({ token: input.token, authKey: credentials.authKey });
    return { ok: true };
  } catch (error) {
    const message = resetErrorMessage(error);
    if (message === recoveryFailed) await steps.logUserError("recovery.resetPassword", describe(error));
    return { ok: false, message };
  }
}
