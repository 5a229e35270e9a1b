import { accountMessages, type KdfParamsDto, totpCodeSchema } from "@heirloom/contract";
import type { DerivedCredentials } from "./credentials.ts";

// Re-authentication before a sensitive change (SPEC.md section 5: password change and account deletion first
// re-authenticate with the current password; ARCHITECTURE.md: the server receives the auth key, never the password).

/** What the person typed: the current password, and the authenticator code when two-factor is on. */
export interface ReauthInput {
  password: string;
  totpCode?: string | undefined;
}

/** The proof the server's reauthSchema takes (packages/contract/src/account.ts). */
export interface ReauthProof {
  currentAuthKey: string;
  totpCode?: string;
}

export interface ReauthDeps {
  /** deriveCredentials from credentials.ts: prelogin (or the known salt) then Argon2id in the crypto worker. */
  derive(
    email: string,
    password: string,
    known?: { saltHex: string; kdf: KdfParamsDto },
  ): Promise<DerivedCredentials>;
}

/** A mistake in what was typed, found before anything is derived or sent; `field` names the input to fix. */
export class ReauthInputError extends Error {
  readonly field: "password" | "totpCode";
  constructor(field: "password" | "totpCode", message: string) {
    super(message);
    this.name = "ReauthInputError";
    this.field = field;
  }
}

/** The code with spaces removed (apps show "123 456"), checked against the contract's 6-digit rule. */
export function normaliseTotpCode(code: string): string {
  const digits = code.replace(/\s+/g, "");
  if (!totpCodeSchema.safeParse(digits).success) {
    throw new ReauthInputError("totpCode", accountMessages.totpRequired);
  }
  return digits;
}

/**
 * The current password turned into the proof for reauthSchema: derives the auth key with the account's own salt
 * (`known`, when the caller already holds it, otherwise prelogin) and adds the TOTP code when the account asks for
 * one. Resolves with the proof and the derived credentials, so a password change can reuse the old vault key.
 * The password itself goes no further than the crypto worker.
 */
export async function reauthenticate(
  deps: ReauthDeps,
  input: ReauthInput & { email: string; twoFactorEnabled: boolean },
  known?: { saltHex: string; kdf: KdfParamsDto },
): Promise<{ proof: ReauthProof; credentials: DerivedCredentials }> {
  if (!input.password) throw new ReauthInputError("password", "Enter your current password.");
  const totpCode = input.twoFactorEnabled ? normaliseTotpCode(input.totpCode ?? "") : undefined;
  const credentials = await deps.derive(input.email, input.password, known);
  return {
    proof: { currentAuthKey: credentials.authKey, ...(totpCode ? { totpCode } : {}) },
    credentials,
  };
}

/** What went wrong, in words a person can act on, and the field to point at (or none: the form as a whole). */
export interface FormProblem {
  message: string;
  field?: "password" | "totpCode" | "confirmation" | "newPassword" | "code";
}

const unexpected = "Something went wrong on our side. Please try again in a moment.";

/**
 * Turns a failed re-authenticated call (our ApiError, better-auth's AuthError, or a ReauthInputError) into a
 * FormProblem. `unknown: true` marks a failure nobody could fix by typing, which the caller logs to userErrors.
 */
export function describeReauthError(error: unknown): FormProblem & { unknown?: true } {
  if (error instanceof ReauthInputError) return { message: error.message, field: error.field };
  const status = typeof error === "object" && error && "status" in error ? Number(error.status) : undefined;
  const code = typeof error === "object" && error && "code" in error ? String(error.code) : "";
  const message = error instanceof Error ? error.message : "";
  const fields =
    typeof error === "object" &&
    error &&
    "fields" in error &&
    error.fields &&
    typeof error.fields === "object"
      ? (error.fields as Record<string, string>)
      : {};
  if (status === 0) return { message: message || "Could not reach Heirloom. Check your connection." };
  if (fields.totpCode) return { message: fields.totpCode, field: "totpCode" };
  if (message === accountMessages.invalidTotp || code === "INVALID_CODE") {
    return { message: accountMessages.invalidTotp, field: "totpCode" };
  }
  if (message === accountMessages.incorrectPassword || code === "INVALID_PASSWORD") {
    return { message: accountMessages.incorrectPassword, field: "password" };
  }
  if (status === 429) return { message: accountMessages.tooManyAttempts };
  if (status === 401) return { message: accountMessages.userNotLoggedIn };
  return { message: unexpected, unknown: true };
}
