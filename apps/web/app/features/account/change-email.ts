import { accountMessages, apiRoutes, type ChangeEmailRequest } from "@heirloom/contract";
import { ApiError, apiRequest } from "../../lib/api.ts";
import { deriveCredentials } from "../auth/credentials.ts";

export class ChangeEmailError extends Error {
  readonly field: "newEmail" | "password" | "totpCode" | null;
  constructor(message: string, field: ChangeEmailError["field"] = null) {
    super(message);
    this.name = "ChangeEmailError";
    this.field = field;
  }
}

/**
 * Asks for a link at the new address (ADR 029). The password proves it is you: only the auth key derived from it, with
 * the account's salt, is sent. The email changes when the link is opened; the password stays the same.
 */
export async function requestEmailChange(input: {
  email: string;
  newEmail: string;
  password: string;
  totpCode?: string | undefined;
}): Promise<void> {
  const { authKey } = await deriveCredentials(input.email, input.password);
  const body: ChangeEmailRequest = {
    currentAuthKey: authKey,
    newEmail: input.newEmail,
    ...(input.totpCode ? { totpCode: input.totpCode } : {}),
  };
  try {
    await apiRequest<void>(apiRoutes.changeEmail, { body });
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.fields.newEmail) throw new ChangeEmailError(error.fields.newEmail, "newEmail");
      if (error.fields.totpCode) throw new ChangeEmailError(error.fields.totpCode, "totpCode");
      if (error.message === accountMessages.invalidTotp)
        throw new ChangeEmailError(error.message, "totpCode");
      if (error.message === accountMessages.incorrectPassword)
        throw new ChangeEmailError(error.message, "password");
      if (error.code === "rate_limited") throw new ChangeEmailError(accountMessages.tooManyAttempts);
      if (error.code === "network") throw new ChangeEmailError(error.message);
    }
    throw new ChangeEmailError("Your email address was not changed. Please try again.");
  }
}
