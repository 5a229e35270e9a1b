import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, engines, signUp, startTestApp, type TestApp } from "../testing/app-harness.ts";

interface Received {
  to: string[];
  raw: string;
}

/** Quoted-printable soft breaks and escapes, enough to read a link out of a raw message. */
const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const confirmToken = (raw: string) => {
  const match = /\/ConfirmEmail\?token=([A-Za-z0-9._%-]+)/.exec(decodeQp(raw));
  if (!match?.[1]) throw new Error("no confirmation link in the message");
  return decodeURIComponent(match[1]);
};

describe.each(engines())("email verification over a real SMTP server on %s", (engine) => {
  const inbox: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp(engine, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: "http://127.0.0.1:5999",
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function waitForMail(to: string): Promise<Received> {
    for (let i = 0; i < 100; i++) {
      const mail = inbox.find((m) => m.to.includes(to));
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail for ${to}`);
  }

  it("sends the verification link on sign-up; following it verifies the email", async () => {
    const user = await signUp(t.app);
    const mail = await waitForMail(user.email);
    expect(decodeQp(mail.raw)).toContain("http://127.0.0.1:5999/ConfirmEmail?token=");
    expect(mail.raw).toMatch(/^From: Heirloom <no-reply@heirloom\.local>/m);
    expect((await user.client.get("/api/account/me")).json().emailVerified).toBe(false);

    const res = await user.client.get(
      `/api/auth/verify-email?token=${encodeURIComponent(confirmToken(mail.raw))}`,
    );
    expect(res.statusCode).toBe(200);
    expect((await user.client.get("/api/account/me")).json().emailVerified).toBe(true);
  });

  it("answers a bad token with a JSON error code the page can map", async () => {
    const res = await new Client(t.app).get("/api/auth/verify-email?token=not-a-token");
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().error).toMatchObject({ reason: "INVALID_TOKEN" });
  });

  it("resends the verification mail, a few times per address at most", async () => {
    const user = await signUp(t.app);
    await waitForMail(user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await user.client.post("/api/auth/send-verification-email", { email: user.email })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("the dev mailbox", () => {
  it("lists outbox messages newest first when there is no SMTP server, and is absent when turned off", async () => {
    const t = await startTestApp("sqlite");
    try {
      const first = await signUp(t.app);
      const second = await signUp(t.app);
      // By default the outbox is for this computer only: a remote client, or anyone through a proxy, sees nothing.
      expect((await new Client(t.app).get("/api/dev/mailbox")).statusCode).toBe(404);
      const local = new Client(t.app, "127.0.0.1");
      expect(
        (await local.request("GET", "/api/dev/mailbox", undefined, { "x-forwarded-for": "127.0.0.1" }))
          .statusCode,
      ).toBe(404);
      const res = await local.get("/api/dev/mailbox");
      expect(res.statusCode).toBe(200);
      const { messages } = res.json() as {
        messages: { to: string; subject: string; text: string; createdAt: string }[];
      };
      expect(messages.map((m) => m.to)).toEqual([second.email, first.email]);
      expect(messages[0]?.text).toMatch(/\/ConfirmEmail\?token=/);
    } finally {
      await t.close();
    }
    const shared = await startTestApp("sqlite", { DEV_MAILBOX: "true" });
    try {
      expect((await new Client(shared.app).get("/api/dev/mailbox")).statusCode).toBe(200);
    } finally {
      await shared.close();
    }
    const off = await startTestApp("sqlite", { DEV_MAILBOX: "false" });
    try {
      expect((await new Client(off.app).get("/api/dev/mailbox")).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
