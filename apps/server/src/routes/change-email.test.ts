import { accountMessages, emailChangeMessages, errorBodySchema } from "@heirloom/contract";
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

describe.each(engines())("changing the email address on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailsTo = (to: string) => t.mailTo(to);
  const linkTo = async (to: string) => {
    const mail = (await mailsTo(to)).at(-1);
    const found = /https?:\/\/\S+\/ConfirmEmail\?token=\S+/.exec(mail?.text ?? "")?.[0];
    return found ? new URL(found) : undefined;
  };

  it("re-authenticates, mails the new address, and changes the email when the link is opened; the password and salt stay", async () => {
    const user = await signUp(t.app);
    const newEmail = uniqueEmail("moved");
    const res = await user.client.post("/api/account/email", { currentAuthKey: user.authKey, newEmail });
    expect(res.statusCode).toBe(204);
    // Nothing changes until the link is opened.
    expect((await user.client.get("/api/account/me")).json().email).toBe(user.email);
    const link = await linkTo(newEmail);
    expect(link).toBeDefined();

    const token = link?.searchParams.get("token") ?? "";
    const verified = await user.client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(verified.statusCode).toBeLessThan(400);
    // The link was opened at the new address, which verifies it.
    expect((await user.client.get("/api/account/me")).json()).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });

    // The same auth key signs in with the new address; prelogin gives the stored salt for it, not a fake one.
    expect((await signIn(t.app, newEmail, user.authKey)).res.statusCode).toBe(200);
    expect((await signIn(t.app, user.email, user.authKey)).res.statusCode).toBe(401);
    const pre = await new Client(t.app).post("/api/account/prelogin", { email: newEmail });
    expect(pre.json().saltHex).toBe(user.saltHex);
  });

  it("refuses without the current password, with the same address, or with a malformed one, and sends nothing", async () => {
    const user = await signUp(t.app);
    const newEmail = uniqueEmail("nope");
    const wrong = await user.client.post("/api/account/email", { currentAuthKey: randomKey(), newEmail });
    expect(wrong.statusCode).toBe(403);
    expect(errorBodySchema.parse(wrong.json()).error.message).toBe(accountMessages.incorrectPassword);
    const same = await user.client.post("/api/account/email", {
      currentAuthKey: user.authKey,
      newEmail: user.email.toUpperCase(),
    });
    expect(same.statusCode).toBe(400);
    expect(errorBodySchema.parse(same.json()).error.fields?.newEmail).toBe(emailChangeMessages.sameEmail);
    const bad = await user.client.post("/api/account/email", {
      currentAuthKey: user.authKey,
      newEmail: "not-an-email",
    });
    expect(bad.statusCode).toBe(400);
    expect(await linkTo(newEmail)).toBeUndefined();
    expect((await user.client.get("/api/account/me")).json().email).toBe(user.email);
  });

  it("answers the same for an address another account uses, and sends it no link", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const before = (await mailsTo(other.email)).length;
    const res = await user.client.post("/api/account/email", {
      currentAuthKey: user.authKey,
      newEmail: other.email,
    });
    expect(res.statusCode).toBe(204);
    expect((await mailsTo(other.email)).length).toBe(before);
  });

  it("keeps better-auth's own change-email path closed, and needs a session", async () => {
    const user = await signUp(t.app);
    const direct = await user.client.post("/api/auth/change-email", { newEmail: uniqueEmail("direct") });
    expect(direct.statusCode).toBe(404);
    const anon = await new Client(t.app).post("/api/account/email", {
      currentAuthKey: randomKey(),
      newEmail: uniqueEmail("anon"),
    });
    expect(anon.statusCode).toBe(401);
  });
});
