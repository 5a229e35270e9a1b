import { accountMessages } from "@heirloom/contract";
import { session } from "#app/features/session/index.ts";
import { authRequest } from "./auth-api.ts";
import { deriveCredentials } from "./credentials.ts";
import type { ReauthDeps } from "./reauth.ts";
import { normaliseTotpCode, ReauthInputError } from "./reauth.ts";

// Two-factor sign-in with an authenticator app (better-auth's twoFactor plugin, apps/server/src/auth/auth.ts).
// Enrolment: POST /two-factor/enable with the auth key (never the password) -> totpURI + backup codes, then
// POST /two-factor/verify-totp with a code from the app -> twoFactorEnabled. The secret exists in this page only
// while the person copies it into their app.

export interface TwoFactorDeps extends ReauthDeps {
  /** authRequest from auth-api.ts (better-auth under /api/auth). */
  authRequest<T>(path: `/${string}`, body?: unknown): Promise<T>;
  /** Asks the server again who is signed in, so twoFactorEnabled shows its new value everywhere. */
  refreshSession(): Promise<unknown>;
}

export interface TotpEnrolment {
  /** otpauth://totp/... for the QR code. */
  totpURI: string;
  /** The base32 secret from the URI, for typing into an app by hand. */
  secret: string;
  /** Ten single-use codes, shown once. */
  backupCodes: string[];
}

/** The base32 secret of an otpauth:// URI, or throws when the URI has none. */
export function secretFromOtpauthUri(uri: string): string {
  let secret: string | null = null;
  try {
    secret = new URL(uri).searchParams.get("secret");
  } catch {
    secret = null;
  }
  if (!secret || !/^[A-Z2-7]+=*$/i.test(secret)) throw new Error("The setup key is missing from the answer.");
  return secret.replace(/=+$/, "").toUpperCase();
}

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP": easier to read out and type. */
export function groupInFours(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? "";
}

/** Step 1: proves the password and asks the server for a new secret and backup codes. */
export async function startTotpEnrolment(
  deps: TwoFactorDeps,
  input: { email: string; password: string },
): Promise<TotpEnrolment> {
  if (!input.password) throw new ReauthInputError("password", "Enter your current password.");
  const { authKey } = await deps.derive(input.email, input.password);
  const answer = await deps.authRequest<{ totpURI?: string; backupCodes?: string[] }>("/two-factor/enable", {
    password: authKey,
  });
  if (!answer?.totpURI || !Array.isArray(answer.backupCodes)) {
    throw new Error("The server's answer had no setup key.");
  }
  return {
    totpURI: answer.totpURI,
    secret: secretFromOtpauthUri(answer.totpURI),
    backupCodes: answer.backupCodes,
  };
}

/** Step 3: a code from the app turns two-factor on; the session store then reads twoFactorEnabled: true. */
export async function confirmTotpEnrolment(deps: TwoFactorDeps, code: string): Promise<void> {
  await deps.authRequest("/two-factor/verify-totp", { code: normaliseTotpCode(code) });
  await deps.refreshSession();
}

/**
 * Turns two-factor off after the current password and a fresh code are proven (the server asks for both: [Note:
 * Turning two-factor off needs a code] in apps/server/src/auth/auth.ts).
 */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  input: { email: string; password: string; totpCode: string },
): Promise<void> {
  if (!input.password) throw new ReauthInputError("password", "Enter your current password.");
  const code = normaliseTotpCode(input.totpCode);
  const { authKey } = await deps.derive(input.email, input.password);
  await deps.authRequest("/two-factor/disable", { password: authKey, code });
  await deps.refreshSession();
}

/** better-auth's two-factor errors in SPEC.md section 8's words where it has them. */
export function describeTwoFactorError(error: unknown): {
  message: string;
  /** The input to point at: the password, or the authenticator code. */
  field?: "password" | "code";
  unknown?: true;
} {
  const code = typeof error === "object" && error && "code" in error ? String(error.code) : "";
  const status = typeof error === "object" && error && "status" in error ? Number(error.status) : undefined;
  if (error instanceof ReauthInputError) {
    return { message: error.message, field: error.field === "password" ? "password" : "code" };
  }
  if (code === "INVALID_PASSWORD") return { message: accountMessages.incorrectPassword, field: "password" };
  if (code === "TOTP_REQUIRED") return { message: accountMessages.totpRequired, field: "code" };
  if (code === "INVALID_CODE" || code === "INVALID_TWO_FACTOR_AUTHENTICATION") {
    return { message: accountMessages.invalidTotp, field: "code" };
  }
  if (code === "TOTP_ALREADY_ENABLED")
    return { message: "Two-factor sign-in is already on for this account." };
  if (status === 429 || code === "ACCOUNT_TEMPORARILY_LOCKED" || code.startsWith("TOO_MANY")) {
    return { message: accountMessages.tooManyAttempts };
  }
  if (status === 401) return { message: accountMessages.userNotLoggedIn };
  if (status === 0) return { message: "Could not reach Heirloom. Check your connection." };
  return { message: "Something went wrong on our side. Please try again in a moment.", unknown: true };
}

/** The backup codes as a text file a person can keep with their recovery kit. */
export function backupCodesFileText(codes: readonly string[], email: string, createdAt: Date): string {
  return [
    "Heirloom two-factor backup codes",
    `Account: ${email}`,
    `Created: ${createdAt.toISOString().slice(0, 10)}`,
    "",
    "Each code works once, in place of a code from your authenticator app.",
    "Keep them somewhere safe and apart from your phone.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** The browser's wiring: the crypto worker, better-auth, and the page's session store. */
export function browserTwoFactorDeps(): TwoFactorDeps {
  return {
    derive: deriveCredentials,
    authRequest: (path, body) => authRequest(path, body),
    refreshSession: () => session.load({ force: true }),
  };
}
