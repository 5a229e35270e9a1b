import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import { apiRoutes, errorStatus } from "@heirloom/contract";
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from "fastify";
import type { ServerBuild } from "react-router";
import { createAuth } from "./auth/auth.ts";
import { hashDerivedKey, verifyDerivedKey } from "./auth/key-hash.ts";
import { createDeviceCookies, createEmailHasher, createLockout } from "./auth/lockout.ts";
import { createSessionCache } from "./auth/session-cache.ts";
import { createBackgroundTasks } from "./background-tasks.ts";
import { createBlobStore } from "./blobs/index.ts";
import type { AppConfig } from "./config.ts";
import { migrateToLatest, openDatabase } from "./db/database.ts";
import { createAccountKeysRepo } from "./db/repos/account-keys.repo.ts";
import { createActivityRepo } from "./db/repos/activity.repo.ts";
import { createArticlesRepo } from "./db/repos/articles.repo.ts";
import { createAuthAttemptsRepo } from "./db/repos/auth-attempts.repo.ts";
import { createContactRepo } from "./db/repos/contact.repo.ts";
import { createLegacyContactsRepo } from "./db/repos/legacy-contacts.repo.ts";
import { createLegacyEngineRepo } from "./db/repos/legacy-engine.repo.ts";
import { createLegacyPlansRepo } from "./db/repos/legacy-plans.repo.ts";
import { createNotificationsRepo } from "./db/repos/notifications.repo.ts";
import { createPageViewsRepo } from "./db/repos/page-views.repo.ts";
import { createPhoneNumbersRepo } from "./db/repos/phone-numbers.repo.ts";
import { createProfilesRepo } from "./db/repos/profiles.repo.ts";
import { createTotpStepsRepo } from "./db/repos/totp-steps.repo.ts";
import { createUserDataRepo } from "./db/repos/user-data.repo.ts";
import { createUserErrorsRepo } from "./db/repos/user-errors.repo.ts";
import { createUsersRepo } from "./db/repos/users.repo.ts";
import { tableWrites } from "./db/table-writes.ts";
import { errorBody, genericMessages, toErrorResponse } from "./errors.ts";
import { createLegacySweep, type LegacySweep, sweepBatchSize, sweepLanes } from "./jobs/legacy-sweep.ts";
import type { Mailer } from "./mail/mailer.ts";
import { createOutboxMailer } from "./mail/outbox-mailer.ts";
import { ownOrigins } from "./own-origin.ts";
import { registerAccountRoutes } from "./routes/account.routes.ts";
import { registerAdminRoutes } from "./routes/admin.routes.ts";
import { registerAuthRoutes } from "./routes/auth.routes.ts";
import { registerContactRoutes } from "./routes/contact.routes.ts";
import { registerDevMailboxRoutes } from "./routes/dev-mailbox.routes.ts";
import { registerHealthRoutes } from "./routes/health.routes.ts";
import { registerLegacyPlanRoutes, registerLegacyRoutes } from "./routes/legacy.routes.ts";
import { registerLegacyEngineRoutes } from "./routes/legacy-engine.routes.ts";
import { registerNotificationsRoutes } from "./routes/notifications.routes.ts";
import { registerOpenApiRoutes } from "./routes/openapi.routes.ts";
import { operationRoutes } from "./routes/operation-route.ts";
import { registerPageViewRoutes } from "./routes/page-views.routes.ts";
import { registerPhoneRoutes } from "./routes/phone.routes.ts";
import { defaultBodyDeadline, registerRequestHygiene, sendClientError } from "./routes/request-hygiene.ts";
import { createSessions, registerSessionCacheHooks, type SessionFound } from "./routes/session.ts";
import { registerTestClockRoutes } from "./routes/test-clock.routes.ts";
import { loadServerSecret } from "./server-secret.ts";
import { createAccountService } from "./services/account.service.ts";
import { createAccountSecurityService } from "./services/account-security.service.ts";
import { createActivityLog } from "./services/activity.service.ts";
import { isAdmin } from "./services/admins.ts";
import { createArticlesService } from "./services/articles.service.ts";
import { createArticlesAdminService } from "./services/articles-admin.service.ts";
import { adjustableClock, systemClock } from "./services/clock.ts";
import { createContactService } from "./services/contact.service.ts";
import { createFakeSalter } from "./services/fake-salt.ts";
import { createIpHasher } from "./services/ip-hash.ts";
import { createLegacyContactsService } from "./services/legacy-contacts.service.ts";
import { createLegacyEngineService } from "./services/legacy-engine.service.ts";
import { createLegacyPlansService } from "./services/legacy-plans.service.ts";
import { createNotificationsService } from "./services/notifications.service.ts";
import { createOneClickLinks } from "./services/one-click-links.ts";
import { createPageViewsService } from "./services/page-views.service.ts";
import { createPhoneService } from "./services/phone.service.ts";
import { createMd5Thread } from "./storage/md5-thread.ts";
import { storageTierOf } from "./storage/quotas.ts";
import { registerStorageRoutes } from "./storage/storage.routes.ts";
import { createStorageService } from "./storage/storage.service.ts";
import { createStorageObjectsRepo } from "./storage/storage-objects.repo.ts";
import { createOutboxTextSender } from "./text/outbox-text-sender.ts";
import { createPageCache } from "./web/page-cache.ts";
import { registerSecurityHeaders } from "./web/security-headers-hook.ts";
import { loadWebBuild, registerWebRoutes, webBuildEntry } from "./web/ssr.ts";

export interface BuildOptions {
  /** Per-IP limits of the auth endpoints (tests that sign in many times from one address raise them). */
  authLimits?: Parameters<typeof createAuth>[0]["limits"];
  /** Sees every route as it is registered (the OpenAPI test compares them with the operations table). */
  onRoute?: (route: RouteOptions) => void;
  /** How long a request body may take to arrive (tests shorten it). */
  bodyDeadline?: typeof defaultBodyDeadline;
  /** Receives a way to wait for work sent to the background (mail), so a test can look at what it did. */
  onBackground?: (settled: () => Promise<void>) => void;
  /** Receives the legacy sweep (`npm run sweep` runs one pass of it). */
  onSweep?: (sweep: LegacySweep) => void;
  /** Where log lines go (tests read them); standard output when absent. */
  logStream?: { write(line: string): void };
  /**
   * How long a session check's answer is kept (auth/session-cache.ts, ADR 042); 0 keeps none (a test that changes
   * the database behind the server's back, as another server would).
   */
  sessionCacheMs?: number;
}

/** How long a session check's answer is kept on one server (ADR 042). */
export const sessionCacheMs = 5_000;

/** How long after it is ready a server with no page asked for yet loads the render build anyway (ADR 051). */
const renderBuildDelayMs = 1_000;

/** Builds the whole server from a parsed config. Nothing here reads process.env. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Secrets never reach logs: cookies and auth headers are redacted, bodies are not logged at all.
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // A hop count n trusts the nearest n proxies: the client is the address the nth appended (proxy-addr's rule).
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // A connection that sends nothing for a minute is closed, and no request may take longer than 20 minutes to
    // arrive; routes/request-hygiene.ts cuts bodies that trickle in far sooner than that.
    connectionTimeout: 60_000,
    requestTimeout: 20 * 60_000,
    // Malformed HTTP framing gets the same error body and security headers as every other answer.
    clientErrorHandler: sendClientError,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 64 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // A URL the router cannot decode (a malformed %-escape) gets our error body, not Fastify's; under the storage
    // API it is storage/invalid-argument, as an object path with the same fault would be.
    frameworkErrors: (error, request, reply) => {
      const storage = request.url.toLowerCase().startsWith(apiRoutes.storage);
      const code = storage ? "storage/invalid-argument" : "validation_failed";
      const message =
        error.code === "FST_ERR_BAD_URL" ? "The URL is not correctly encoded." : genericMessages[code];
      return (reply as FastifyReply).code(errorStatus[code]).send(errorBody(code, message, request.id));
    },
  });

  if (options.onRoute) app.addHook("onRoute", options.onRoute);

  // [Note: The session cache] Every write to better-auth's session and user tables on this server empties it.
  const sessionCache = createSessionCache<SessionFound>({ ttlMs: options.sessionCacheMs ?? sessionCacheMs });
  const database = await openDatabase(config.databaseUrl, {
    onPoolError: (error) => app.log.error({ reason: error.message }, "database: idle connection failed"),
    plugins: [tableWrites(["session", "user"], () => sessionCache.changed())],
  });
  app.addHook("onClose", () => database.close());
  await migrateToLatest(database);
  const blobs = await createBlobStore(config.blobStore);
  app.addHook("onClose", () => blobs.close());
  // Temporary files of writes a killed server left behind: nothing of this process is in flight yet.
  const leftovers = await blobs.removeLeftovers(new Date());
  if (leftovers)
    app.log.info({ files: leftovers }, "storage: removed temporary files left by an interrupted run");

  // Time as the legacy services (and the notifications they write) read it. TEST_CLOCK (tests only; config.ts
  // refuses it with a public origin) lets a journey move it forward through POST /api/test/clock. Sign-in, sessions
  // and throttles keep real time, as better-auth does.
  const testClock = config.testClock ? adjustableClock() : undefined;
  const clock = testClock ?? systemClock;
  if (testClock)
    app.log.warn("TEST_CLOCK is on: time can be moved through POST /api/test/clock; never in production");
  const serverSecret = loadServerSecret(config.secretKey, config.dataDir);
  const articlesRepo = createArticlesRepo(database.db);
  const articles = createArticlesService({ repo: articlesRepo });
  const contact = createContactService({
    repo: createContactRepo(database.db),
    clock: systemClock,
    hashIp: createIpHasher(serverSecret),
  });

  // nodemailer is loaded only by a server that sends through SMTP (a restart answers sooner without it: issue 16).
  const mailer: Mailer = config.mail.smtpUrl
    ? (await import("./mail/smtp-mailer.ts")).createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createOutboxMailer(config.mail.outboxDir);
  app.addHook("onClose", () => mailer.close());
  const background = createBackgroundTasks((error) =>
    app.log.error(
      { reason: error instanceof Error ? error.message : String(error) },
      "background task failed",
    ),
  );
  // Mail still being sent goes out before the mailer closes.
  app.addHook("preClose", () => background.settled());
  options.onBackground?.(() => background.settled());
  if (config.publicUrlIsDefault)
    app.log.warn(
      { publicUrl: config.publicUrl },
      "PUBLIC_URL is not set: links in mail point to this machine; set it to the address people open",
    );
  const db = database.db;
  const profiles = createProfilesRepo(db);
  // better-auth's own tables hold Date values on PostgreSQL and ISO text on SQLite; the repos writing them know which.
  const authUsesDates = database.dialect === "postgres";
  const accountKeys = createAccountKeysRepo(db, authUsesDates);
  const users = createUsersRepo(db, authUsesDates);
  const attempts = createAuthAttemptsRepo(db);
  const hashEmail = createEmailHasher(serverSecret);
  const userData = createUserDataRepo(db);
  const notifications = createNotificationsService({
    repo: createNotificationsRepo(db, database.dialect),
    clock,
  });
  const activityRepo = createActivityRepo(db);
  const activityLog = createActivityLog({ activity: activityRepo, profiles, clock: systemClock });
  const recordActivity = activityLog.record;
  // No SMS provider yet: texts go to DATA_DIR/text-outbox (text/text-sender.ts is where a real one plugs in).
  const texts = createOutboxTextSender(path.join(config.dataDir, "text-outbox"));
  app.addHook("onClose", () => texts.close());
  const phone = createPhoneService({
    repo: createPhoneNumbersRepo(db),
    profiles,
    texts,
    secret: serverSecret,
    clock: systemClock,
    onVerified: (userId, number) => notifications.notify(userId, "phone-verified", number),
  });
  const legacyContactsRepo = createLegacyContactsRepo(db);
  const storageObjects = createStorageObjectsRepo(db);
  const legacy = createLegacyContactsService({
    repo: legacyContactsRepo,
    keys: accountKeys,
    mailer,
    runInBackground: (work) => background.run(work),
    notify: (userId, kind, detail) => notifications.notify(userId, kind, detail),
    recordActivity,
    clock,
    publicUrl: config.publicUrl,
    onRoleEnded: (contact) => legacyPlans.onRoleEnded(contact),
  });
  const legacyPlans = createLegacyPlansService({
    repo: createLegacyPlansRepo(db),
    contacts: legacyContactsRepo,
    documentExists: (ownerId, documentId) => storageObjects.documentExists(ownerId, documentId),
    documentObjects: async (ownerId, documentId) => {
      const prefix = `users/${ownerId}/documents/${documentId}/`;
      const objects = await storageObjects.list(config.storage.bucket, prefix, undefined, 100_000);
      return objects
        .filter((o) =>
          /^v[1-9][0-9]*\/(header|manifest|chunks\/[0-9]{8})$/.test(o.fullPath.slice(prefix.length)),
        )
        .map((o) => ({ path: o.fullPath, size: Number(o.size) }));
    },
    signingKeyOf: async (userId) => (await accountKeys.find(userId))?.blobs.signingPublicKeyPem ?? null,
    publicKeyOf: async (userId) => (await accountKeys.find(userId))?.blobs.publicKeyPem ?? null,
    ownerName: async (userId) => (await users.findById(userId))?.name ?? "Someone",
    historyOf: (planId) => engineRepo.events(planId),
    onPlanChanged: (ownerId, planId, change) => legacyEngine.planChanged(ownerId, planId, change),
    mailer,
    runInBackground: (work) => background.run(work),
    notify: (userId, kind, detail) => notifications.notify(userId, kind, detail),
    recordActivity,
    clock,
    publicUrl: config.publicUrl,
  });
  const engineRepo = createLegacyEngineRepo(db, database.dialect);
  const legacyEngine = createLegacyEngineService({
    repo: engineRepo,
    plans: createLegacyPlansRepo(db),
    contacts: legacyContactsRepo,
    sendText: async (userId, body) => {
      const profile = await profiles.find(userId);
      const number = profile?.textToggle ? await phone.verifiedNumber(userId) : null;
      if (number) await texts.send({ to: number, body });
    },
    announceRelease: (ownerId, planId) => legacyPlans.announceRelease(ownerId, planId),
    mailer,
    runInBackground: (work) => background.run(work),
    notify: (userId, kind, detail) => notifications.notify(userId, kind, detail),
    clock,
    publicUrl: config.publicUrl,
    links: createOneClickLinks(serverSecret),
  });
  const sweep = createLegacySweep({
    repo: engineRepo,
    engine: legacyEngine,
    clock,
    lanes: sweepLanes(database.dialect),
    batchSize: sweepBatchSize(database.dialect),
    onError: (error, what) =>
      app.log.error(
        { reason: error instanceof Error ? error.message : String(error), what },
        "legacy sweep failed",
      ),
  });
  // The first pass waits until the server listens: work that can wait does not delay the start.
  app.addHook("onListen", async () => sweep.start(config.sweepIntervalMs));
  app.addHook("preClose", () => sweep.stop());
  options.onSweep?.(sweep);
  const { auth, verifyTotp } = createAuth({
    database,
    config,
    serverSecret,
    mailer,
    profiles,
    accountKeys,
    totpSteps: createTotpStepsRepo(db),
    lockout: createLockout({ repo: attempts, hashSubject: hashEmail, clock: systemClock, kind: "sign-in" }),
    deviceLockout: createLockout({
      repo: attempts,
      hashSubject: (subject) => subject,
      clock: systemClock,
      kind: "device",
    }),
    devices: createDeviceCookies(serverSecret, hashEmail),
    runInBackground: (work) => background.run(work),
    clock: systemClock,
    ...(options.authLimits ? { limits: options.authLimits } : {}),
    events: {
      async sessionCreated(userId, userAgent) {
        await recordActivity(userId, "login", userAgent);
        if (await notifications.sessionCreated(userId, userAgent))
          await recordActivity(userId, "new-device", userAgent);
        // Any sign-in is a check-in.
        await legacyEngine.checkIn(userId);
      },
      async twoFactorChanged(userId, enabled, userAgent) {
        await notifications.notify(userId, enabled ? "two-factor-enabled" : "two-factor-disabled");
        await recordActivity(userId, enabled ? "two-factor-enable" : "two-factor-disable", userAgent);
      },
      signedOut: (userId, userAgent) => recordActivity(userId, "logout", userAgent),
      emailVerified: (userId, change, userAgent) =>
        recordActivity(userId, change ? "email-change" : "email-verified", userAgent),
    },
  });
  const account = createAccountService({
    users,
    profiles,
    keys: accountKeys,
    activity: activityRepo,
    userErrors: createUserErrorsRepo(db),
    fakeSalt: createFakeSalter(serverSecret),
    hashKey: hashDerivedKey,
    clock: systemClock,
    isAdmin: (user) => isAdmin(config.adminEmails, user),
    userData,
    hasVerifiedPhone: (userId) => phone.isVerified(userId),
    onKeysWritten: (userId) => legacy.onContactKeyChanged(userId),
    onCheckInIntervalChanged: (userId) => legacyEngine.checkIn(userId),
    recordActivity,
  });
  const security = createAccountSecurityService({
    users,
    keys: accountKeys,
    userData,
    blobs,
    hashKey: hashDerivedKey,
    verifyKey: verifyDerivedKey,
    verifyTotp,
    recoveryLockout: createLockout({
      repo: attempts,
      hashSubject: hashEmail,
      clock: systemClock,
      kind: "recovery",
    }),
    hashEmail,
    clock: systemClock,
    notify: (userId, kind) => notifications.notify(userId, kind),
    recordActivity,
    onKeysWritten: (userId) => legacy.onContactKeyChanged(userId),
  });

  // Hooks that do not wait for anything take Fastify's callback form: an async hook costs every request a promise.
  // The security headers and the request id come first, so an answer refused by a later hook carries them too.
  registerSecurityHeaders(app, config.env);
  registerSessionCacheHooks(app, sessionCache);
  const sessions = createSessions(auth, sessionCache);
  const origins = ownOrigins(config);
  registerRequestHygiene(app, {
    origins,
    bodyDeadline: options.bodyDeadline ?? defaultBodyDeadline,
    largestBodyBytes: config.storage.maxObjectBytes,
  });

  // What is compressed per response: a page rendered for one request, at a quick brotli level. The API's JSON has its
  // own levels (routes/api-compression.ts), kept pages come compressed once (ADR 044), built assets precompressed.
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      ...errorBody("rate_limited", `Too many requests. Please try again in ${context.after}.`, request.id),
    }),
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, body, internal } = toErrorResponse(error, request.id);
    if (internal) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: body.error.code }, "request refused");
    if (body.error.retryAfterSeconds) reply.header("retry-after", String(body.error.retryAfterSeconds));
    return reply.code(status).header("cache-control", "no-store").send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(errorBody("not_found", `No API route for ${request.method} ${request.url}.`, request.id)),
  );

  // Our routes under /api and /healthz, each from its row of the operations table (routes/operation-route.ts).
  const route = operationRoutes(app, { sessions, adminEmails: config.adminEmails });
  registerHealthRoutes(route, { database, blobs });
  registerOpenApiRoutes(route);
  registerContactRoutes(route, { contact, perHour: config.rateLimits.contactPerHour });
  await registerAuthRoutes(app, { auth, publicUrl: config.publicUrl });
  registerAccountRoutes(route, {
    auth,
    account,
    security,
    socialProviders: config.social.map((provider) => provider.id),
  });
  registerPhoneRoutes(route, { phone });
  registerNotificationsRoutes(route, { notifications });
  registerLegacyRoutes(route, { legacy });
  registerLegacyPlanRoutes(route, { plans: legacyPlans });
  registerLegacyEngineRoutes(route, { engine: legacyEngine });
  if (testClock) registerTestClockRoutes(app, { clock: testClock, sweep });
  registerPageViewRoutes(route, {
    pageViews: createPageViewsService({ repo: createPageViewsRepo(db), clock: systemClock }),
  });
  // Rendered pages kept for a minute (ADR 044); an article written here drops them at once.
  const pages = createPageCache({ maxEntries: 500, ttlMs: 60_000 });
  registerAdminRoutes(route, {
    articlesAdmin: createArticlesAdminService({
      repo: articlesRepo,
      clock: systemClock,
      onChange: () => pages.clear(),
    }),
  });

  // Storage API (storage/, ADR 024). Uploads' MD5 is worked out on a thread of its own (ADR 072).
  const uploadsMd5 = createMd5Thread();
  app.addHook("onClose", () => uploadsMd5.close());
  const storage = createStorageService({
    repo: storageObjects,
    blobs,
    clock: systemClock,
    tierOf: async (userId) => storageTierOf((await profiles.find(userId))?.accountTier),
    recipients: legacyPlans,
    config: config.storage,
    onOrphanBlob: (key, error) =>
      app.log.warn(
        { key, reason: error instanceof Error ? error.message : String(error) },
        "storage: blob left behind",
      ),
    recordActivity,
    md5: uploadsMd5,
  });
  await registerStorageRoutes(app, { sessions, storage, origins });
  if (config.mail.devMailbox !== "off")
    registerDevMailboxRoutes(route, { outboxDir: config.mail.outboxDir, mode: config.mail.devMailbox });

  if (config.env === "development") {
    const { registerDevWebRoutes } = await import("./web/dev-server.ts");
    await registerDevWebRoutes(app, { webRoot: path.dirname(config.webBuildDir), services: { articles } });
    return app;
  }
  // The render build is imported at the first page request, or a while after the server is ready if no page was
  // asked for by then; never before it listens. Importing it holds the event loop for a quarter of a second, so a
  // cold start answers /healthz and the API without waiting for it, and only the first page does (ADR 051). A
  // missing build still stops the boot here.
  webBuildEntry(config.webBuildDir);
  let loading: Promise<ServerBuild> | undefined;
  const build = () => {
    if (!loading) {
      loading = loadWebBuild(config.webBuildDir);
      loading.catch((error: unknown) => app.log.error({ err: error }, "the web build could not be loaded"));
    }
    return loading;
  };
  let loadLater: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    loadLater = setTimeout(() => void build().catch(() => {}), renderBuildDelayMs).unref();
  });
  // A server closed within that second (a test's) does not load it afterwards.
  app.addHook("onClose", async () => clearTimeout(loadLater));
  // The built assets under one wildcard route, looked up on disk per request; the few files beside them (the icon,
  // robots.txt) each under a route of their own. (One route per file, as `wildcard: false` registers them, was a
  // tenth of a cold start: ADR 051.)
  const client = path.join(config.webBuildDir, "client");
  const assets = path.join(client, "assets");
  await app.register(fastifyStatic, {
    root: assets,
    prefix: "/assets/",
    wildcard: true,
    index: false,
    cacheControl: false, // set below, per file
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed asset names never change content, so browsers may keep them for a year.
      const immutable = filePath.startsWith(assets + path.sep);
      res.setHeader(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
  for (const entry of readdirSync(client, { withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    app.get(`/${entry.name}`, (_request, reply) => reply.sendFile(entry.name, client));
  }
  registerWebRoutes(app, {
    build,
    mode: "production",
    services: { articles },
    pages,
  });

  return app;
}
