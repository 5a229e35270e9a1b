import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  randomKey,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from "../testing/app-harness.ts";

const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

/** Every absolute URL in a message's text. */
const linksIn = (text: string | undefined) => (text ?? "").match(/https?:\/\/[^\s)>"]+/g) ?? [];

describe.each([
  ["unset (npm start's default)", undefined, "http://localhost:8080"],
  ["set", "https://vault.example.org", "https://vault.example.org"],
])("with PUBLIC_URL %s, links in mail never follow the Host header", (_label, configured, publicUrl) => {
  let t: TestApp;
  beforeAll(async () => {
    // The test client's pages run at PUBLIC_URL (it sends that Origin); the Host header is the attacker's.
    t = await startTestApp("sqlite", configured ? { PUBLIC_URL: configured } : {});
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a reset requested with a forged Host mails the victim a link to PUBLIC_URL", async () => {
    const victim = await signUp(t.app);
    const attacker = new Client(t.app);
    const res = await attacker.request(
      "POST",
      "/api/auth/request-password-reset",
      { email: victim.email },
      forged,
    );
    expect(res.statusCode).toBe(200);
    const mail = (await t.mailTo(victim.email)).find((m) => m.subject.includes("Reset"));
    const links = linksIn(mail?.text);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).origin).toBe(publicUrl);
    expect(mail?.html).not.toContain("evil.example");
  });

  it("verification and email-change mail sent with a forged Host link to PUBLIC_URL too", async () => {
    const email = uniqueEmail("forged-host");
    const client = new Client(t.app);
    await client.request("POST", "/api/account/prelogin", { email }, forged);
    const signedUp = await client.request(
      "POST",
      "/api/auth/sign-up/email",
      { email, password: randomKey(), name: "Mallory's target" },
      forged,
    );
    expect(signedUp.statusCode).toBe(200);
    const verification = (await t.mailTo(email)).at(0);
    expect(linksIn(verification?.text).map((link) => new URL(link).origin)).toEqual([publicUrl]);

    const user = await signUp(t.app);
    const newEmail = uniqueEmail("moved");
    const change = await user.client.request(
      "POST",
      "/api/account/email",
      { newEmail, currentAuthKey: user.authKey },
      forged,
    );
    expect(change.statusCode).toBe(204);
    const changeMail = (await t.mailTo(newEmail)).at(0);
    expect(linksIn(changeMail?.text).length).toBeGreaterThan(0);
    for (const link of linksIn(changeMail?.text)) expect(new URL(link).origin).toBe(publicUrl);
  });
});

describe("unauthenticated mail requests answer the same for known and unknown addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ["/api/auth/request-password-reset", {}],
    ["/api/auth/send-verification-email", {}],
  ])("%s: same status and body, the mail going out after the answer", async (url) => {
    const known = await signUp(t.app);
    const answers = [];
    for (const email of [known.email, uniqueEmail("nobody")]) {
      const res = await new Client(t.app).post(url, { email });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]?.status).toBe(200);
    expect(answers[0]).toEqual(answers[1]);
    // The known address really was mailed (the reset, or a fresh verification link for the unverified account).
    expect((await t.mailTo(known.email)).length).toBeGreaterThan(1);
  });
});
