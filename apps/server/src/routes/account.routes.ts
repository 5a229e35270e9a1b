import { type SocialProviderId, type SocialProvidersResponse, socialProviderIds } from "@heirloom/contract";
import { operationsById } from "@heirloom/contract/operations";
import { type HeirloomAuth, revokeSessionById } from "../auth/auth.ts";
import type { AccountService } from "../services/account.service.ts";
import type { AccountSecurityService } from "../services/account-security.service.ts";
import { toWebHeaders } from "./auth.routes.ts";
import type { OperationRoute } from "./operation-route.ts";
import { perHour, perMinute, perQuarterHour } from "./rate-limits.ts";

export interface AccountRoutesDeps {
  auth: HeirloomAuth;
  /** The configured social sign-in providers (config.social), in socialProviderIds order. */
  socialProviders: readonly SocialProviderId[];
  account: AccountService;
  security: AccountSecurityService;
}

/**
 * [ADR 036] The preliminary check answers SPEC's 'This email is already in use by another account.', so whether an
 * address has an account is readable here: at most this many checks per address per hour.
 */
export const preliminaryChecksPerHour = 20;

/** Everything under /api/account is about the signed-in user ("me"); no route takes another user's id. */
export function registerAccountRoutes(route: OperationRoute, deps: AccountRoutesDeps) {
  const { auth, account, security } = deps;
  const socialProviders: SocialProvidersResponse = {
    providers: socialProviderIds.filter((id) => deps.socialProviders.includes(id)),
  };

  // Public and the same for everyone: which "Continue with ..." buttons the login and sign-up pages show.
  route(operationsById.listSocialProviders, async ({ reply }) => {
    reply.header("cache-control", "public, max-age=300");
    return socialProviders;
  });

  route(operationsById.prelogin, perMinute(30), async ({ body }) => account.prelogin(body.email));

  // The body is checked by the service so the page gets SPEC's messages as { success: false, error }.
  route(
    operationsById.preliminaryCheck,
    { ...perHour(preliminaryChecksPerHour), bodyCheckedByService: true },
    async ({ body }) => account.preliminaryCheck(body),
  );

  route(operationsById.getSalt, async ({ session }) => account.salt(session.caller));

  route(operationsById.saveKeys, perMinute(10), async ({ session, body }) => {
    await account.saveKeys(session.caller, body);
  });

  route(operationsById.getKeys, { ciphertext: true }, async ({ session }) => account.getKeys(session.caller));

  route(operationsById.getMe, async ({ session }) => account.me(session.caller));

  route(operationsById.getProfile, async ({ session }) => account.profile(session.caller));

  route(operationsById.updateProfile, perMinute(30), async ({ session, body }) =>
    account.updateProfile(session.caller, body),
  );

  route(operationsById.getPreferences, async ({ session }) => account.preferences(session.caller));

  route(operationsById.updatePreferences, perMinute(30), async ({ session, body }) =>
    account.updatePreferences(session.caller, body),
  );

  route(operationsById.replaceRecoveryKit, perQuarterHour(10), async ({ session, body }) => {
    await security.replaceRecoveryKit(session.caller, body);
  });

  // The answer is the same whether or not the new address belongs to another account (better-auth sends no link then).
  route(operationsById.changeEmail, perQuarterHour(5), async ({ session, body, request }) => {
    await security.requestEmailChange(session.caller, body, async (newEmail) => {
      // The link's origin is PUBLIC_URL (better-auth's baseURL), as for every other mail.
      await auth.api.changeEmail({
        body: { newEmail, callbackURL: "/account/MyInfo" },
        headers: toWebHeaders(request),
      });
    });
  });

  route(operationsById.markRecoveryKitSaved, perMinute(10), async ({ session }) =>
    account.markRecoveryKitSaved(session.caller),
  );

  route(operationsById.listActivity, async ({ session, query }) =>
    account.activityPage(session.caller, query),
  );

  route(operationsById.exportAccount, perHour(10), async ({ session, reply }) => {
    const data = await account.exportData(session.caller);
    const day = data.exportedAt.slice(0, 10);
    reply.header("content-disposition", `attachment; filename="heirloom-account-${day}.json"`);
    reply.header("cache-control", "no-store");
    return data;
  });

  route(operationsById.updatePasswordDate, async ({ session }) => {
    await account.updatePasswordDate(session.caller);
  });

  route(operationsById.logActivity, perMinute(60), async ({ session, body }) => {
    await account.logActivity(session.caller, body);
  });

  route(operationsById.logUserError, perMinute(30), async ({ session, body }) => {
    await account.logUserError(session?.caller.id ?? null, body);
  });

  route(operationsById.changePassword, perQuarterHour(10), async ({ session, body }) => {
    await security.changePassword(session.caller, session.sessionId, body);
  });

  route(operationsById.startRecovery, perQuarterHour(10), async ({ body }) =>
    security.startRecovery(body.email, body.recoveryAuthKey),
  );

  route(operationsById.completeRecovery, perQuarterHour(10), async ({ body, request }) => {
    await security.completeRecovery(body, request.headers["user-agent"]);
  });

  route(operationsById.revokeSession, perMinute(30), async ({ session, params }) => {
    await revokeSessionById(auth, session.caller.id, params.id);
  });

  route(operationsById.deleteAccount, perQuarterHour(5), async ({ session, body, reply }) => {
    await security.deleteAccount(session.caller, body);
    const context = await auth.$context;
    const cookies = [
      context.authCookies.sessionToken,
      context.authCookies.sessionData,
      context.authCookies.dontRememberToken,
    ];
    reply.header(
      "set-cookie",
      cookies.map((cookie) => `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`),
    );
  });
}
