import {
  activityQuerySchema,
  activityRequestSchema,
  apiRoutes,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  preferencesUpdateSchema,
  preloginRequestSchema,
  profileUpdateSchema,
  recoveryCompleteRequestSchema,
  recoveryStartRequestSchema,
  replaceRecoveryKitRequestSchema,
  type SocialProviderId,
  type SocialProvidersResponse,
  saveKeysRequestSchema,
  sessionParamsSchema,
  socialProviderIds,
  userErrorRequestSchema,
} from "@heirloom/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type HeirloomAuth, revokeSessionById } from "../auth/auth.ts";
import type { AccountService } from "../services/account.service.ts";
import type { AccountSecurityService } from "../services/account-security.service.ts";
import { toWebHeaders } from "./auth.routes.ts";
import { parse } from "./parse.ts";
import { perHour, perMinute, perQuarterHour } from "./rate-limits.ts";
import { optionalSession as readOptionalSession, requireSession as readRequiredSession } from "./session.ts";

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
export function registerAccountRoutes(app: FastifyInstance, deps: AccountRoutesDeps) {
  const { auth, account, security } = deps;
  const socialProviders: SocialProvidersResponse = {
    providers: socialProviderIds.filter((id) => deps.socialProviders.includes(id)),
  };

  const optionalSession = (request: FastifyRequest) => readOptionalSession(auth, request);
  const requireSession = (request: FastifyRequest) => readRequiredSession(auth, request);

  // Public and the same for everyone: which "Continue with ..." buttons the login and sign-up pages show.
  app.get(apiRoutes.socialProviders, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=300").send(socialProviders),
  );

  app.post(apiRoutes.prelogin, perMinute(30), async (request) =>
    account.prelogin(parse(preloginRequestSchema, request.body).email),
  );

  // The body is checked by the service so the page gets SPEC's messages as { success: false, error }.
  app.post(apiRoutes.preliminaryCheck, perHour(preliminaryChecksPerHour), async (request) =>
    account.preliminaryCheck(request.body),
  );

  app.get(apiRoutes.salt, async (request) => account.salt((await requireSession(request)).caller));

  app.put(apiRoutes.keys, perMinute(10), async (request, reply) => {
    const { caller } = await requireSession(request);
    await account.saveKeys(caller, parse(saveKeysRequestSchema, request.body));
    return reply.code(204).send();
  });

  app.get(apiRoutes.keys, async (request) => account.getKeys((await requireSession(request)).caller));

  app.get(apiRoutes.me, async (request) => account.me((await requireSession(request)).caller));

  app.get(apiRoutes.profile, async (request) => account.profile((await requireSession(request)).caller));

  app.patch(apiRoutes.profile, perMinute(30), async (request) =>
    account.updateProfile((await requireSession(request)).caller, parse(profileUpdateSchema, request.body)),
  );

  app.get(apiRoutes.preferences, async (request) =>
    account.preferences((await requireSession(request)).caller),
  );

  app.patch(apiRoutes.preferences, perMinute(30), async (request) =>
    account.updatePreferences(
      (await requireSession(request)).caller,
      parse(preferencesUpdateSchema, request.body),
    ),
  );

  app.put(apiRoutes.recoveryKit, perQuarterHour(10), async (request, reply) => {
    const { caller } = await requireSession(request);
    await security.replaceRecoveryKit(caller, parse(replaceRecoveryKitRequestSchema, request.body));
    return reply.code(204).send();
  });

  // The answer is the same whether or not the new address belongs to another account (better-auth sends no link then).
  app.post(apiRoutes.changeEmail, perQuarterHour(5), async (request, reply) => {
    const { caller } = await requireSession(request);
    await security.requestEmailChange(
      caller,
      parse(changeEmailRequestSchema, request.body),
      async (newEmail) => {
        // The link's origin is PUBLIC_URL (better-auth's baseURL), as for every other mail.
        await auth.api.changeEmail({
          body: { newEmail, callbackURL: "/account/MyInfo" },
          headers: toWebHeaders(request),
        });
      },
    );
    return reply.code(204).send();
  });

  app.post(apiRoutes.recoveryKitSaved, perMinute(10), async (request) =>
    account.markRecoveryKitSaved((await requireSession(request)).caller),
  );

  app.get(apiRoutes.activity, async (request) =>
    account.activityPage((await requireSession(request)).caller, parse(activityQuerySchema, request.query)),
  );

  app.get(apiRoutes.accountExport, perHour(10), async (request, reply) => {
    const data = await account.exportData((await requireSession(request)).caller);
    const day = data.exportedAt.slice(0, 10);
    reply.header("content-disposition", `attachment; filename="heirloom-account-${day}.json"`);
    reply.header("cache-control", "no-store");
    return data;
  });

  app.post(apiRoutes.passwordDate, async (request, reply) => {
    await account.updatePasswordDate((await requireSession(request)).caller);
    return reply.code(204).send();
  });

  app.post(apiRoutes.activity, perMinute(60), async (request, reply) => {
    const { caller } = await requireSession(request);
    await account.logActivity(caller, parse(activityRequestSchema, request.body));
    return reply.code(204).send();
  });

  app.post(apiRoutes.userErrors, perMinute(30), async (request, reply) => {
    const found = await optionalSession(request);
    await account.logUserError(found?.caller.id ?? null, parse(userErrorRequestSchema, request.body));
    return reply.code(204).send();
  });

  app.post(apiRoutes.changePassword, perQuarterHour(10), async (request, reply) => {
    const { caller, sessionId } = await requireSession(request);
    await security.changePassword(caller, sessionId, parse(changePasswordRequestSchema, request.body));
    return reply.code(204).send();
  });

  app.post(apiRoutes.recoveryStart, perQuarterHour(10), async (request) => {
    const input = parse(recoveryStartRequestSchema, request.body);
    return security.startRecovery(input.email, input.recoveryAuthKey);
  });

  app.post(apiRoutes.recoveryComplete, perQuarterHour(10), async (request, reply) => {
    await security.completeRecovery(parse(recoveryCompleteRequestSchema, request.body));
    return reply.code(204).send();
  });

  app.delete(`${apiRoutes.sessions}/:id`, perMinute(30), async (request, reply) => {
    const { caller } = await requireSession(request);
    const { id } = parse(sessionParamsSchema, request.params);
    await revokeSessionById(auth, caller.id, id);
    return reply.code(204).send();
  });

  app.post(apiRoutes.deleteAccount, perQuarterHour(5), async (request, reply) => {
    const { caller } = await requireSession(request);
    await security.deleteAccount(caller, parse(deleteAccountRequestSchema, request.body));
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
    return reply.code(204).send();
  });
}
