import {
  accountMessages,
  errorBodySchema,
  preferencesMessages,
  preferencesSchema,
  profileSchema,
} from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  engines,
  randomKey,
  sampleRecovery,
  signUp,
  startTestApp,
  type TestApp,
} from "../testing/app-harness.ts";

describe.each(engines())("display settings, onboarding and the recovery kit re-print on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const keysRow = (userId: string) =>
    t.database.db
      .selectFrom("account_keys")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();

  it("starts from the defaults, saves theme, time zone and landing page, and reads them back", async () => {
    const { client } = await signUp(t.app);
    expect(preferencesSchema.parse((await client.get("/api/account/preferences")).json())).toEqual({
      DarkMode: "system",
      language: "en",
      timeZone: null,
      landingPage: "/app",
      recoveryKitSavedAt: null,
    });
    const res = await client.patch("/api/account/preferences", {
      DarkMode: "dark",
      timeZone: "Europe/Paris",
      landingPage: "/app/MyData",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      DarkMode: "dark",
      timeZone: "Europe/Paris",
      landingPage: "/app/MyData",
    });
    expect((await client.get("/api/account/preferences")).json()).toEqual(res.json());
    // DarkMode is SPEC's profile field: both answers agree, and getuserde keeps exactly SPEC's fields.
    const profile = (await client.get("/api/account/profile")).json();
    expect(profileSchema.strict().parse(profile).DarkMode).toBe("dark");

    // null goes back to the browser's time zone; the other fields stay.
    const cleared = (await client.patch("/api/account/preferences", { timeZone: null })).json();
    expect(cleared).toMatchObject({ DarkMode: "dark", timeZone: null, landingPage: "/app/MyData" });
  });

  it("refuses an unknown time zone, a page not on the list, unknown fields and an empty change, and saves nothing", async () => {
    const { client } = await signUp(t.app);
    const before = (await client.get("/api/account/preferences")).json();
    const cases: [unknown, string | undefined, string][] = [
      [{ timeZone: "Mars/Olympus_Mons" }, "timeZone", preferencesMessages.timeZoneInvalid],
      [{ timeZone: "../../etc/passwd" }, "timeZone", preferencesMessages.timeZoneInvalid],
      [{ landingPage: "https://evil.example/" }, "landingPage", preferencesMessages.landingPageInvalid],
      [{ landingPage: "/app/addarticle" }, "landingPage", preferencesMessages.landingPageInvalid],
      [{ DarkMode: "sepia" }, "DarkMode", ""],
      [{ DarkMode: "dark", recoveryKitSavedAt: "2020-01-01T00:00:00.000Z" }, undefined, ""],
      [{}, undefined, ""],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.patch("/api/account/preferences", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorBodySchema.parse(res.json()).error;
      expect(error.code).toBe("validation_failed");
      if (field && message) expect(error.fields?.[field]).toBe(message);
    }
    expect((await client.get("/api/account/preferences")).json()).toEqual(before);
  });

  it("records that the recovery kit was saved, for the get-started checklist", async () => {
    const { client } = await signUp(t.app);
    const res = await client.post("/api/account/recovery-kit/saved", {});
    expect(res.statusCode).toBe(200);
    const savedAt = preferencesSchema.parse(res.json()).recoveryKitSavedAt;
    expect(savedAt).not.toBeNull();
    expect(Math.abs(Date.parse(savedAt ?? "") - Date.now())).toBeLessThan(60_000);
    expect((await client.get("/api/account/preferences")).json().recoveryKitSavedAt).toBe(savedAt);
  });

  it("re-prints the recovery kit after re-authentication: the new key opens a recovery, the old one no longer does", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const otherBefore = await keysRow(other.userId);
    const recovery = sampleRecovery();
    const recoveryAuthKey = randomKey();
    const res = await user.client.put("/api/account/recovery-kit", {
      currentAuthKey: user.authKey,
      recovery,
      recoveryAuthKey,
    });
    expect(res.statusCode).toBe(204);

    const anon = new Client(t.app);
    const old = await anon.post("/api/account/recovery/start", {
      email: user.email,
      recoveryAuthKey: user.recoveryAuthKey,
    });
    expect(old.statusCode).toBe(403);
    expect(errorBodySchema.parse(old.json()).error.message).toBe(accountMessages.recoveryKeyMismatch);
    const fresh = await anon.post("/api/account/recovery/start", { email: user.email, recoveryAuthKey });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recovery).toEqual(recovery);
    // The vault-wrapped blobs (and so the password) are untouched; nobody else's keys changed.
    expect((await user.client.get("/api/account/keys")).json().blobs).toEqual(user.blobs);
    expect(await keysRow(other.userId)).toEqual(otherBefore);
  });

  it("ends a recovery that was started with the old kit", async () => {
    const user = await signUp(t.app);
    const started = await new Client(t.app).post("/api/account/recovery/start", {
      email: user.email,
      recoveryAuthKey: user.recoveryAuthKey,
    });
    expect(started.statusCode).toBe(200);
    const replaced = await user.client.put("/api/account/recovery-kit", {
      currentAuthKey: user.authKey,
      recovery: sampleRecovery(),
      recoveryAuthKey: randomKey(),
    });
    expect(replaced.statusCode).toBe(204);
    const complete = await new Client(t.app).post("/api/account/recovery/complete", {
      recoveryToken: started.json().recoveryToken,
      newAuthKey: randomKey(),
      newSaltHex: user.saltHex,
      blobs: {
        ownerEncryptedDek: user.blobs.ownerEncryptedDek,
        encryptedPrivateKey: user.blobs.encryptedPrivateKey,
        encryptedSigningPrivateKey: user.blobs.encryptedSigningPrivateKey,
      },
    });
    expect(complete.statusCode).toBe(403);
  });

  it("refuses a re-print with a wrong current password and changes nothing", async () => {
    const user = await signUp(t.app);
    const before = await keysRow(user.userId);
    const res = await user.client.put("/api/account/recovery-kit", {
      currentAuthKey: randomKey(),
      recovery: sampleRecovery(),
      recoveryAuthKey: randomKey(),
    });
    expect(res.statusCode).toBe(403);
    expect(errorBodySchema.parse(res.json()).error.message).toBe(accountMessages.incorrectPassword);
    expect(await keysRow(user.userId)).toEqual(before);
    const bad = await user.client.put("/api/account/recovery-kit", {
      currentAuthKey: user.authKey,
      recovery: { recoveryEncryptedDek: "not a blob" },
      recoveryAuthKey: randomKey(),
    });
    expect(bad.statusCode).toBe(400);
    expect(await keysRow(user.userId)).toEqual(before);
  });

  it("answers 401 to every new route without a session", async () => {
    const anon = new Client(t.app);
    const calls = [
      await anon.get("/api/account/preferences"),
      await anon.patch("/api/account/preferences", { DarkMode: "dark" }),
      await anon.post("/api/account/recovery-kit/saved", {}),
      await anon.put("/api/account/recovery-kit", {
        currentAuthKey: randomKey(),
        recovery: sampleRecovery(),
        recoveryAuthKey: randomKey(),
      }),
    ];
    expect(calls.map((res) => res.statusCode)).toEqual([401, 401, 401, 401]);
  });

  it("changes only the caller's own settings", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await a.client.patch("/api/account/preferences", { DarkMode: "light", landingPage: "/app/Passwords" });
    await a.client.post("/api/account/recovery-kit/saved", {});
    expect((await b.client.get("/api/account/preferences")).json()).toMatchObject({
      DarkMode: "system",
      landingPage: "/app",
      recoveryKitSavedAt: null,
    });
  });
});
