import { newVaultSaltHex, type RecoveryBlobs } from "@heirloom/crypto";
import { completeSignIn, getCryptoClient, logUserError } from "#app/features/session/index.ts";
import { callApi } from "#app/lib/api.ts";
import { authRequest } from "./auth-api.ts";
import { deriveCredentials, prelogin } from "./credentials.ts";
import type { RecoverySteps, ResetSteps } from "./recovery.ts";

/** The browser's recovery steps (see recovery.ts for the order). */
export const browserRecoverySteps: RecoverySteps = {
  async recoveryAuthKeyFromText(text) {
    return (await getCryptoClient()).api.recoveryAuthKeyFromText(text);
  },
  prelogin,
  async startRecovery(input) {
    return callApi("startRecovery", { body: input });
  },
  newSaltHex: newVaultSaltHex,
  deriveCredentials: (email, password, known) => deriveCredentials(email, password, known),
  async recoverWithRecoveryKey({ userId, recoveryKeyText, recovery, newVaultKey }) {
    const client = await getCryptoClient();
    return client.api.recoverWithRecoveryKey({
      userId,
      recoveryKeyText,
      // The server's strings, checked by the contract's schema; the worker checks their format again.
      recovery: recovery as unknown as RecoveryBlobs,
      newVaultKey,
    });
  },
  async completeRecovery(input) {
    await callApi("completeRecovery", { body: input });
  },
  async signIn({ email, authKey }) {
    const answer = await authRequest<{ twoFactorRedirect?: boolean }>("/sign-in/email", {
      email,
      password: authKey,
    });
    return answer?.twoFactorRedirect ? "two-factor" : "signed-in";
  },
  completeSignIn: (values) => completeSignIn(values),
  logUserError: (fn, error) => logUserError(fn, error),
};

export const browserResetSteps: ResetSteps = {
  prelogin,
  deriveCredentials: (email, password, known) => deriveCredentials(email, password, known),
  async resetPassword({ token, authKey }) {
    await authRequest("/reset-password", { token, newPassword: authKey });
  },
  logUserError: (fn, error) => logUserError(fn, error),
};

/** Asks for the emailed reset link. The answer is the same whether or not an account uses the address. */
export async function requestPasswordReset(email: string): Promise<void> {
  await authRequest("/request-password-reset", { email, redirectTo: "/recover" });
}
