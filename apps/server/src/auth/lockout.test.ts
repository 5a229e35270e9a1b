import { accountMessages } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  engines,
  randomKey,
  signIn,
  signUp,
  startTestApp,
  type TestApp,
} from "../testing/app-harness.ts";
import { createDeviceCookies, createEmailHasher, deviceCookie, lockoutPolicy } from "./lockout.ts";

describe.each(engines())("an account under a guessing attack, on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An attacker's browser (no device cookie) fails until the email is throttled for unknown browsers. */
  async function attack(email: string) {
    const attacker = new Client(t.app);
    for (let i = 0; i < lockoutPolicy.maxFailures; i++) {
      expect((await signIn(t.app, email, randomKey(), attacker)).res.statusCode).toBe(401);
    }
    return attacker;
  }

  it("throttles the attacker but lets the owner's own browser sign in", async () => {
    const owner = await signUp(t.app);
    expect(owner.client.cookies.has(deviceCookie.name)).toBe(true);
    const attacker = await attack(owner.email);
    const throttled = await signIn(t.app, owner.email, randomKey(), attacker);
    expect(throttled.res.statusCode).toBe(429);
    expect(throttled.res.json().error).toMatchObject({
      message: accountMessages.tooManyAttempts,
      retryAfterSeconds: expect.any(Number),
    });
    // Even the right password from a browser that never signed in to this account waits.
    const stranger = await signIn(t.app, owner.email, owner.authKey);
    expect(stranger.res.statusCode).toBe(429);

    const own = await signIn(t.app, owner.email, owner.authKey, owner.client);
    expect(own.res.statusCode).toBe(200);
    expect((await owner.client.get("/api/account/me")).statusCode).toBe(200);
    // The owner signing in does not reset the attacker's count.
    expect((await signIn(t.app, owner.email, randomKey(), attacker)).res.statusCode).toBe(429);
  });

  it("counts a known browser's own failures against that browser only", async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < lockoutPolicy.maxFailures; i++) {
      expect((await signIn(t.app, owner.email, randomKey(), owner.client)).res.statusCode).toBe(401);
    }
    const locked = await signIn(t.app, owner.email, owner.authKey, owner.client);
    expect(locked.res.statusCode).toBe(429);
    expect(locked.res.headers["retry-after"]).toBe(String(locked.res.json().error.retryAfterSeconds));
    // Its typos did not throttle the account for the owner's other browsers.
    expect((await signIn(t.app, owner.email, owner.authKey)).res.statusCode).toBe(200);
  });

  it("a device cookie is bound to its account: another account's, or a forged one, does not pass the lock", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    await attack(owner.email);
    const borrowed = new Client(t.app);
    borrowed.cookies.set(deviceCookie.name, other.client.cookies.get(deviceCookie.name) ?? "");
    expect((await signIn(t.app, owner.email, owner.authKey, borrowed)).res.statusCode).toBe(429);
    const forged = new Client(t.app);
    forged.cookies.set(deviceCookie.name, `${"A".repeat(22)}.${"B".repeat(22)}`);
    expect((await signIn(t.app, owner.email, owner.authKey, forged)).res.statusCode).toBe(429);
  });

  it("always checks a correct recovery key, while wrong ones are throttled with the time to wait", async () => {
    const owner = await signUp(t.app);
    const attacker = new Client(t.app);
    const start = (recoveryAuthKey: string, client = attacker) =>
      client.post("/api/account/recovery/start", { email: owner.email, recoveryAuthKey });
    for (let i = 0; i < lockoutPolicy.maxFailures; i++)
      expect((await start(randomKey())).statusCode).toBe(403);
    const throttled = await start(randomKey());
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.retryAfterSeconds).toBeGreaterThan(14 * 60);
    const kit = await start(owner.recoveryAuthKey, new Client(t.app));
    expect(kit.statusCode).toBe(200);
    expect(kit.json().recoveryToken).toEqual(expect.any(String));
  });
});

describe("device cookies", () => {
  const hashEmail = createEmailHasher("s".repeat(32));
  const devices = createDeviceCookies("s".repeat(32), hashEmail);

  it("keeps one entry per account, newest first, at most five", () => {
    let value = "";
    for (let i = 0; i < 7; i++) value = devices.afterSignIn(value, `user${i}@example.com`);
    expect(value.split("~")).toHaveLength(deviceCookie.maxEntries);
    expect(devices.nonceFor(value, "user6@example.com")).toBeDefined();
    expect(devices.nonceFor(value, "user1@example.com")).toBeUndefined();
    const again = devices.afterSignIn(value, "user3@example.com");
    expect(devices.nonceFor(again, "user3@example.com")).toBe(devices.nonceFor(value, "user3@example.com"));
    expect(again.split("~")).toHaveLength(deviceCookie.maxEntries);
  });

  it("refuses an entry signed with another secret or for another email", () => {
    const value = devices.afterSignIn(undefined, "a@example.com");
    const elsewhere = createDeviceCookies("t".repeat(32), hashEmail);
    expect(elsewhere.nonceFor(value, "a@example.com")).toBeUndefined();
    expect(devices.nonceFor(value, "b@example.com")).toBeUndefined();
    expect(devices.nonceFor(value, "A@Example.com ")).toBeDefined();
  });
});
