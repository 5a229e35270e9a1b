import {
  accountMessages,
  deleteAccountConfirmation,
  type PreliminaryCheckResponse,
  type SaveKeysRequest,
} from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import { ApiError } from "#app/lib/api.ts";
import { AuthError } from "./auth-api.ts";
import type { DerivedCredentials } from "./credentials.ts";

// [Note: Sign-up order] SPEC.md section 4: preliminary check -> auth account (the server capitalises the name, writes
// the profile with its defaults and sends the verification email) -> vault and keys. The keys are made after the
// account exists because every blob binds the user id in its additional data, so a blob cannot be moved between users.
// The password never leaves this file's callers: the server receives the derived auth key and encrypted blobs only.

/** One line of the progress shown while the browser works. `done`/`total` count the whole sign-up's steps. */
export interface SignUpProgress {
  readonly stage: string;
  readonly done: number;
  readonly total: number;
}
export type OnSignUpProgress = (progress: SignUpProgress) => void;

/** What createAccountKeys (the crypto worker) hands back that the page needs. */
export interface NewVaultKeys {
  readonly blobs: SaveKeysRequest["blobs"];
  readonly recovery: SaveKeysRequest["recovery"];
  readonly recoveryAuthKey: string;
  /** Shown once on the recovery kit; never sent anywhere. */
  readonly recoveryKeyText: string;
}

/** The calls vault creation makes, injected so the order and the failure paths are tested without a server. */
export interface VaultSteps {
  createAccountKeys(
    vaultKey: VaultKey,
    userId: string,
    onProgress: (p: { stage: string; done: number; total: number }) => void,
  ): Promise<NewVaultKeys>;
  saveKeys(request: SaveKeysRequest): Promise<void>;
  completeSignIn(values: { vaultKeyB64: string; saltHex: string }): Promise<unknown>;
}

export interface SignUpSteps extends VaultSteps {
  preliminaryCheck(input: {
    email: string;
    name: string;
    accType: "individual";
  }): Promise<PreliminaryCheckResponse>;
  /** prelogin(email) then Argon2id and the auth key (features/auth/credentials.ts). */
  deriveCredentials(email: string, password: string): Promise<DerivedCredentials>;
  /** better-auth POST /sign-up/email; resolves with the new user's id (the session cookie is set). */
  createAuthAccount(input: { email: string; name: string; authKey: string }): Promise<{ userId: string }>;
  /** POST /api/account/delete: the clean-up when a step after the account's creation fails. */
  deleteAccount(input: {
    currentAuthKey: string;
    confirmation: typeof deleteAccountConfirmation;
  }): Promise<void>;
  /** SPEC.md section 8: unexpected errors are written to the userErrors log. Must not throw. */
  logUserError(fn: string, error: string): Promise<void>;
}

export interface CreatedVault {
  readonly recoveryKeyText: string;
}

export type SignUpField = "name" | "email" | "password";

export type SignUpOutcome =
  | { readonly ok: true; readonly userId: string; readonly recoveryKeyText: string }
  | { readonly ok: false; readonly message: string; readonly field?: SignUpField };

/** The stages a person sees, in order. The key-generation step is the slow one (RSA-4096). */
export const signUpStages = [
  "Checking your details",
  "Making your vault key from your password",
  "Creating your account",
  "Generating encryption keys",
  "Encrypting keys",
  "Creating the recovery key",
  "Saving your encrypted keys",
  "Signing you in",
] as const;

const vaultStages = signUpStages.slice(3);

const stage = (name: (typeof signUpStages)[number], stages: readonly string[] = signUpStages) => ({
  stage: name,
  done: stages.indexOf(name),
  total: stages.length,
});

/**
 * The vault half of sign-up, shared with a social account's first vault password: keys made in the worker under the
 * vault key, saved, then this tab signed in with the vault key. `newAuthKey` is set for a social account, whose vault
 * password becomes its email + password credential. Rejects with the failing step's error.
 */
export async function createVault(
  steps: VaultSteps,
  input: { userId: string; credentials: DerivedCredentials; newAuthKey?: string },
  onProgress: OnSignUpProgress = () => {},
  stages: readonly string[] = vaultStages,
): Promise<CreatedVault> {
  const { credentials } = input;
  const at = (name: (typeof signUpStages)[number]) => onProgress(stage(name, stages));
  at("Generating encryption keys");
  const keys = await steps.createAccountKeys(credentials.vaultKey, input.userId, (p) => {
    if (p.stage === "Encrypting keys" || p.stage === "Creating the recovery key") at(p.stage);
  });
  at("Saving your encrypted keys");
  await steps.saveKeys({
    saltHex: credentials.saltHex,
    blobs: keys.blobs,
    recovery: keys.recovery,
    recoveryAuthKey: keys.recoveryAuthKey,
    ...(input.newAuthKey ? { newAuthKey: input.newAuthKey } : {}),
  });
  at("Signing you in");
  await steps.completeSignIn({ vaultKeyB64: credentials.vaultKeyB64, saltHex: credentials.saltHex });
  return { recoveryKeyText: keys.recoveryKeyText };
}

/** better-auth's sign-up error codes -> SPEC.md section 8's sign-up texts. */
export function signUpErrorMessage(error: unknown): { message: string; field?: SignUpField } {
  if (error instanceof AuthError) {
    switch (error.code) {
      case "USER_ALREADY_EXISTS":
      case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
        return { message: accountMessages.emailInUse, field: "email" };
      case "INVALID_EMAIL":
      case "INVALID_EMAIL_FORMAT":
        return { message: accountMessages.invalidEmail, field: "email" };
      case "PASSWORD_TOO_SHORT":
      case "PASSWORD_TOO_LONG":
      case "PASSWORD_COMPROMISED":
        return { message: accountMessages.weakPassword, field: "password" };
      case "EMAIL_PASSWORD_SIGN_UP_DISABLED":
      case "EMAIL_PASSWORD_DISABLED":
        return { message: accountMessages.emailPasswordDisabled };
      case "TOO_MANY_REQUESTS":
        return { message: tooManySignUps };
      case "NETWORK":
        return { message: offline };
    }
    if (error.status === 429) return { message: tooManySignUps };
  }
  if (error instanceof ApiError) {
    if (error.status === 429) return { message: tooManySignUps };
    if (error.code === "network") return { message: offline };
  }
  return { message: accountMessages.unexpectedSignUp };
}

export const tooManySignUps =
  "Too many sign-up attempts from this network. Please wait a few minutes, then try again.";
const offline = "We couldn't reach Heirloom. Check your connection and try again.";

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : `Unknown: ${String(error)}`;

/**
 * The whole sign-up (SPEC.md section 4). Never rejects: a failure comes back as the message to show, with the field it
 * belongs to when there is one. A failure after the auth account exists deletes that account again (so the email can
 * be used for a new try) and answers accountMessages.creationFailed.
 */
export async function signUp(
  steps: SignUpSteps,
  input: { name: string; email: string; password: string },
  onProgress: OnSignUpProgress = () => {},
): Promise<SignUpOutcome> {
  const { name, email, password } = input;
  onProgress(stage("Checking your details"));
  let check: PreliminaryCheckResponse;
  try {
    check = await steps.preliminaryCheck({ email, name, accType: "individual" });
  } catch (error) {
    return { ok: false, ...signUpErrorMessage(error) };
  }
  if (!check.success) {
    // Shown as received (SPEC.md section 5); the field is a hint for focus only.
    const message = check.error ?? accountMessages.unexpectedSignUp;
    const field: SignUpField | undefined =
      message === accountMessages.emailInUse || message === accountMessages.invalidEmail
        ? "email"
        : /name/i.test(message)
          ? "name"
          : undefined;
    return field ? { ok: false, message, field } : { ok: false, message };
  }

  onProgress(stage("Making your vault key from your password"));
  let credentials: DerivedCredentials;
  try {
    credentials = await steps.deriveCredentials(email, password);
  } catch (error) {
    await steps.logUserError("signUp.deriveCredentials", describe(error));
    return { ok: false, message: accountMessages.unexpectedSignUp };
  }

  onProgress(stage("Creating your account"));
  let userId: string;
  try {
    ({ userId } = await steps.createAuthAccount({ email, name, authKey: credentials.authKey }));
  } catch (error) {
    const mapped = signUpErrorMessage(error);
    if (mapped.message === accountMessages.unexpectedSignUp) {
      await steps.logUserError("signUp.createAuthAccount", describe(error));
    }
    return { ok: false, ...mapped };
  }

  try {
    const vault = await createVault(steps, { userId, credentials }, onProgress, signUpStages);
    return { ok: true, userId, recoveryKeyText: vault.recoveryKeyText };
  } catch (error) {
    let cleanupError: unknown;
    try {
      await steps.deleteAccount({
        currentAuthKey: credentials.authKey,
        confirmation: deleteAccountConfirmation,
      });
    } catch (cleanup) {
      cleanupError = cleanup;
    }
    // Logged after the deletion, which removes the account's own log rows: sent without a session, the entry stays.
    await steps.logUserError("signUp.createVault", describe(error));
    if (cleanupError !== undefined) await steps.logUserError("signUp.deleteAccount", describe(cleanupError));
    return { ok: false, message: accountMessages.creationFailed };
  }
}

/**
 * A social account's first vault password (a provider proves who someone is; it cannot decrypt): the same keys as a
 * sign-up, saved with the vault password's auth key as the account's new credential. Nothing is deleted on failure,
 * the account stays and the person can try again.
 */
export async function createFirstVault(
  steps: Omit<SignUpSteps, "preliminaryCheck" | "createAuthAccount" | "deleteAccount">,
  input: { userId: string; email: string; password: string },
  onProgress: OnSignUpProgress = () => {},
): Promise<SignUpOutcome> {
  const stages = ["Making your vault key from your password", ...vaultStages];
  try {
    onProgress({ stage: "Making your vault key from your password", done: 0, total: stages.length });
    const credentials = await steps.deriveCredentials(input.email, input.password);
    const vault = await createVault(
      steps,
      { userId: input.userId, credentials, newAuthKey: credentials.authKey },
      onProgress,
      stages,
    );
    return { ok: true, userId: input.userId, recoveryKeyText: vault.recoveryKeyText };
  } catch (error) {
    await steps.logUserError("firstVault", describe(error));
    const mapped = signUpErrorMessage(error);
    return {
      ok: false,
      message:
        mapped.message === accountMessages.unexpectedSignUp ? accountMessages.securingFailed : mapped.message,
    };
  }
}
