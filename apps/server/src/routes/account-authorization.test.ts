import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  engines,
  originOf,
  randomKey,
  randomSaltHex,
  sampleBlobs,
  sampleRecovery,
  signIn,
  signUp,
  startTestApp,
  type TestApp,
} from "../testing/app-harness.ts";

/** Every /api/account route that acts for the signed-in user, with a valid body. */
const sessionRoutes = (): [method: "GET" | "POST" | "PUT", url: string, body?: unknown][] => [
  ["GET", "/api/account/salt"],
  ["GET", "/api/account/keys"],
  [
    "PUT",
    "/api/account/keys",
    {
      saltHex: randomSaltHex(),
      blobs: sampleBlobs(),
      recovery: sampleRecovery(),
      recoveryAuthKey: randomKey(),
    },
  ],
  ["GET", "/api/account/me"],
  ["GET", "/api/account/profile"],
  ["POST", "/api/account/password-date", {}],
  ["POST", "/api/account/activity", { action: "document-view", device: "d", operating: "o" }],
  [
    "POST",
    "/api/account/password",
    {
      currentAuthKey: randomKey(),
      newAuthKey: randomKey(),
      newSaltHex: randomSaltHex(),
      blobs: {
        ownerEncryptedDek: sampleBlobs().ownerEncryptedDek,
        encryptedPrivateKey: sampleBlobs().encryptedPrivateKey,
        encryptedSigningPrivateKey: sampleBlobs().encryptedSigningPrivateKey,
      },
    },
  ],
  ["POST", "/api/account/delete", { currentAuthKey: randomKey(), confirmation: "DELETE" }],
];

describe.each(engines())("account authorization on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // The session below is expired behind the server's back, as another server would: no kept session answers.
    t = await startTestApp(engine, {}, { sessionCacheMs: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 401 without a session, with a signed-out session and with an expired one", async () => {
    const signedOut = await signUp(t.app);
    const stale = signedOut.client.cookieHeader();
    await signedOut.client.post("/api/auth/sign-out");
    const expired = await signUp(t.app);
    await t.database.db
      .updateTable("session")
      .set({
        expiresAt:
          engine === "postgres" ? new Date(Date.now() - 1000) : new Date(Date.now() - 1000).toISOString(),
      })
      .where("userId", "=", expired.userId)
      .execute();
    for (const cookie of [undefined, stale, expired.client.cookieHeader()]) {
      for (const [method, url, body] of sessionRoutes()) {
        const res = await t.app.inject({
          method,
          url,
          headers: {
            origin: originOf(t.app),
            ...(cookie ? { cookie } : {}),
            "content-type": "application/json",
          },
          payload: JSON.stringify(body ?? {}),
        });
        expect([url, res.statusCode, res.json().error?.code]).toEqual([url, 401, "unauthenticated"]);
      }
    }
  });

  it("user B never sees user A's data", async () => {
    const a = await signUp(t.app, { name: "alice a" });
    const b = new Client(t.app);
    await b.post("/api/auth/sign-up/email", {
      email: `b.${Date.now()}@example.com`,
      password: randomKey(),
      name: "bob",
    });
    await a.client.post("/api/account/activity", {
      action: "document-view",
      device: "A-device",
      operating: "A-os",
    });
    const secrets = [
      a.userId,
      a.email,
      a.saltHex,
      a.blobs.ownerEncryptedDek,
      a.blobs.publicKeyPem,
      "Alice A",
      "A-device",
    ];
    for (const [method, url] of sessionRoutes().filter(([m]) => m === "GET")) {
      const res = await b.request(method, url);
      expect(res.statusCode, url).not.toBe(500);
      for (const secret of secrets) expect(res.body, `${url} leaks ${secret}`).not.toContain(secret);
    }
    expect((await b.get("/api/account/keys")).statusCode).toBe(404);
    // A's own view is intact.
    expect((await a.client.get("/api/account/keys")).json().userId).toBe(a.userId);
  });

  it("never stores a raw auth key or recovery auth key (secret egress into the database)", async () => {
    const user = await signUp(t.app);
    await signIn(t.app, user.email, user.authKey);
    const newAuthKey = randomKey();
    const { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey } = sampleBlobs();
    const changed = await user.client.post("/api/account/password", {
      currentAuthKey: user.authKey,
      newAuthKey,
      newSaltHex: randomSaltHex(),
      blobs: { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey },
    });
    expect(changed.statusCode).toBe(204);
    await signIn(t.app, user.email, newAuthKey);
    const forms = (key: string) => [
      key,
      Buffer.from(key, "base64url").toString("hex"),
      Buffer.from(key, "base64url").toString("base64"),
    ];
    const needles = [user.authKey, newAuthKey, user.recoveryAuthKey].flatMap(forms);
    const dump: string[] = [];
    for (const table of await t.database.db.introspection.getTables()) {
      const rows = await t.database.db
        .selectFrom(table.name as "user")
        .selectAll()
        .execute();
      dump.push(...rows.map((row) => JSON.stringify(row)));
    }
    const text = dump.join("\n");
    expect(text).toContain("$argon2id$");
    for (const needle of needles) expect(text.includes(needle), needle).toBe(false);
  });
});
