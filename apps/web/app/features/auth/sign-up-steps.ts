import { completeSignIn, getCryptoClient, logUserError } from "#app/features/session/index.ts";
import { callApi } from "#app/lib/api.ts";
import { authRequest } from "./auth-api.ts";
import { deriveCredentials } from "./credentials.ts";
import type { SignUpSteps } from "./sign-up.ts";

/** The browser's sign-up steps: our API, better-auth and the crypto worker (see sign-up.ts for the order). */
export const browserSignUpSteps: SignUpSteps = {
  async preliminaryCheck(input) {
    return callApi("preliminaryCheck", { body: input });
  },
  deriveCredentials: (email, password) => deriveCredentials(email, password),
  async createAuthAccount({ email, name, authKey }) {
    const created = await authRequest<{ user?: { id?: unknown } }>("/sign-up/email", {
      email,
      name,
      password: authKey,
    });
    const userId = created?.user?.id;
    if (typeof userId !== "string") throw new Error("The sign-up answer has no user id.");
    return { userId };
  },
  async createAccountKeys(vaultKey, userId, onProgress) {
    const crypto = await getCryptoClient();
    const keys = await crypto.api.createAccountKeys(vaultKey, userId, onProgress);
    return {
      blobs: keys.blobs,
      recovery: keys.recovery,
      recoveryAuthKey: keys.recoveryAuthKey,
      recoveryKeyText: keys.recoveryKeyText,
    };
  },
  async saveKeys(request) {
    await callApi("saveKeys", { body: request });
  },
  completeSignIn: (values) => completeSignIn(values),
  async deleteAccount(input) {
    await callApi("deleteAccount", { body: input });
  },
  logUserError: (fn, error) => logUserError(fn, error),
};
