import { apiRoutes, storagePaths, storageRoutes } from "@heirloom/contract";
import { type ApiOperation, apiOperations, openApiPath } from "@heirloom/contract/openapi";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { LightMyRequestResponse, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucket, call, upload } from "./storage/storage-harness.ts";
import { Client, originOf, signUp, startTestApp, type TestApp } from "./testing/app-harness.ts";

// The operations table (packages/contract api-operations.ts) against the real app: the same routes, and real answers
// that match the document the app serves at GET /api/openapi.json.

type Json = Record<string, unknown>;
const documentedPrefixes = ["/api/", "/v0/", "/healthz"];
/**
 * Registered routes under those prefixes that have no row of their own. better-auth's handler is one wildcard route;
 * its endpoints are rows of their own (checked against better-auth below). Everything else the server registers
 * (static files, pages, the SPA fallback `*`) is the web app, outside the prefixes.
 */
const coveredByRows = new Set([`GET ${apiRoutes.auth}/*`, `POST ${apiRoutes.auth}/*`]);

/** An onRoute hook that adds "METHOD url" to `routes` (HEAD is Fastify's automatic twin of GET). */
const collectInto = (routes: Set<string>) => (route: RouteOptions) => {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) if (method !== "HEAD") routes.add(`${method} ${route.url}`);
};

describe("the operations table and the app", () => {
  let t: TestApp;
  const registered = new Set<string>();
  let document: Json;
  let ajv: Ajv2020;

  beforeAll(async () => {
    t = await startTestApp("sqlite", {}, { onRoute: collectInto(registered) });
    const res = await t.app.inject({ method: "GET", url: apiRoutes.openapi });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    document = res.json();
    ajv = new Ajv2020({ strict: true, validateFormats: false, allowUnionTypes: true });
    ajv.addVocabulary(["openapi", "info", "tags", "paths", "components"]);
    ajv.addSchema({ ...document, $id: "openapi.json" }, "openapi.json");
  });
  afterAll(async () => {
    await t?.close();
  });

  const key = (operation: ApiOperation) => `${operation.method} ${operation.path}`;
  const underPrefixes = (route: string) =>
    documentedPrefixes.some((prefix) => route.split(" ")[1]?.startsWith(prefix));

  it("has a row for every route the app registers under /api, /v0 and /healthz", () => {
    const rows = new Set(apiOperations.filter((operation) => !operation.betterAuth).map(key));
    const missing = [...registered].filter((route) => underPrefixes(route) && !coveredByRows.has(route));
    expect(missing.filter((route) => !rows.has(route))).toEqual([]);
    expect(registered.size).toBeGreaterThan(40);
  });

  it("leaves out only the dev mailbox when DEV_MAILBOX is off", async () => {
    const routes = new Set<string>();
    const off = await startTestApp("sqlite", { DEV_MAILBOX: "false" }, { onRoute: collectInto(routes) });
    try {
      const missing = apiOperations.filter(
        (operation) => !operation.betterAuth && !routes.has(key(operation)),
      );
      expect(missing.map((operation) => operation.operationId)).toEqual(["getDevMailbox"]);
    } finally {
      await off.close();
    }
  });

  it("registers every row", () => {
    const notRegistered = apiOperations
      .filter((operation) => !operation.betterAuth)
      .filter((operation) => !registered.has(key(operation)))
      .map(key);
    expect(notRegistered).toEqual([]);
    for (const operation of apiOperations.filter((row) => row.betterAuth)) {
      expect(operation.path.startsWith(`${apiRoutes.auth}/`), key(operation)).toBe(true);
      expect(registered.has(`${operation.method} ${apiRoutes.auth}/*`), key(operation)).toBe(true);
    }
  });

  it("documents better-auth endpoints that better-auth really answers, as documented", async () => {
    // An unknown path under /api/auth gets better-auth's bare 404; a documented one never does.
    const unknown = await new Client(t.app).request("POST", `${apiRoutes.auth}/no-such-endpoint`, {});
    expect(unknown.statusCode).toBe(404);
    for (const operation of apiOperations.filter((row) => row.betterAuth)) {
      const url = operation.path.replace(":id", "google");
      const client = new Client(t.app);
      const res = await client.request(operation.method, url, operation.method === "GET" ? undefined : {});
      expect(res.statusCode, `${key(operation)}: ${res.body}`).not.toBe(404);
      // Without a session or a body: better-auth's refusals (or its answers to a visitor) are documented too.
      expectDocumented(operation.method, operation.path, res);
    }
  });

  /** The document's operation for a row, found by method and path. */
  function documented(method: string, fastifyPath: string): Json {
    const item = (document.paths as Record<string, Record<string, Json>>)[openApiPath(fastifyPath)];
    const operation = item?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${fastifyPath} is not in the document`);
    return operation;
  }

  /**
   * A real answer matches the document: its status is listed, its JSON body validates against the listed schema,
   * and an error's code is one of that status's x-error-codes.
   */
  function expectDocumented(method: string, fastifyPath: string, res: LightMyRequestResponse) {
    const operation = documented(method, fastifyPath);
    const where = `${method} ${fastifyPath} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
    const responses = operation.responses as Record<string, Json>;
    const response = responses[String(res.statusCode)];
    expect(response, `${where}: status not documented`).toBeDefined();
    const content = response?.content as Record<string, { schema: { $ref: string } }> | undefined;
    if (!content) {
      expect(res.body, where).toBe("");
      return;
    }
    const ref = content["application/json"]?.schema.$ref ?? "";
    const validate = ajv.getSchema(`openapi.json${ref}`);
    if (!validate) throw new Error(`${where}: no schema at ${ref}`);
    const body = res.json();
    expect(validate(body), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
    const codes = response?.["x-error-codes"] as string[] | undefined;
    if (codes) expect(codes, where).toContain((body as { error: { code: string } }).error.code);
  }

  it("answers the profile calls as documented, for a signed-in user and for a visitor", async () => {
    const { client } = await signUp(t.app, { name: "grace hopper" });
    const visitor = new Client(t.app);
    const calls: [method: "GET" | "POST" | "PATCH", path: string, body?: unknown][] = [
      ["GET", apiRoutes.me],
      ["GET", apiRoutes.profile],
      [
        "PATCH",
        apiRoutes.profile,
        { dateOfBirth: { dobDay: "9", dobMonth: "12", dobYear: "1956" }, zipCode: "10001", DarkMode: "dark" },
      ],
      ["POST", apiRoutes.passwordDate, {}],
      ["GET", apiRoutes.preferences],
      ["PATCH", apiRoutes.preferences, { timeZone: "Europe/London", landingPage: "/app/MyData" }],
      ["POST", apiRoutes.recoveryKitSaved, {}],
      [
        "POST",
        apiRoutes.activity,
        { action: "document-view", device: "Chrome on a computer", operating: "Linux" },
      ],
      ["GET", `${apiRoutes.activity}?limit=5`],
      ["GET", apiRoutes.notifications],
      ["GET", apiRoutes.notificationsUnread],
      ["POST", apiRoutes.notificationsRead, { all: true }],
      ["GET", apiRoutes.accountExport],
      ["GET", apiRoutes.salt],
      ["GET", apiRoutes.keys],
      ["GET", apiRoutes.phone],
    ];
    for (const [method, url, body] of calls) {
      const path = url.split("?")[0] ?? url;
      const res = await client.request(method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      expectDocumented(method, path, res);
      const refused = await visitor.request(method, url, body);
      expect(refused.statusCode, `${method} ${url} as a visitor`).toBe(401);
      expectDocumented(method, path, refused);
    }
    // getuserde: exactly SPEC's fields, as saved; one field more or less would not match the document.
    const profile = (await client.get(apiRoutes.profile)).json();
    expect(profile).toMatchObject({ dobDay: "09", dobMonth: "12", dobYear: "1956", zipCode: "10001" });
    const profileSchema = ajv.getSchema("openapi.json#/components/schemas/Profile");
    expect(profileSchema?.({ ...profile, email: "grace@example.com" })).toBe(false);
    const { lastLogin: _lastLogin, ...withoutOne } = profile;
    expect(profileSchema?.(withoutOne)).toBe(false);
  });

  it("answers bad bodies and queries of the profile calls with the documented error", async () => {
    const { client } = await signUp(t.app);
    const bad: [method: "GET" | "POST" | "PATCH", url: string, body?: unknown][] = [
      ["PATCH", apiRoutes.profile, { dateOfBirth: { dobDay: "31", dobMonth: "2", dobYear: "1980" } }],
      ["PATCH", apiRoutes.profile, { ar: "not editable" }],
      ["PATCH", apiRoutes.profile, {}],
      ["PATCH", apiRoutes.preferences, { landingPage: "/elsewhere" }],
      ["POST", apiRoutes.activity, { action: "" }],
      ["GET", `${apiRoutes.activity}?limit=0`],
      ["GET", `${apiRoutes.notifications}?cursor=not-a-cursor`],
      ["POST", apiRoutes.notificationsRead, { ids: [] }],
    ];
    for (const [method, url, body] of bad) {
      const res = await client.request(method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
      expectDocumented(method, url.split("?")[0] ?? url, res);
    }
    // Not JSON at all, and JSON of the wrong type.
    const notJson = await client.request("PATCH", apiRoutes.profile, undefined, {
      "content-type": "application/json",
    });
    expect(notJson.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: "PATCH",
      url: apiRoutes.profile,
      headers: {
        cookie: client.cookieHeader(),
        origin: originOf(t.app),
        "content-type": "application/json",
      },
      payload: "{not json",
    });
    expectDocumented("PATCH", apiRoutes.profile, malformed);
    const text = await t.app.inject({
      method: "PATCH",
      url: apiRoutes.profile,
      headers: {
        cookie: client.cookieHeader(),
        origin: originOf(t.app),
        "content-type": "application/xml",
      },
      payload: "<DarkMode>dark</DarkMode>",
    });
    expect(text.statusCode).toBe(415);
    expectDocumented("PATCH", apiRoutes.profile, text);
  });

  it("answers the public calls and the storage usage as documented", async () => {
    const visitor = new Client(t.app);
    expectDocumented("GET", apiRoutes.health, await visitor.get(apiRoutes.health));
    expectDocumented("GET", apiRoutes.socialProviders, await visitor.get(apiRoutes.socialProviders));
    expectDocumented("GET", apiRoutes.openapi, await visitor.get(apiRoutes.openapi));
    const prelogin = await visitor.post(apiRoutes.prelogin, { email: "someone@example.com" });
    expectDocumented("POST", apiRoutes.prelogin, prelogin);
    const check = await visitor.post(apiRoutes.preliminaryCheck, {
      email: "x",
      name: "",
      accType: "individual",
    });
    expectDocumented("POST", apiRoutes.preliminaryCheck, check);
    const { client } = await signUp(t.app);
    expectDocumented("GET", apiRoutes.storageUsage, await client.get(apiRoutes.storageUsage));
    expectDocumented("GET", apiRoutes.storageUsage, await visitor.get(apiRoutes.storageUsage));
  });

  it("answers the legacy calls as documented, refusals included", async () => {
    const owner = await signUp(t.app, { name: "olive owner" });
    const contactEmail = `legacy.${Date.now()}@example.com`;
    const contact = await signUp(t.app, { email: contactEmail });
    const visitor = new Client(t.app);
    const details = "v1.c2VhbGVkLWl2:c2VhbGVkLWRldGFpbHM=";
    const contacts = apiRoutes.legacyContacts;
    const check = async (
      client: Client,
      method: "GET" | "POST" | "PATCH" | "DELETE",
      path: string,
      url: string,
      body?: unknown,
    ) => {
      const res = await client.request(method, url, body);
      expectDocumented(method, path, res);
      return res;
    };

    const invited = await check(owner.client, "POST", contacts, contacts, { email: contactEmail, details });
    expect(invited.statusCode).toBe(201);
    const id = (invited.json() as { id: string }).id;
    await check(owner.client, "POST", contacts, contacts, { email: contactEmail, details }); // 409
    await check(owner.client, "POST", contacts, contacts, { email: owner.email, details }); // 400
    await check(visitor, "POST", contacts, contacts, { email: contactEmail, details }); // 401
    const [mail] = await t.mailTo(contactEmail);
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    const view = apiRoutes.legacyInvitation;
    expect((await check(visitor, "POST", view, view, { token })).statusCode).toBe(200);
    await check(visitor, "POST", view, view, { token: "unknown" }); // 404
    const accept = apiRoutes.legacyInvitationAccept;
    await check(owner.client, "POST", accept, accept, { token }); // 403
    expect((await check(contact.client, "POST", accept, accept, { token })).statusCode).toBe(200);
    const decline = apiRoutes.legacyInvitationDecline;
    await check(visitor, "POST", decline, decline, { token }); // 409
    expect((await check(owner.client, "GET", contacts, contacts)).statusCode).toBe(200);
    const one = `${contacts}/:id`;
    await check(owner.client, "PATCH", one, `${contacts}/${id}`, { details });
    await check(owner.client, "PATCH", one, `${contacts}/${crypto.randomUUID()}`, { details }); // 404
    await check(owner.client, "POST", `${one}/resend`, `${contacts}/${id}/resend`); // 409
    const confirm = { fingerprintHex: "a".repeat(64), signature: "c2ln" };
    await check(owner.client, "POST", `${one}/confirm`, `${contacts}/${id}/confirm`, confirm); // 409
    const namedMe = apiRoutes.legacyNamedMe;
    expect((await check(contact.client, "GET", namedMe, namedMe)).statusCode).toBe(200);
    await check(visitor, "GET", namedMe, namedMe); // 401
    await check(contact.client, "DELETE", `${namedMe}/:id`, `${namedMe}/${id}`);
    await check(owner.client, "DELETE", `${namedMe}/:id`, `${namedMe}/${id}`); // 404
    await check(owner.client, "DELETE", one, `${contacts}/${id}`);
    await check(owner.client, "DELETE", one, `${contacts}/not-an-id`); // 404
  });

  it("answers the storage API as documented", async () => {
    const { client, userId } = await signUp(t.app);
    const fullPath = `${storagePaths.document(userId, "doc-1")}v1/header`;
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const objects = storageRoutes.objectsPattern;
    const object = storageRoutes.objectPattern;
    expectDocumented("POST", objects, await upload(t.app, client, fullPath, bytes, { size: bytes.length }));
    expectDocumented("POST", objects, await upload(t.app, undefined, fullPath, bytes));
    expectDocumented("GET", object, await call(t.app, client, "GET", storageRoutes.object(bucket, fullPath)));
    const list = `${storageRoutes.objects(bucket)}?prefix=${encodeURIComponent(storagePaths.userRoot(userId))}`;
    expectDocumented("GET", objects, await call(t.app, client, "GET", list));
    expectDocumented("GET", objects, await call(t.app, client, "GET", `${list}&maxResults=0`));
    const elsewhere = storageRoutes.object(bucket, "users/someone-else/x");
    expectDocumented("GET", object, await call(t.app, client, "GET", elsewhere));
    expectDocumented(
      "GET",
      object,
      await call(t.app, client, "GET", storageRoutes.object("other", fullPath)),
    );
    expectDocumented(
      "DELETE",
      object,
      await call(t.app, client, "DELETE", storageRoutes.object(bucket, fullPath)),
    );
    expectDocumented(
      "DELETE",
      object,
      await call(t.app, client, "DELETE", storageRoutes.object(bucket, fullPath)),
    );
  });
});
