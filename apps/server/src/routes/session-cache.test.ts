import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import {
  type Client,
  engines,
  randomKey,
  randomSaltHex,
  sampleBlobs,
  signIn,
  signUp,
  startTestApp,
  type TestApp,
  testSecret,
} from "../testing/app-harness.ts";

// Session checks are kept for a few seconds (auth/session-cache.ts, ADR 042). Whatever ends a session or changes its
// user on this server takes effect on the very next request, even when that session's answer was just kept.

describe.each(engines())("the session cache on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A signed-in client whose session answer the server has just kept. */
  const warmed = async (client: Client) => {
    for (let i = 0; i < 2; i++) expect((await client.get("/api/account/me")).statusCode).toBe(200);
    return client;
  };

  it("signing out refuses the old cookie at once", async () => {
    const user = await signUp(t.app);
    await warmed(user.client);
    const old = user.client.cookieHeader();
    expect((await user.client.post("/api/auth/sign-out")).statusCode).toBe(200);
    const res = await t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie: old } });
    expect([res.statusCode, res.json().error.code]).toEqual([401, "unauthenticated"]);
  });

  it("a session revoked by id, and other sessions ended by a password change, are refused at once", async () => {
    const user = await signUp(t.app);
    const other = await warmed((await signIn(t.app, user.email, user.authKey)).client);
    const otherId = (await other.get("/api/auth/get-session")).json().session.id;
    expect((await user.client.request("DELETE", `/api/account/sessions/${otherId}`)).statusCode).toBe(204);
    expect((await other.get("/api/account/me")).statusCode).toBe(401);

    const third = await warmed((await signIn(t.app, user.email, user.authKey)).client);
    const { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey } = sampleBlobs();
    const changed = await user.client.post("/api/account/password", {
      currentAuthKey: user.authKey,
      newAuthKey: randomKey(),
      newSaltHex: randomSaltHex(),
      blobs: { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey },
    });
    expect(changed.statusCode).toBe(204);
    expect((await third.get("/api/account/me")).statusCode).toBe(401);
    expect((await user.client.get("/api/account/me")).statusCode).toBe(200);
  });

  it("a deleted account's cookie is refused at once, and a new name shows at once", async () => {
    const user = await signUp(t.app);
    const other = await warmed((await signIn(t.app, user.email, user.authKey)).client);
    expect((await user.client.patch("/api/account/profile", { name: "grace hopper" })).statusCode).toBe(200);
    expect((await other.get("/api/account/me")).json().name).toBe("grace hopper");
    const deleted = await user.client.post("/api/account/delete", {
      currentAuthKey: user.authKey,
      confirmation: "DELETE",
    });
    expect(deleted.statusCode).toBe(204);
    expect((await other.get("/api/account/me")).statusCode).toBe(401);
  });

  it("a session ended by another server is refused here once the cache time has passed", async () => {
    const cacheMs = 300;
    const config = loadConfig({
      DATA_DIR: t.dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: t.databaseUrl,
      SECRET_KEY: testSecret,
    });
    const here = await buildApp(config, { sessionCacheMs: cacheMs });
    try {
      const user = await signUp(t.app);
      const cookie = user.client.cookieHeader();
      const me = () => here.inject({ method: "GET", url: "/api/account/me", headers: { cookie } });
      expect((await me()).statusCode).toBe(200);
      expect((await user.client.post("/api/auth/sign-out")).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, cacheMs + 50));
      expect((await me()).statusCode).toBe(401);
    } finally {
      await here.close();
    }
  });
});
