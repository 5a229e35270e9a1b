import {
  accountMessages,
  type KeysResponse,
  type SessionUser,
  tooManyAttemptsMessage,
} from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import { ApiError } from "#app/lib/api.ts";
import { AuthError } from "./auth-api.ts";
import type { DerivedCredentials } from "./credentials.ts";

// SPEC.md section 4 "Login": authenticate, log the activity, sync the profile, derive the vault key. We derive first
// (ARCHITECTURE.md departure 1: the server gets an auth key derived from the vault key, never the password), then
// authenticate, log the activity, open the keys and keep the vault key for this tab; completeSignIn loads the
// profile. Each step is injected so the order and every failure can be tested without a browser (sign-in.test.ts);
// the browser's steps are in sign-in-steps.ts.

/** What the person sees while a step runs. "unlocking" is Argon2id in the worker: the slow part. */
export type SignInStage = "unlocking" | "signing-in" | "verifying" | "opening";

/** A second factor as typed: the 6-digit code from the authenticator app, or one of the backup codes. */
export type SecondFactor = { method: "totp" | "backup"; code: string };

export interface SignInSteps {
  /** prelogin (unless `known`) and Argon2id + HKDF in the crypto worker. */
  derive(
    email: string,
    password: string,
    known?: { saltHex: string; kdf: KeysResponse["kdf"] },
  ): Promise<DerivedCredentials>;
  /** better-auth POST /sign-in/email with the auth key in place of the password. */
  signInEmail(email: string, authKey: string): Promise<{ twoFactorRedirect: boolean }>;
  /** better-auth POST /two-factor/verify-totp or /two-factor/verify-backup-code. */
  verifySecondFactor(factor: SecondFactor): Promise<void>;
  /** GET /api/account/me: null when the server sees no session. */
  fetchUser(): Promise<SessionUser | null>;
  /** GET /api/account/keys. */
  fetchKeys(): Promise<KeysResponse>;
  /**
   * unlockAccount in the crypto worker: true when the blobs open with this vault key, false when they do not (a
   * CryptoError); rejects for anything else (the worker failed).
   */
  openKeys(vaultKey: VaultKey, keys: KeysResponse): Promise<boolean>;
  /** features/session completeSignIn: keeps the vault key for this tab, loads the user and profile. */
  completeSignIn(values: { vaultKeyB64: string; saltHex: string }): Promise<void>;
  /** Ends the server session (best effort), for a sign-in that cannot open the vault. */
  endServerSession(): Promise<void>;
  /** SPEC.md section 8: the unknown error is written to the userErrors log. */
  logUserError(fn: string, error: string): Promise<void>;
}

export type SignInResult =
  /** Signed in with the vault open in this tab: go to returnPathAfterSignIn(from). */
  | { kind: "signed-in"; user: SessionUser }
  /** The password was right and the account has two-factor sign-in: ask for a code, then finishSecondFactor. */
  | { kind: "second-factor"; pending: PendingSignIn }
  /** The keys are still wrapped under the password from before an email reset: only the recovery key opens them. */
  | { kind: "vault-locked" }
  /** A social sign-in for an account that has no vault yet: the first vault password is set at /SignUp?social=1. */
  | { kind: "needs-vault" }
  /** A social sign-in (after its second factor) whose vault the vault password opens: unlockAfterSocialSignIn. */
  | { kind: "needs-vault-password"; user: SessionUser };

/** A password sign-in waiting for its second factor; keeps the derived keys in memory meanwhile. */
export interface PendingSignIn {
  readonly email: string;
  readonly credentials: DerivedCredentials;
}

/** A failure with the sentence the form shows. `field` says which input it is about, when one is. */
export class SignInError extends Error {
  readonly field: "form" | "code" | "password";
  /** The second factor is no longer pending (expired): the person has to start again with the password. */
  readonly restart: boolean;

  constructor(message: string, options: { field?: SignInError["field"]; restart?: boolean } = {}) {
    super(message);
    this.name = "SignInError";
    this.field = options.field ?? "form";
    this.restart = options.restart ?? false;
  }
}

export const signInMessages = {
  network: "We couldn't reach Heirloom. Check your connection and try again.",
  invalidBackupCode: "That backup code is not valid, or it has been used already.",
  secondFactorExpired: "Your sign-in waited too long for the code. Please sign in again.",
  wrongVaultPassword: "That password does not open your vault. Please try again.",
} as const;

const tooManyCodes = new Set([
  "TOO_MANY_ATTEMPTS",
  "TOO_MANY_REQUESTS",
  "ACCOUNT_TEMPORARILY_LOCKED",
  "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE",
]);

const isNetworkError = (error: unknown) =>
  (error instanceof AuthError && error.code === "NETWORK") ||
  (error instanceof ApiError && error.code === "network");

/** Something a person cannot fix: SPEC.md section 8's unknown error, after writing it to the userErrors log. */
async function unknownFailure(steps: SignInSteps, fn: string, error: unknown): Promise<SignInError> {
  if (isNetworkError(error)) return new SignInError(signInMessages.network);
  const detail =
    error instanceof AuthError
      ? `${error.status} ${error.code}: ${error.message}`
      : error instanceof ApiError
        ? `${error.status} ${error.code}: ${error.message}${error.requestId ? ` (${error.requestId})` : ""}`
        : error instanceof Error
          ? `${error.name}: ${error.message}`
          : String(error);
  await steps.logUserError(fn, detail);
  return new SignInError(accountMessages.unknownLogin);
}

/** The email + password answer in the words of SPEC.md section 8 and ADR 021 (no hint whether the account exists). */
async function passwordFailure(steps: SignInSteps, error: unknown): Promise<SignInError> {
  if (error instanceof SignInError) return error;
  if (error instanceof AuthError || error instanceof ApiError) {
    if (error.status === 429 || tooManyCodes.has(error.code))
      return new SignInError(tooManyAttemptsMessage(error.retryAfterSeconds));
    if (error instanceof AuthError && error.status === 401) {
      return new SignInError(accountMessages.wrongCredentials, { field: "password" });
    }
  }
  return unknownFailure(steps, "signIn", error);
}

async function secondFactorFailure(steps: SignInSteps, factor: SecondFactor, error: unknown) {
  if (error instanceof SignInError) return error;
  if (error instanceof AuthError) {
    if (error.status === 429 || tooManyCodes.has(error.code))
      return new SignInError(tooManyAttemptsMessage(error.retryAfterSeconds));
    if (error.code === "INVALID_TWO_FACTOR_COOKIE") {
      return new SignInError(signInMessages.secondFactorExpired, { restart: true });
    }
    if (error.code === "INVALID_CODE" || error.code === "INVALID_BACKUP_CODE" || error.status === 401) {
      return new SignInError(
        factor.method === "totp" ? accountMessages.invalidTotp : signInMessages.invalidBackupCode,
        { field: "code" },
      );
    }
  }
  return unknownFailure(steps, "verifySecondFactor", error);
}

/**
 * After better-auth accepted the auth key (and the second factor): log the activity, open the keys with the vault
 * key, keep it for this tab. A vault that does not open was re-locked by an email reset: the server session is
 * ended again, since a session without its vault is of no use here.
 */
async function openVault(
  steps: SignInSteps,
  credentials: DerivedCredentials,
  onStage: (stage: SignInStage) => void,
): Promise<SignInResult> {
  // The server wrote the sign-in to the activity log when it made the session (services/activity.service.ts).
  onStage("opening");
  const user = await steps.fetchUser();
  if (!user) throw new Error("The server did not see the new session.");
  if (!user.hasVault) throw new Error("Signed in, but the account has no vault keys.");
  if (user.vaultLocked) return lockedOut(steps);
  const keys = await steps.fetchKeys();
  if (!(await steps.openKeys(credentials.vaultKey, keys))) return lockedOut(steps);
  await steps.completeSignIn({ vaultKeyB64: credentials.vaultKeyB64, saltHex: credentials.saltHex });
  return { kind: "signed-in", user };
}

async function lockedOut(steps: SignInSteps): Promise<SignInResult> {
  await steps.endServerSession().catch(() => {});
  return { kind: "vault-locked" };
}

/** The login form: email and password, then either the vault opens or a second factor is asked for. */
export async function signInWithPassword(
  steps: SignInSteps,
  input: { email: string; password: string },
  onStage: (stage: SignInStage) => void = () => {},
): Promise<SignInResult> {
  try {
    onStage("unlocking");
    const credentials = await steps.derive(input.email, input.password);
    onStage("signing-in");
    const answer = await steps.signInEmail(input.email, credentials.authKey);
    if (answer.twoFactorRedirect) {
      return { kind: "second-factor", pending: { email: input.email, credentials } };
    }
    return await openVault(steps, credentials, onStage);
  } catch (error) {
    throw await passwordFailure(steps, error);
  }
}

/** The TOTP step of a pending password sign-in (or a backup code instead). */
export async function finishSecondFactor(
  steps: SignInSteps,
  pending: PendingSignIn,
  factor: SecondFactor,
  onStage: (stage: SignInStage) => void = () => {},
): Promise<SignInResult> {
  try {
    onStage("verifying");
    // People type a TOTP code as "123 456"; backup codes keep their hyphen (better-auth compares them as issued) and
    // are all capitals, so one copied back in small letters still works.
    const code = factor.method === "totp" ? factor.code.replace(/\s/g, "") : factor.code.trim().toUpperCase();
    await steps.verifySecondFactor({ method: factor.method, code });
  } catch (error) {
    throw await secondFactorFailure(steps, factor, error);
  }
  try {
    return await openVault(steps, pending.credentials, onStage);
  } catch (error) {
    throw await unknownFailure(steps, "signIn", error);
  }
}

/**
 * The code step of a provider's sign-in for an account with two-factor sign-in (the server sent the browser to
 * /Login?social=1&twoFactor=1 without a session). Once the code is accepted the session exists; the vault password
 * then opens the vault, or an account without a vault sets its first one.
 */
export async function finishSocialSecondFactor(
  steps: SignInSteps,
  factor: SecondFactor,
  onStage: (stage: SignInStage) => void = () => {},
): Promise<SignInResult> {
  try {
    onStage("verifying");
    const code = factor.method === "totp" ? factor.code.replace(/\s/g, "") : factor.code.trim();
    await steps.verifySecondFactor({ method: factor.method, code });
  } catch (error) {
    throw await secondFactorFailure(steps, factor, error);
  }
  try {
    const user = await steps.fetchUser();
    if (!user) throw new Error("The server did not see the session after the second factor.");
    if (!user.hasVault) return { kind: "needs-vault" };
    if (user.vaultLocked) return lockedOut(steps);
    return { kind: "needs-vault-password", user };
  } catch (error) {
    throw await unknownFailure(steps, "verifySecondFactor", error);
  }
}

/**
 * Back from a social provider with a server session but no vault key in this tab: an account without a vault sets
 * its first vault password (/SignUp?social=1); otherwise the vault password opens the keys (KDF parameters and salt
 * from GET keys, so nothing is sent). The provider proved who the person is; only the password can decrypt.
 */
export async function unlockAfterSocialSignIn(
  steps: SignInSteps,
  input: { user: SessionUser; password: string },
  onStage: (stage: SignInStage) => void = () => {},
): Promise<SignInResult> {
  const { user } = input;
  if (!user.hasVault) return { kind: "needs-vault" };
  if (user.vaultLocked) return lockedOut(steps);
  try {
    const keys = await steps.fetchKeys();
    onStage("unlocking");
    const credentials = await steps.derive(user.email, input.password, {
      saltHex: keys.saltHex,
      kdf: keys.kdf,
    });
    onStage("opening");
    if (!(await steps.openKeys(credentials.vaultKey, keys))) {
      throw new SignInError(signInMessages.wrongVaultPassword, { field: "password" });
    }
    await steps.completeSignIn({ vaultKeyB64: credentials.vaultKeyB64, saltHex: credentials.saltHex });
    return { kind: "signed-in", user };
  } catch (error) {
    if (error instanceof SignInError) throw error;
    throw await unknownFailure(steps, "unlockVault", error);
  }
}
