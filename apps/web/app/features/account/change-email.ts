import type { ChangeEmailRequest } from "@heirloom/contract";
import { deriveCredentials } from "#app/features/auth/credentials.ts";
import { describeReauthError, type ReauthInput, reauthenticate } from "#app/features/auth/reauth.ts";
import { ApiError, callApi } from "#app/lib/api.ts";

/** What went wrong with an email change, and the field to point at (none: the form as a whole). */
export interface ChangeEmailProblem {
  message: string;
  field?: "newEmail" | "password" | "totpCode";
  unknown?: true;
}

/**
 * Asks for a link at the new address (ADR 029). The password proves it is you: only the auth key derived from it, with
 * the account's salt, is sent. The email changes when the link is opened; the password stays the same.
 */
export async function requestEmailChange(
  input: ReauthInput & { email: string; newEmail: string; twoFactorEnabled: boolean },
): Promise<void> {
  const { proof } = await reauthenticate({ derive: deriveCredentials }, input);
  const body: ChangeEmailRequest = { ...proof, newEmail: input.newEmail };
  await callApi("changeEmail", { body });
}

export function describeEmailChangeError(error: unknown): ChangeEmailProblem {
  if (error instanceof ApiError && error.fields.newEmail)
    return { message: error.fields.newEmail, field: "newEmail" };
  const problem = describeReauthError(error);
  return problem.field === "password" || problem.field === "totpCode" || !problem.field
    ? (problem as ChangeEmailProblem)
    : { message: problem.message };
}
