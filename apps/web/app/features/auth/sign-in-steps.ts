import {
  completeSignIn,
  fetchSessionUser,
  getCryptoClient,
  logUserError,
} from "#app/features/session/index.ts";
import { callApi } from "#app/lib/api.ts";
import { authRequest } from "./auth-api.ts";
import { deriveCredentials } from "./credentials.ts";
import type { SignInSteps } from "./sign-in.ts";

/** The sign-in steps of sign-in.ts as the browser runs them: better-auth, our account API and the crypto worker. */
export const browserSignInSteps: SignInSteps = {
  derive: (email, password, known) => deriveCredentials(email, password, known),

  async signInEmail(email, authKey) {
    const answer = await authRequest<{ twoFactorRedirect?: boolean } | null>("/sign-in/email", {
      email,
      password: authKey,
    });
    return { twoFactorRedirect: answer?.twoFactorRedirect === true };
  },

  async verifySecondFactor({ method, code }) {
    await authRequest(method === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code", {
      code,
    });
  },

  // Asked directly, not through the session store: the page's header must not show a signed-in person before the
  // vault is open in this tab.
  fetchUser: () => fetchSessionUser(),

  async fetchKeys() {
    return callApi("getKeys");
  },

  async openKeys(vaultKey, keys) {
    const crypto = await getCryptoClient();
    try {
      await crypto.api.unlockAccount(vaultKey, keys.userId, keys.blobs);
      return true;
    } catch (error) {
      // The worker's CryptoErrors ('DEK decryption failed', 'Private key decryption failed', ...) mean these blobs
      // do not open with this key; anything else is a failure of the worker itself.
      if (error instanceof Error && error.name === "CryptoError") return false;
      throw error;
    }
  },

  async completeSignIn(values) {
    await completeSignIn(values);
  },

  async endServerSession() {
    await authRequest("/sign-out", {}).catch(() => {});
  },

  logUserError: (fn, error) => logUserError(fn, error),
};
