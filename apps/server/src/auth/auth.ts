import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac } from "node:crypto";
import { accountMessages } from "@heirloom/contract";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString, symmetricDecrypt } from "better-auth/crypto";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import type { AppConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { ProfilesRepo } from "../db/repos/profiles.repo.ts";
import type { TotpStepsRepo } from "../db/repos/totp-steps.repo.ts";
import type { Mailer } from "../mail/mailer.ts";
import { passwordResetMail, verificationMail } from "../mail/templates.ts";
import type { Clock } from "../services/clock.ts";
import { capitaliseName } from "../services/names.ts";
import { hashDerivedKey, verifyDerivedKey } from "./key-hash.ts";
import type { Lockout } from "./lockout.ts";
import { socialProviderConfigs } from "./social.ts";
import { matchTotpStep } from "./totp.ts";

export interface AuthDeps {
  database: Database;
  config: Pick<AppConfig, "publicUrl" | "social">;
  /** The server secret (server-secret.ts); better-auth's own secret is derived from it. */
  serverSecret: string;
  mailer: Mailer;
  profiles: ProfilesRepo;
  totpSteps: TotpStepsRepo;
  lockout: Lockout;
  clock: Clock;
  /** Per-IP limits (better-auth's rate limiter, stored in the database so every instance shares them). */
  limits?: Partial<typeof defaultLimits>;
  /** Account events other parts of the server act on (notifications). */
  events?: AuthEvents;
}

export interface AuthEvents {
  /** A session was created (any sign-in method), from a browser with this user agent. */
  sessionCreated(userId: string, userAgent: string | null | undefined): Promise<void>;
  /** Two-step sign-in was turned on or off. */
  twoFactorChanged(userId: string, enabled: boolean): Promise<void>;
}

export const sessionLifetimeSeconds = 12 * 60 * 60;

/** Per-IP request limits of better-auth's endpoints: [window seconds, max requests]. */
export const defaultLimits = {
  signIn: [60, 10],
  signUp: [600, 10],
  sendVerification: [300, 3],
  passwordReset: [300, 3],
  twoFactor: [60, 10],
  other: [60, 100],
} as const satisfies Record<string, readonly [number, number]>;

const rule = ([window, max]: readonly [number, number]) => ({ window, max });

/** The origin links in emails point to: PUBLIC_URL, or the origin the request came to. */
/**
 * The origin of the HTTP request behind a direct `auth.api` call (POST /api/account/email calls changeEmail). better-auth
 * hands such calls' mail callbacks no request, so without PUBLIC_URL a link would have no origin to start from.
 */
export const directCallOrigin = new AsyncLocalStorage<string>();

export function baseUrlFor(publicUrl: string | undefined, request: Request | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  if (request) return new URL(request.url).origin;
  const origin = directCallOrigin.getStore();
  if (origin) return origin;
  throw new Error("PUBLIC_URL is not set and there is no request to take the origin from");
}

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
    const row = await database.db
      .selectFrom("twoFactor")
      .select("secret")
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (!row) return "no-secret" as const;
    const step = matchTotpStep(await decryptSecret(row.secret), code, clock().getTime());
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
    const credential = await database.db
      .selectFrom("account")
      .select("password")
      .where("userId", "=", session.user.id)
      .where("providerId", "=", "credential")
      .executeTakeFirst();
    const password = typeof ctx.body?.password === "string" ? ctx.body.password : "";
    if (!credential?.password || !(await verifyDerivedKey(credential.password, password))) {
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
    ...(config.publicUrl ? { baseURL: config.publicUrl } : {}),
    secret,
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    // Only our own origin may POST here: PUBLIC_URL when set, else the origin the request was addressed to (the Host
    // header, which the browser sets and a cross-site page cannot change). See routes/auth.routes.ts.
    trustedOrigins: (request) =>
      config.publicUrl || request ? [baseUrlFor(config.publicUrl, request ?? undefined)] : [],
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
      async sendResetPassword({ user, token }, request) {
        // The page derives the new auth key with the account's salt (prelogin needs the email), so the link carries
        // the address: a mistyped one would set a key the real email can never derive.
        const url = `${baseUrlFor(config.publicUrl, request)}/recover?reset=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
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
      async sendVerificationEmail({ user, token }, request) {
        const url = `${baseUrlFor(config.publicUrl, request)}/ConfirmEmail?token=${encodeURIComponent(token)}`;
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
    disabledPaths: ["/change-password", "/set-password", "/change-email"],
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
            await deps.events?.twoFactorChanged(user.id, enabled);
          },
        },
      },
      session: {
        create: {
          async after(session) {
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
          if (email && (await lockout.isLocked(email))) {
            throw new APIError("TOO_MANY_REQUESTS", {
              code: "TOO_MANY_ATTEMPTS",
              message: accountMessages.tooManyAttempts,
            });
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
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/callback/:id") return holdSocialSignInForSecondFactor(ctx);
        if (ctx.path === "/verify-email") return markChangedEmailVerified(ctx);
        if (ctx.path !== "/sign-in/email") return;
        const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
        if (!email) return;
        const returned = ctx.context.returned;
        if (returned instanceof APIError) {
          if (returned.statusCode === 401) await lockout.recordFailure(email);
        } else {
          await lockout.clear(email);
        }
      }),
    },
    plugins: [
      twoFactor({
        issuer: "Heirloom",
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      ...(config.social.length ? [genericOAuth({ config: socialProviderConfigs(config.social) })] : []),
    ],
  });

  /**
   * better-auth keeps emailVerified as it was when an email change is confirmed. But the link went to the new address
   * and was opened there, which is exactly what verifies an address (ADR 029): mark it verified.
   */
  async function markChangedEmailVerified(ctx: { query?: unknown; context: { returned?: unknown } }) {
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
    if (payload.requestType !== "change-email-verification" || typeof payload.userId !== "string") return;
    const context = await auth.$context;
    await context.internalAdapter.updateUser(payload.userId, { emailVerified: true });
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
