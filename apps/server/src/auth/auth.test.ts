import { accountMessages, errorBodySchema, sessionUserSchema } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  engines,
  randomKey,
  signIn,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from "../testing/app-harness.ts";

describe.each(engines())("accounts with better-auth on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("signs up with the auth key, capitalises the name, creates the profile and a session", async () => {
    const { client, userId } = await signUp(t.app, { name: "ada   de lovelace" });
    const me = await client.get("/api/account/me");
    expect(me.statusCode).toBe(200);
    const user = sessionUserSchema.parse(me.json());
    expect(user).toMatchObject({
      uid: userId,
      name: "Ada De Lovelace",
      emailVerified: false,
      twoFactorEnabled: false,
      hasVault: true,
      vaultLocked: false,
      accountType: "individual",
      accountTier: "a",
      accountActive: true,
      subscriptionStatus: "none",
    });
    const profile = (await client.get("/api/account/profile")).json();
    expect(profile).toMatchObject({
      emailToggle: false,
      activityToggle: true,
      textToggle: false,
      activityCheck: "11",
      DarkMode: "system",
      AccountTier: "a",
      name: "Ada De Lovelace",
    });
    expect(Object.keys(profile).sort()).toEqual(
      [
        "ar",
        "arTitle",
        "dobDay",
        "dobMonth",
        "dobYear",
        "emailToggle",
        "activityToggle",
        "textToggle",
        "activityCheck",
        "zipCode",
        "DarkMode",
        "name",
        "accountType",
        "AccountTier",
        "lastLogin",
        "valid60DayCheck",
        "next60DayCheck",
      ].sort(),
    );
    const days = (Date.parse(profile.next60DayCheck) - Date.parse(profile.valid60DayCheck)) / 86_400_000;
    expect(days).toBe(60);
    expect(profile.lastLogin).not.toBeNull();
  });

  it("sets a Secure, HttpOnly, SameSite=Lax session cookie that lasts 12 hours", async () => {
    const client = new Client(t.app);
    const res = await client.post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: randomKey(),
      name: "grace hopper",
    });
    expect(res.statusCode).toBe(200);
    const cookie = (
      res.cookies as {
        name: string;
        httpOnly?: boolean;
        secure?: boolean;
        sameSite?: string;
        maxAge?: number;
      }[]
    ).find((c) => c.name === "__Secure-heirloom.session_token");
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", maxAge: 12 * 60 * 60 });
  });

  it("refuses a 'password' that is not an auth key", async () => {
    const res = await new Client(t.app).post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "hunter2hunter2",
      name: "x",
    });
    expect(res.statusCode).toBe(400);
  });

  it("signs in with a new token each time, and sign-out ends the session", async () => {
    const { email, authKey, client: first } = await signUp(t.app);
    const a = await signIn(t.app, email, authKey);
    const b = await signIn(t.app, email, authKey);
    expect(a.res.statusCode).toBe(200);
    const tokenA = a.client.cookies.get("__Secure-heirloom.session_token");
    const tokenB = b.client.cookies.get("__Secure-heirloom.session_token");
    expect(tokenA).toBeTruthy();
    expect(tokenA).not.toBe(tokenB);
    expect(tokenA).not.toBe(first.cookies.get("__Secure-heirloom.session_token"));

    const stale = a.client.cookieHeader();
    expect((await a.client.post("/api/auth/sign-out")).statusCode).toBe(200);
    const after = await t.app.inject({ url: "/api/account/me", headers: { cookie: stale } });
    expect(after.statusCode).toBe(401);
    expect((await b.client.get("/api/account/me")).statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown email identically", async () => {
    const { email } = await signUp(t.app);
    const wrong = await signIn(t.app, email, randomKey());
    const unknown = await signIn(t.app, uniqueEmail("nobody"), randomKey());
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    const withoutRequestId = (body: { error: Record<string, unknown> }) => ({
      ...body.error,
      requestId: undefined,
    });
    expect(withoutRequestId(wrong.res.json())).toEqual(withoutRequestId(unknown.res.json()));
    expect(wrong.res.json().error).toMatchObject({
      code: "unauthenticated",
      reason: "INVALID_EMAIL_OR_PASSWORD",
    });
  });

  it("locks an email after 5 failures in 15 minutes, known or not, from any address", async () => {
    for (const email of [(await signUp(t.app)).email, uniqueEmail("ghost")]) {
      for (let i = 0; i < 5; i++) {
        expect((await signIn(t.app, email, randomKey())).res.statusCode).toBe(401);
      }
      const locked = await signIn(t.app, email, randomKey());
      expect(locked.res.statusCode).toBe(429);
      expect(locked.res.json().error).toMatchObject({
        code: "rate_limited",
        reason: "TOO_MANY_ATTEMPTS",
        message: accountMessages.tooManyAttempts,
        retryAfterSeconds: expect.any(Number),
      });
      const wait = locked.res.json().error.retryAfterSeconds;
      expect(wait).toBeGreaterThan(14 * 60);
      expect(wait).toBeLessThanOrEqual(15 * 60);
      expect(locked.res.headers["retry-after"]).toBe(String(wait));
    }
  });

  it("a success clears the failure count", async () => {
    const { email, authKey } = await signUp(t.app);
    for (let i = 0; i < 4; i++) await signIn(t.app, email, randomKey());
    expect((await signIn(t.app, email, authKey)).res.statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await signIn(t.app, email, randomKey());
    expect((await signIn(t.app, email, authKey)).res.statusCode).toBe(200);
  });

  it("limits sign-in attempts per address", async () => {
    const client = new Client(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await signIn(t.app, uniqueEmail("spray"), randomKey(), client)).res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses a cross-site POST with a session cookie", async () => {
    const { client } = await signUp(t.app);
    const res = await client.request("POST", "/api/auth/sign-out", {}, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect((await client.get("/api/account/me")).statusCode).toBe(200);
  });

  it("updates lastLogin at each sign-in", async () => {
    const { email, authKey, client } = await signUp(t.app);
    const before = (await client.get("/api/account/profile")).json().lastLogin as string;
    await new Promise((r) => setTimeout(r, 5));
    const { client: again } = await signIn(t.app, email, authKey);
    const after = (await again.get("/api/account/profile")).json().lastLogin as string;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });

  it("answers /api/account routes without a session with 401 in the one error shape", async () => {
    const res = await new Client(t.app).get("/api/account/me");
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).error.code).toBe("unauthenticated");
  });
});
