import { accountMessages, emailSchema } from "@heirloom/contract";
import { z } from "zod";
import { AuthError } from "./auth-api.ts";

// [Note: The verification link works without a session] SPEC.md section 6 lists /ConfirmEmail as sign-in required.
// The link's token is itself the proof of the address, so a person who opens it in another browser (or after the
// 12-hour session ended) still gets the address verified, and is then told to log in again
// (accountMessages.verifiedLogInAgain). Only resending the email is tied to who is signed in.

export type VerifyOutcome =
  | { readonly kind: "verified"; readonly message: string }
  | { readonly kind: "verified-log-in"; readonly message: string }
  | { readonly kind: "failed"; readonly message: string };

export interface VerifySteps {
  /** better-auth GET /verify-email?token=... */
  verifyEmail(token: string): Promise<void>;
  /** session.load({ force: true }): who is signed in now, and whether their address is verified. */
  refreshSession(): Promise<{ signedIn: boolean; emailVerified: boolean }>;
  logUserError(fn: string, error: string): Promise<void>;
  /** Waits before the session is asked again (a test passes its own clock). */
  wait?(ms: number): Promise<void>;
}

/**
 * How long to wait before each new question when the refreshed session, signed in, does not show the address
 * verified yet: 6 s in all, past the 5 s for which a server keeps a session it looked up (ADR 042). The server that
 * verified the link forgets at once; another one behind the same address may answer from what it kept.
 */
export const refreshWaitsMs = [1000, 2000, 3000] as const;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** better-auth's verification errors -> SPEC.md section 8's texts. */
export function verifyErrorMessage(error: unknown): string {
  if (error instanceof AuthError) {
    switch (error.code) {
      case "INVALID_TOKEN":
      case "TOKEN_EXPIRED":
        return accountMessages.invalidLink;
      case "USER_NOT_FOUND":
        return accountMessages.noUserForEmail;
      case "BANNED_USER":
      case "USER_BANNED":
      case "ACCOUNT_DISABLED":
      case "USER_DISABLED":
        return accountMessages.disabled;
    }
    if (error.status === 403) return accountMessages.disabled;
  }
  return accountMessages.verifyFailed;
}

/** Applies the link's code, then refreshes the status (SPEC.md section 4, "Email verification"). Never rejects. */
export async function verifyEmailLink(steps: VerifySteps, token: string): Promise<VerifyOutcome> {
  try {
    await steps.verifyEmail(token);
  } catch (error) {
    const message = verifyErrorMessage(error);
    if (message === accountMessages.verifyFailed) {
      await steps.logUserError("verifyEmail", error instanceof Error ? error.message : String(error));
    }
    return { kind: "failed", message };
  }
  try {
    let { signedIn, emailVerified } = await steps.refreshSession();
    for (const ms of refreshWaitsMs) {
      if (!signedIn || emailVerified) break;
      await (steps.wait ?? pause)(ms);
      ({ signedIn, emailVerified } = await steps.refreshSession());
    }
    if (!signedIn) return { kind: "verified-log-in", message: accountMessages.verifiedLogInAgain };
    // Signed in, but the status still did not change: another account is signed in here.
    if (!emailVerified) return { kind: "verified-log-in", message: accountMessages.verifiedNoStatus };
    return { kind: "verified", message: accountMessages.verified };
  } catch {
    return { kind: "verified-log-in", message: accountMessages.verifiedNoStatus };
  }
}

export const resendTooMany =
  "You asked for several emails in a short time. Please wait 5 minutes, then ask again.";
export const resendAlreadyVerified = "Your email address is already confirmed. There is nothing more to do.";
export const resendFailed = "We couldn't send the email just now. Please try again in a few minutes.";

/** The resend form: the address to send the link to (the signed-in person's, or the one a visitor types). */
export const resendVerificationSchema = z.object({ email: emailSchema });
export type ResendVerificationInput = z.input<typeof resendVerificationSchema>;
export type ResendVerificationValues = z.output<typeof resendVerificationSchema>;

/** Errors of POST /send-verification-email -> the sentence to show. */
export function resendErrorMessage(error: unknown): string {
  if (error instanceof AuthError) {
    if (error.status === 429) return resendTooMany;
    if (error.code === "EMAIL_ALREADY_VERIFIED") return resendAlreadyVerified;
    if (error.code === "INVALID_EMAIL" || error.code === "VALIDATION_ERROR")
      return accountMessages.invalidEmail;
    if (error.code === "NETWORK") return "We couldn't reach Heirloom. Check your connection and try again.";
  }
  return resendFailed;
}
