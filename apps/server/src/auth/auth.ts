import { createHmac } from "node:crypto";
import { accountMessages } from "@heirloom/contract";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString, symmetricDecrypt } from "better-auth/crypto";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import type { AppConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { AccountKeysRepo } from "../db/repos/account-keys.repo.ts";
import type { ProfilesRepo } from "../db/repos/profiles.repo.ts";
import type { TotpStepsRepo } from "../db/repos/totp-steps.repo.ts";
import type { Mailer } from "../mail/mailer.ts";
import { passwordResetMail, verificationMail } from "../mail/templates.ts";
import { ownOrigins } from "../own-origin.ts";
import type { Clock } from "../services/clock.ts";
import { capitaliseName } from "../services/names.ts";
import { generateBackupCodes } from "./backup-codes.ts";
import { hashDerivedKey, verifyDerivedKey } from "./key-hash.ts";
import { type DeviceCookies, deviceCookie, type Lockout, type LockState } from "./lockout.ts";
import { socialProviderConfigs } from "./social.ts";
import { matchTotpStep } from "./totp.ts";

export interface AuthDeps {
  database: Database;
  config: Pick<AppConfig, "publicUrl" | "publicUrlIsDefault" | "port" | "social">;
  /** The server secret (server-secret.ts); better-auth's own secret is derived from it. */
  serverSecret: string;
  mailer: Mailer;
  profiles: ProfilesRepo;
  accountKeys: Pick<AccountKeysRepo, "credentialHash">;
  totpSteps: TotpStepsRepo;
  /** Sign-in failures per email from browsers that have not signed in to it before. */
  lockout: Lockout;
  /** Sign-in failures per known browser (its device cookie entry for the email). */
  deviceLockout: Lockout;
  devices: DeviceCookies;
  /** Runs work after the answer has gone (mail), so a response never waits for it or is timed by it. */
  runInBackground: (work: Promise<unknown>) => void;
  clock: Clock;
  /** Per-IP limits (better-auth's rate limiter, stored in the database so every instance shares them). */
  limits?: Partial<typeof defaultLimits>;
  /** Account events other parts of the server act on (notifications). */
  events?: AuthEvents;
}

export interface AuthEvents {
  /** A session was created (any sign-in method), from a browser with this user agent. */
  sessionCreated(userId: string, userAgent: string | null | undefined): Promise<void>;
  /** Two-step sign-in was turned on or off, from a browser with this user agent. */
  twoFactorChanged(userId: string, enabled: boolean, userAgent: string | null | undefined): Promise<void>;
  /** A session was ended by signing out (the button, or the idle timeout's sign-out). */
  signedOut(userId: string, userAgent: string | null | undefined): Promise<void>;
  /** An emailed link was opened: the sign-up address verified, or a change to a new address completed. */
  emailVerified(userId: string, change: boolean, userAgent: string | null | undefined): Promise<void>;
}

export const sessionLifetimeSeconds = 12 * 60 * 60;

/** Per-IP request limits of better-auth's endpoints: [window seconds, max requests]. */
export const defaultLimits = {
  signIn: [60, 10],
  // Sign-up says whether an address has an account (ADR 036): ten an hour per address.
  signUp: [3600, 10],
  sendVerification: [300, 3],
  passwordReset: [300, 3],
  twoFactor: [60, 10],
  other: [60, 100],
} as const satisfies Record<string, readonly [number, number]>;

const rule = ([window, max]: readonly [number, number]) => ({ window, max });

export function createAuth(deps: AuthDeps) {
  const { database, config, mailer, profiles, totpSteps, lockout, clock } = deps;
  const limits = { ...defaultLimits, ...deps.limits };
  // An update's data is seen only by the before hook, its user id only by the after hook; the request's endpoint
  // context links the two.
  const twoFactorChanges = new WeakMap<object, boolean>();
  const secret = createHmac("sha256", deps.serverSecret)
    .update("heirloom/better-auth/v1")
    .digest("base64url");

  /**
   * [Note: TOTP codes are single use] better-auth accepts a code anywhere in its 90-second window as often as it is
   * sent. Before it checks, we find the time step the code belongs to and claim it for the user; a step at or before
   * the last claimed one is refused as an invalid code.
   */
  async function claimTotp(userId: string, code: string, decryptSecret: (stored: string) => Promise<string>) {
    const secret = await totpSteps.encryptedSecret(userId);
    if (!secret) return "no-secret" as const;
    const step = matchTotpStep(await decryptSecret(secret), code, clock().getTime());
    if (step === undefined) return "invalid" as const;
    return (await totpSteps.claim(userId, step)) ? ("ok" as const) : ("replayed" as const);
  }

  /**
   * [Note: Turning two-factor off needs a code] better-auth asks only for the password; someone holding a signed-in
   * session and the password (a shared computer, a shoulder-surfed password) could then remove the second factor
   * quietly. We ask for a fresh code too, as for every other sensitive change. The password is checked first, so a
   * mistyped password does not use up the code.
   */
  async function requireCodeToDisable(ctx: AuthMiddlewareContext) {
    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (!session) return; // better-auth answers 401 itself
    const credential = await deps.accountKeys.credentialHash(session.user.id);
    const password = typeof ctx.body?.password === "string" ? ctx.body.password : "";
    if (!credential || !(await verifyDerivedKey(credential, password))) {
      throw new APIError("BAD_REQUEST", { code: "INVALID_PASSWORD", message: "Invalid password" });
    }
    const code = typeof ctx.body?.code === "string" ? ctx.body.code.replace(/\s+/g, "") : "";
    if (!/^\d{6}$/.test(code)) {
      throw new APIError("BAD_REQUEST", { code: "TOTP_REQUIRED", message: accountMessages.totpRequired });
    }
    const verdict = await claimTotp(session.user.id, code, (data) =>
      symmetricDecrypt({ key: ctx.context.secretConfig, data }),
    );
    if (verdict !== "ok") {
      throw new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: accountMessages.invalidTotp });
    }
  }

  const auth = betterAuth({
    appName: "Heirloom",
    basePath: "/api/auth",
    // Every link better-auth builds (mail, provider callbacks) starts here, never at a request's Host header.
    baseURL: config.publicUrl,
    secret,
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    // better-auth's own warnings ("Reset Password: User not found") go to the console; only its errors matter to us.
    logger: { level: "error" },
    // Only our own pages may POST here (routes/own-origin.ts).
    trustedOrigins: ownOrigins(config),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: false,
      autoSignIn: true,
      // The "password" is always the 43-character auth key (ADR 020); anything else is refused.
      minPasswordLength: 43,
      maxPasswordLength: 43,
      password: {
        hash: hashDerivedKey,
        verify: ({ hash, password }) => verifyDerivedKey(hash, password),
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        // The page derives the new auth key with the account's salt (prelogin needs the email), so the link carries
        // the address: a mistyped one would set a key the real email can never derive.
        const url = `${config.publicUrl}/recover?reset=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
        await mailer.send(passwordResetMail(user.email, url));
      },
      async onPasswordReset({ user }) {
        // A reset restores login only: the vault blobs are still wrapped under the old password (ADR 020).
        await profiles.setVaultLocked(user.id, true, clock());
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, token }) {
        const url = `${config.publicUrl}/ConfirmEmail?token=${encodeURIComponent(token)}`;
        await mailer.send(verificationMail(user.email, user.name, url));
      },
    },
    session: {
      expiresIn: sessionLifetimeSeconds,
      // An absolute lifetime: a session is never extended, however active.
      disableSessionRefresh: true,
      updateAge: sessionLifetimeSeconds + 1,
      cookieCache: { enabled: false },
    },
    // An email change is started by POST /api/account/email after re-authentication (ADR 029), which calls
    // auth.api.changeEmail; the HTTP path itself is closed so it cannot be started without the password.
    user: { deleteUser: { enabled: false }, changeEmail: { enabled: true } },
    // Changing the auth key without re-wrapping the vault blobs would lock a user out of their own vault: password
    // changes go through POST /api/account/password instead.
    // Sessions are revoked by id (DELETE /api/account/sessions/{id}): no answer hands a page a session token.
    disabledPaths: ["/change-password", "/set-password", "/change-email", "/revoke-session"],
    rateLimit: {
      enabled: true,
      storage: "database",
      ...rule(limits.other),
      customRules: {
        "/sign-in/email": rule(limits.signIn),
        "/sign-in/social": rule(limits.signIn),
        "/sign-up/email": rule(limits.signUp),
        "/send-verification-email": rule(limits.sendVerification),
        "/request-password-reset": rule(limits.passwordReset),
        "/two-factor/verify-totp": rule(limits.twoFactor),
        "/two-factor/verify-backup-code": rule(limits.twoFactor),
        "/two-factor/disable": rule(limits.twoFactor),
      },
    },
    advanced: {
      // Mail is sent after the answer: a reset or resend for a known address then takes the same time as one for an
      // unknown address, and a slow mail server never holds up a response.
      backgroundTasks: { handler: deps.runInBackground },
      // better-auth skips its Origin (CSRF) check when it believes it runs under test; never skip it.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: true,
      cookiePrefix: "heirloom",
      defaultCookieAttributes: { httpOnly: true, secure: true, sameSite: "lax" },
      // routes/auth.routes.ts replaces this header with the address Fastify resolved (TRUST_PROXY aware), so a client
      // cannot choose its own rate-limit bucket.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            return { data: { ...user, name: capitaliseName(user.name) } };
          },
          async after(user) {
            await profiles.createDefault(user.id, "individual", clock());
          },
        },
        update: {
          async before(data, context) {
            if (context && typeof data.twoFactorEnabled === "boolean")
              twoFactorChanges.set(context, data.twoFactorEnabled);
          },
          async after(user, context) {
            const enabled = context ? twoFactorChanges.get(context) : undefined;
            if (!context || enabled === undefined || !user) return;
            twoFactorChanges.delete(context);
            await deps.events?.twoFactorChanged(user.id, enabled, userAgentOf(context));
          },
        },
      },
      session: {
        create: {
          async after(session, context) {
            if (replacesRequestSession(context, session.userId)) return;
            await profiles.setLastLogin(session.userId, clock());
            await deps.events?.sessionCreated(session.userId, session.userAgent);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email") {
          const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
          if (email) {
            const lock = await signInLock(ctx, email);
            if (lock.locked) {
              throw new APIError(
                "TOO_MANY_REQUESTS",
                {
                  code: "TOO_MANY_ATTEMPTS",
                  message: accountMessages.tooManyAttempts,
                  retryAfterSeconds: lock.retryAfterSeconds,
                },
                { "retry-after": String(lock.retryAfterSeconds) },
              );
            }
          }
        }
        if (ctx.path === "/two-factor/verify-totp") {
          const code = typeof ctx.body?.code === "string" ? ctx.body.code : "";
          const userId = await twoFactorUserId(ctx);
          if (!userId) return;
          const verdict = await claimTotp(userId, code, (data) =>
            symmetricDecrypt({ key: ctx.context.secretConfig, data }),
          );
          if (verdict === "replayed") {
            throw new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });
          }
        }
        if (ctx.path === "/two-factor/disable") await requireCodeToDisable(ctx);
        // Read before the session goes: the after hook no longer knows whose it was.
        if (ctx.path === "/sign-out") {
          const session = await getSessionFromCtx(ctx).catch(() => null);
          if (session) await deps.events?.signedOut(session.user.id, userAgentOf(ctx));
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/callback/:id") await holdSocialSignInForSecondFactor(ctx);
        if (ctx.path === "/verify-email") await afterEmailLink(ctx);
        if (ctx.path === "/sign-in/email") await countSignIn(ctx);
        // Any new session (password, second factor, provider, sign-up) makes this browser a known one for the account.
        const created = ctx.context.newSession;
        if (created?.user) {
          const value = deps.devices.afterSignIn(ctx.getCookie(deviceCookie.name), created.user.email);
          ctx.setCookie(deviceCookie.name, value, {
            httpOnly: true,
            secure: true,
            sameSite: "lax",
            path: "/api/auth",
            maxAge: deviceCookie.maxAgeSeconds,
          });
        }
      }),
    },
    plugins: [
      twoFactor({
        issuer: "Heirloom",
        backupCodeOptions: { customBackupCodesGenerate: () => generateBackupCodes(10) },
      }),
      ...(config.social.length ? [genericOAuth({ config: socialProviderConfigs(config.social) })] : []),
    ],
  });

  /** [Note: Device cookies let the owner through a lock an attacker set off] (auth/lockout.ts) */
  async function signInLock(ctx: AuthMiddlewareContext, email: string): Promise<LockState> {
    const nonce = deps.devices.nonceFor(ctx.getCookie(deviceCookie.name), email);
    if (nonce) return deps.deviceLockout.state(deps.devices.subject(nonce, email));
    return lockout.state(email);
  }

  /** A wrong password counts against the known browser it came from, or else against the email. */
  async function countSignIn(ctx: AuthMiddlewareContext) {
    const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
    if (!email) return;
    const returned = ctx.context.returned;
    if (returned instanceof APIError && returned.statusCode === 429) return;
    const nonce = deps.devices.nonceFor(ctx.getCookie(deviceCookie.name), email);
    const failed = returned instanceof APIError && returned.statusCode === 401;
    if (nonce) {
      const subject = deps.devices.subject(nonce, email);
      await (failed ? deps.deviceLockout.recordFailure(subject) : deps.deviceLockout.clear(subject));
    } else {
      await (failed ? lockout.recordFailure(email) : lockout.clear(email));
    }
  }

  /**
   * better-auth keeps emailVerified as it was when an email change is confirmed. But the link went to the new address
   * and was opened there, which is exactly what verifies an address (ADR 029): mark it verified. Either link that
   * worked is written to the activity log.
   */
  async function afterEmailLink(ctx: {
    query?: unknown;
    headers?: Headers | undefined;
    context: { returned?: unknown };
  }) {
    const returned = ctx.context.returned;
    if (returned instanceof APIError && returned.statusCode !== 302) return;
    const token = (ctx.query as { token?: unknown } | undefined)?.token;
    if (typeof token !== "string") return;
    let payload: { requestType?: unknown; userId?: unknown; updateTo?: unknown };
    try {
      // The endpoint has just checked the token's signature and expiry; only its claims are read here.
      payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    } catch {
      return;
    }
    const context = await auth.$context;
    const userAgent = userAgentOf(ctx);
    if (payload.requestType === "change-email-verification" && typeof payload.userId === "string") {
      await context.internalAdapter.updateUser(payload.userId, { emailVerified: true });
      await deps.events?.emailVerified(payload.userId, true, userAgent);
      return;
    }
    const email = (payload as { email?: unknown }).email;
    if (payload.updateTo !== undefined || typeof email !== "string") return;
    const user = await context.internalAdapter.findUserByEmail(email);
    if (user?.user.emailVerified) await deps.events?.emailVerified(user.user.id, false, userAgent);
  }

  /** Verifies a TOTP code for a signed-in user outside better-auth's endpoints (re-authentication), single use. */
  async function verifyTotp(userId: string, code: string): Promise<boolean> {
    const context = await auth.$context;
    const verdict = await claimTotp(userId, code, (data) =>
      symmetricDecrypt({ key: context.secretConfig, data }),
    );
    return verdict === "ok";
  }

  return { auth, verifyTotp };
}

/**
 * Whether a new session takes the place of the one the request came with, for the same person: better-auth does that
 * when two-step sign-in is turned on or off, so the cookie carries the new setting. The person did not sign in (no
 * "Signed in" entry, no new last sign-in, no check-in); a sign-in request carries no session of that user.
 */
function replacesRequestSession(context: unknown, userId: string): boolean {
  const current = (context as { context?: { session?: { user?: { id?: unknown } } | null } } | null)?.context
    ?.session;
  return current?.user?.id === userId;
}

/** The user agent of the request a better-auth endpoint or database hook runs for. */
function userAgentOf(context: unknown): string | null {
  const headers = (context as { headers?: Headers | undefined } | null)?.headers;
  return headers instanceof Headers ? headers.get("user-agent") : null;
}

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Where a provider's sign-in of an account with two-factor sign-in lands: the login page asks for the code. */
export const socialSecondFactorPath = "/Login?social=1&twoFactor=1";
const pendingSecondFactorSeconds = 10 * 60;

/**
 * [Note: Social sign-in asks for the second factor too]
 * better-auth's twoFactor plugin holds back the session of an email sign-in until the code is given, but not the
 * session a provider's callback creates. For an account with two-factor sign-in we do the same as the plugin here:
 * the fresh session is deleted, a pending two-factor sign-in (the plugin's own cookie and verification rows) takes its
 * place, and the browser goes to the login page's code step; POST /two-factor/verify-totp (or a backup code) then
 * creates the session as it does after a password.
 */
async function holdSocialSignInForSecondFactor(ctx: AuthMiddlewareContext): Promise<void> {
  const created = ctx.context.newSession;
  if (!created?.user || !(created.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(created.session.token);
  ctx.context.setNewSession(null);
  const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: pendingSecondFactorSeconds });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + pendingSecondFactorSeconds * 1000);
  await ctx.context.internalAdapter.createVerificationValue({
    value: created.user.id,
    identifier,
    expiresAt,
  });
  await ctx.context.internalAdapter.createVerificationValue({
    value: "0",
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
  throw ctx.redirect(socialSecondFactorPath);
}

/** Whose TOTP code this is: the signed-in user's, or the one a pending two-factor sign-in belongs to. */
async function twoFactorUserId(ctx: AuthMiddlewareContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value;
}

export type HeirloomAuth = ReturnType<typeof createAuth>["auth"];

/** Ends one of the user's sessions, named by its id; an id of nobody's (or someone else's) session changes nothing. */
export async function revokeSessionById(
  auth: HeirloomAuth,
  userId: string,
  sessionId: string,
): Promise<void> {
  const context = await auth.$context;
  const sessions = await context.internalAdapter.listSessions(userId);
  const target = sessions.find((session) => session.id === sessionId);
  if (target) await context.internalAdapter.deleteSession(target.token);
}
