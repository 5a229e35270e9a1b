import { notificationsPageSchema } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotp } from "../auth/totp.ts";
import {
  Client,
  engines,
  randomKey,
  randomSaltHex,
  sampleBlobs,
  signUp,
  startTestApp,
  type TestApp,
} from "../testing/app-harness.ts";
import { base32Decode } from "../testing/totp.ts";

const chromeOnLinux =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const safariOnIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

async function signInFrom(t: TestApp, email: string, authKey: string, userAgent: string) {
  const client = new Client(t.app);
  const res = await client.request(
    "POST",
    "/api/auth/sign-in/email",
    { email, password: authKey },
    { "user-agent": userAgent },
  );
  expect(res.statusCode).toBe(200);
  return client;
}

const titles = async (client: Client) =>
  notificationsPageSchema
    .parse((await client.get("/api/account/notifications")).json())
    .entries.map((e) => e.title);

describe.each(engines())("notifications on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("needs a session for every notifications call", async () => {
    const visitor = new Client(t.app);
    expect((await visitor.get("/api/account/notifications")).statusCode).toBe(401);
    expect((await visitor.get("/api/account/notifications/unread")).statusCode).toBe(401);
    expect((await visitor.post("/api/account/notifications/read", { all: true })).statusCode).toBe(401);
  });

  it("tells about a sign-in from a new browser or system, once, and not about the device of sign-up", async () => {
    // signUp() signs in with inject's own user agent: that first device is only remembered.
    const user = await signUp(t.app);
    const again = await signInFrom(t, user.email, user.authKey, "lightMyRequest");
    expect(await titles(again)).toEqual([]);
    await signInFrom(t, user.email, user.authKey, chromeOnLinux);
    await signInFrom(t, user.email, user.authKey, chromeOnLinux);
    const phone = await signInFrom(t, user.email, user.authKey, safariOnIphone);
    await signInFrom(t, user.email, user.authKey, safariOnIphone);
    expect(await titles(phone)).toEqual([
      "New sign-in from Safari on a phone (iOS)",
      "New sign-in from Chrome on a computer (Linux)",
    ]);
    expect((await phone.get("/api/account/notifications/unread")).json()).toEqual({ unread: 2 });
  });

  it("notifies a password change, newest first, and marks one or all read; nobody else sees them", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey } = sampleBlobs();
    const changed = await user.client.post("/api/account/password", {
      currentAuthKey: user.authKey,
      newAuthKey: randomKey(),
      newSaltHex: randomSaltHex(),
      blobs: { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey },
    });
    expect(changed.statusCode).toBe(204);

    const page = notificationsPageSchema.parse((await user.client.get("/api/account/notifications")).json());
    expect(page.entries.map((e) => e.kind)).toEqual(["password-changed"]);
    expect(page.unread).toBe(1);
    const [entry] = page.entries;
    expect(entry?.readAt).toBeNull();

    // Another user can neither see nor mark it.
    expect(
      notificationsPageSchema.parse((await other.client.get("/api/account/notifications")).json()).entries,
    ).toEqual([]);
    const foreign = await other.client.post("/api/account/notifications/read", { ids: [entry?.id] });
    expect(foreign.json()).toEqual({ unread: 0 });
    expect((await user.client.get("/api/account/notifications/unread")).json()).toEqual({ unread: 1 });

    const marked = await user.client.post("/api/account/notifications/read", { ids: [entry?.id] });
    expect(marked.json()).toEqual({ unread: 0 });
    const after = notificationsPageSchema.parse((await user.client.get("/api/account/notifications")).json());
    expect(after.entries[0]?.readAt).not.toBeNull();

    // The JSON export of /account/MyData carries them.
    const exported = (await user.client.get("/api/account/export")).json();
    expect(exported.notifications).toMatchObject([
      { kind: "password-changed", title: "Your password was changed" },
    ]);

    expect((await user.client.post("/api/account/notifications/read", {})).statusCode).toBe(400);
    expect((await user.client.get("/api/account/notifications?cursor=bm9wZQ")).statusCode).toBe(400);
  });

  it("notifies two-step sign-in turned on and off", async () => {
    const user = await signUp(t.app);
    const enabled = await user.client.post("/api/auth/two-factor/enable", { password: user.authKey });
    expect(enabled.statusCode).toBe(200);
    const secret = base32Decode(new URL(enabled.json().totpURI).searchParams.get("secret") ?? "");
    const step = Math.floor(Date.now() / 30_000);
    const confirmed = await user.client.post("/api/auth/two-factor/verify-totp", {
      code: hotp(secret, step),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await titles(user.client)).toEqual(["Two-step sign-in turned on"]);
    // Turning it off needs a fresh code: the next step's is within the accepted window.
    const disabled = await user.client.post("/api/auth/two-factor/disable", {
      password: user.authKey,
      code: hotp(secret, step + 1),
    });
    expect(disabled.statusCode).toBe(200);
    expect(await titles(user.client)).toEqual(["Two-step sign-in turned off", "Two-step sign-in turned on"]);
  });

  it("pages through many notifications and marks them all read", async () => {
    const user = await signUp(t.app);
    const rows = Array.from({ length: 5 }, (_, i) => ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      user_id: user.userId,
      kind: "password-changed",
      title: `n${i}`,
      body: "b",
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      read_at: null,
    }));
    await t.database.db.insertInto("notifications").values(rows).execute();
    const first = notificationsPageSchema.parse(
      (await user.client.get("/api/account/notifications?limit=3")).json(),
    );
    expect(first.entries.map((e) => e.title)).toEqual(["n4", "n3", "n2"]);
    expect(first.unread).toBe(5);
    const second = notificationsPageSchema.parse(
      (await user.client.get(`/api/account/notifications?limit=3&cursor=${first.next}`)).json(),
    );
    expect(second.entries.map((e) => e.title)).toEqual(["n1", "n0"]);
    expect(second.next).toBeNull();
    expect((await user.client.post("/api/account/notifications/read", { all: true })).json()).toEqual({
      unread: 0,
    });
  });
});
