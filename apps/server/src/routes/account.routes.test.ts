import path from "node:path";
import { accountMessages, errorBodySchema, keysResponseSchema } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailHasher } from "../auth/lockout.ts";
import { createBlobStore } from "../blobs/index.ts";
import {
  Client,
  engines,
  randomKey,
  randomSaltHex,
  sampleBlobs,
  sampleRecovery,
  signIn,
  signUp,
  startTestApp,
  type TestApp,
  testSecret,
  uniqueEmail,
} from "../testing/app-harness.ts";

const newVaultBlobs = () => {
  const { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey } = sampleBlobs();
  return { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey };
};

describe.each(engines())("account routes on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("prelogin answers a stable salt before and after the account exists, then the stored one", async () => {
    const client = new Client(t.app);
    const email = uniqueEmail();
    const first = (await client.post("/api/account/prelogin", { email })).json();
    const again = (await client.post("/api/account/prelogin", { email: email.toUpperCase() })).json();
    expect(first).toEqual(again);
    expect(first.kdf).toEqual({
      algorithm: "argon2id",
      version: 19,
      iterations: 3,
      memoryKiB: 65536,
      parallelism: 1,
    });
    const user = await signUp(t.app, { email });
    expect(user.saltHex).toBe(first.saltHex);
    expect((await client.post("/api/account/prelogin", { email })).json()).toEqual(first);
    expect((await user.client.get("/api/account/salt")).json()).toEqual({ salt: first.saltHex });
    expect((await client.post("/api/account/prelogin", { email: uniqueEmail() })).json().saltHex).not.toBe(
      first.saltHex,
    );
  });

  it("keeps each account's KDF parameters with its salt, and states those at prelogin and with the keys", async () => {
    const user = await signUp(t.app);
    // As if this account had been made under stronger parameters than today's defaults.
    await t.database.db
      .updateTable("account_keys")
      .set({ kdf_iterations: 4, kdf_memory_kib: 131_072, kdf_parallelism: 2 })
      .where("user_id", "=", user.userId)
      .execute();
    const stored = { algorithm: "argon2id", version: 19, iterations: 4, memoryKiB: 131_072, parallelism: 2 };
    expect((await new Client(t.app).post("/api/account/prelogin", { email: user.email })).json().kdf).toEqual(
      stored,
    );
    expect((await user.client.get("/api/account/keys")).json().kdf).toEqual(stored);
    // A password change derives the new key with the account's parameters (from GET keys): they stay, the salt moves.
    const { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey } = sampleBlobs();
    const newSaltHex = randomSaltHex();
    const changed = await user.client.post("/api/account/password", {
      currentAuthKey: user.authKey,
      newAuthKey: randomKey(),
      newSaltHex,
      blobs: { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey },
    });
    expect(changed.statusCode).toBe(204);
    expect((await new Client(t.app).post("/api/account/prelogin", { email: user.email })).json()).toEqual({
      saltHex: newSaltHex,
      kdf: stored,
    });
    // Another account, and an unknown address, get today's.
    const other = await signUp(t.app);
    expect((await other.client.get("/api/account/keys")).json().kdf.iterations).toBe(3);
    expect(
      (await new Client(t.app).post("/api/account/prelogin", { email: uniqueEmail() })).json().kdf.iterations,
    ).toBe(3);
  });

  it("preliminary check answers SPEC's messages", async () => {
    const client = new Client(t.app);
    const { email } = await signUp(t.app);
    const check = (body: unknown) =>
      client.post("/api/account/preliminary-check", body).then((r) => r.json());
    expect(await check({ email: uniqueEmail(), name: "Ada", accType: "individual" })).toEqual({
      success: true,
    });
    expect(await check({ email, name: "Ada", accType: "individual" })).toEqual({
      success: false,
      error: accountMessages.emailInUse,
    });
    expect(await check({ email: "not-an-email", name: "Ada", accType: "individual" })).toEqual({
      success: false,
      error: accountMessages.invalidEmail,
    });
  });

  it("stores keys once and returns them; a second save is a conflict", async () => {
    const user = await signUp(t.app);
    const keys = keysResponseSchema.parse((await user.client.get("/api/account/keys")).json());
    expect(keys).toMatchObject({ userId: user.userId, saltHex: user.saltHex, blobs: user.blobs });
    const again = await user.client.put("/api/account/keys", {
      saltHex: randomSaltHex(),
      blobs: sampleBlobs(),
      recovery: sampleRecovery(),
      recoveryAuthKey: randomKey(),
    });
    expect(again.statusCode).toBe(409);
    expect((await user.client.get("/api/account/keys")).json()).toEqual(keys);
    // Ciphertext does not compress: the keys go as they are, whatever the browser accepts.
    const asked = await user.client.request("GET", "/api/account/keys", undefined, {
      "accept-encoding": "br, gzip",
    });
    expect(asked.headers["content-encoding"]).toBeUndefined();
    expect(asked.json()).toEqual(keys);
  });

  it("logs activity (routine actions only while activityToggle is on) and user errors with or without a session", async () => {
    const user = await signUp(t.app);
    const ok = await user.client.post("/api/account/activity", {
      action: "document-download",
      device: "Desktop",
      operating: "Linux",
    });
    expect(ok.statusCode).toBe(204);
    // The server wrote sign-up's session itself (a "login" without a user agent); the page's entry is beside it.
    const rows = await t.database.db
      .selectFrom("activity")
      .selectAll()
      .where("user_id", "=", user.userId)
      .where("device", "=", "Desktop")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "document-download", device: "Desktop", operating: "Linux" });

    expect(
      (await new Client(t.app).post("/api/account/user-errors", { function: "login", error: "boom" }))
        .statusCode,
    ).toBe(204);
    expect(
      (await user.client.post("/api/account/user-errors", { function: "vault", error: "x" })).statusCode,
    ).toBe(204);
    const errors = await t.database.db.selectFrom("user_errors").selectAll().execute();
    expect(errors.some((e) => e.uid === null && e.function === "login")).toBe(true);
    expect(errors.some((e) => e.uid === user.userId && e.function === "vault")).toBe(true);
  });

  it("the session claims carry the subscription status, account type and tier; 'not active' makes accountActive false", async () => {
    const user = await signUp(t.app);
    const me = async () => (await user.client.get("/api/account/me")).json();
    expect(await me()).toMatchObject({
      accountActive: true,
      subscriptionStatus: "none",
      accountType: expect.any(String),
      accountTier: "a",
    });
    const mark = (status: string) =>
      t.database.db
        .updateTable("profiles")
        .set({ subscription_status: status })
        .where("user_id", "=", user.userId)
        .execute();
    await mark("not active");
    expect(await me()).toMatchObject({ accountActive: false, subscriptionStatus: "not active" });
    await mark("active");
    expect(await me()).toMatchObject({ accountActive: true, subscriptionStatus: "active" });
  });

  it("changes the password in one step: old key fails, new key works, other sessions end", async () => {
    const user = await signUp(t.app);
    const other = await signIn(t.app, user.email, user.authKey);
    const newAuthKey = randomKey();
    const newSaltHex = randomSaltHex();
    const blobs = newVaultBlobs();
    const res = await user.client.post("/api/account/password", {
      currentAuthKey: user.authKey,
      newAuthKey,
      newSaltHex,
      blobs,
    });
    expect(res.statusCode).toBe(204);
    expect((await user.client.get("/api/account/me")).statusCode).toBe(200);
    expect((await other.client.get("/api/account/me")).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, user.authKey)).res.statusCode).toBe(401);
    expect((await signIn(t.app, user.email, newAuthKey)).res.statusCode).toBe(200);
    const keys = (await user.client.get("/api/account/keys")).json();
    expect(keys.saltHex).toBe(newSaltHex);
    expect(keys.blobs).toEqual({ ...user.blobs, ...blobs });
    expect(
      (await new Client(t.app).post("/api/account/prelogin", { email: user.email })).json().saltHex,
    ).toBe(newSaltHex);
  });

  it("a wrong current password changes nothing", async () => {
    const user = await signUp(t.app);
    const before = await t.database.db
      .selectFrom("account_keys")
      .selectAll()
      .where("user_id", "=", user.userId)
      .execute();
    const hashBefore = await t.database.db
      .selectFrom("account")
      .select("password")
      .where("userId", "=", user.userId)
      .execute();
    const res = await user.client.post("/api/account/password", {
      currentAuthKey: randomKey(),
      newAuthKey: randomKey(),
      newSaltHex: randomSaltHex(),
      blobs: newVaultBlobs(),
    });
    expect(res.statusCode).toBe(403);
    expect(errorBodySchema.parse(res.json()).error).toMatchObject({
      code: "forbidden",
      message: accountMessages.incorrectPassword,
    });
    expect(
      await t.database.db.selectFrom("account_keys").selectAll().where("user_id", "=", user.userId).execute(),
    ).toEqual(before);
    expect(
      await t.database.db
        .selectFrom("account")
        .select("password")
        .where("userId", "=", user.userId)
        .execute(),
    ).toEqual(hashBefore);
  });

  it("recovers with the recovery auth key: single-use token, new password, every session ended", async () => {
    const user = await signUp(t.app);
    const anon = new Client(t.app);
    const wrong = await anon.post("/api/account/recovery/start", {
      email: user.email,
      recoveryAuthKey: randomKey(),
    });
    const unknown = await anon.post("/api/account/recovery/start", {
      email: uniqueEmail(),
      recoveryAuthKey: randomKey(),
    });
    expect(wrong.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(accountMessages.recoveryKeyMismatch);
    expect({ ...wrong.json().error, requestId: "" }).toEqual({ ...unknown.json().error, requestId: "" });

    const start = await anon.post("/api/account/recovery/start", {
      email: user.email,
      recoveryAuthKey: user.recoveryAuthKey,
    });
    expect(start.statusCode).toBe(200);
    const started = start.json();
    expect(started).toMatchObject({
      userId: user.userId,
      recovery: user.recovery,
      publicKeyPem: user.blobs.publicKeyPem,
    });
    const newAuthKey = randomKey();
    const complete = {
      recoveryToken: started.recoveryToken,
      newAuthKey,
      newSaltHex: randomSaltHex(),
      blobs: newVaultBlobs(),
    };
    expect((await anon.post("/api/account/recovery/complete", complete)).statusCode).toBe(204);
    expect((await anon.post("/api/account/recovery/complete", complete)).statusCode).toBe(403);
    expect((await user.client.get("/api/account/me")).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, user.authKey)).res.statusCode).toBe(401);
    expect((await signIn(t.app, user.email, newAuthKey)).res.statusCode).toBe(200);
  });

  it("deletes every row and blob of the user, and clears the cookie", async () => {
    const user = await signUp(t.app);
    const keep = await signUp(t.app);
    await user.client.post("/api/account/activity", { action: "document-view", device: "d", operating: "o" });
    await user.client.post("/api/account/user-errors", { function: "f", error: "e" });
    await signIn(t.app, user.email, randomKey()); // a lockout row
    await new Client(t.app).post("/api/account/recovery/start", {
      email: user.email,
      recoveryAuthKey: randomKey(),
    });
    const blobs = await createBlobStore({ kind: "fs", root: path.join(t.dataDir, "blobs") });
    await blobs.put(`users/${user.userId}/docs/a`, new Uint8Array([1, 2, 3]));
    await blobs.put(`users/${user.userId}/docs/b/0`, new Uint8Array([4]));
    await blobs.put(`users/${keep.userId}/docs/a`, new Uint8Array([5]));

    const refused = await user.client.post("/api/account/delete", {
      currentAuthKey: user.authKey,
      confirmation: "delete",
    });
    expect(refused.statusCode).toBe(400);
    const res = await user.client.post("/api/account/delete", {
      currentAuthKey: user.authKey,
      confirmation: "DELETE",
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers["set-cookie"])).toContain("__Secure-heirloom.session_token=; Max-Age=0");
    expect((await user.client.get("/api/account/me")).statusCode).toBe(401);

    const emailHash = createEmailHasher(testSecret)(user.email);
    expect(await rowsMentioning(t, [user.userId, user.email, emailHash])).toEqual([]);
    expect((await signIn(t.app, user.email, user.authKey)).res.statusCode).toBe(401);
    expect(await blobs.list(`users/${user.userId}/`)).toEqual([]);
    expect(await blobs.list(`users/${keep.userId}/`)).toEqual([`users/${keep.userId}/docs/a`]);
    expect((await keep.client.get("/api/account/me")).statusCode).toBe(200);
  });
});

/** Every row of every table whose text mentions one of the needles (user id, email). */
async function rowsMentioning(t: TestApp, needles: string[]): Promise<string[]> {
  const tables = await t.database.db.introspection.getTables();
  const found: string[] = [];
  for (const table of tables) {
    if (table.name.startsWith("kysely_")) continue;
    const rows = await t.database.db
      .selectFrom(table.name as "user")
      .selectAll()
      .execute();
    for (const row of rows) {
      const text = JSON.stringify(row);
      if (needles.some((n) => text.includes(n))) found.push(`${table.name}: ${text.slice(0, 120)}`);
    }
  }
  return found;
}
