import type { AddressInfo } from "node:net";
import url from "node:url";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSmtpMailer, smtpConnections, smtpTransportOptions } from "./smtp-mailer.ts";

describe("the SMTP mailer, against a real SMTP server", () => {
  let server: SMTPServer | undefined;
  afterEach(async () => {
    const s = server;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  });

  /**
   * An SMTP server that refuses more than `maxClients` connections at once, as providers do. `withAuth`: it asks
   * clients to sign in (over plain text, as a test may) and records each user and password.
   */
  async function start(maxClients: number, withAuth = false) {
    const received: string[] = [];
    const logins: { username?: string; password?: string | null }[] = [];
    let open = 0;
    let mostOpen = 0;
    let connections = 0;
    server = new SMTPServer({
      ...(withAuth
        ? {
            disabledCommands: ["STARTTLS"],
            allowInsecureAuth: true,
            authMethods: ["PLAIN", "LOGIN"],
          }
        : { authOptional: true, disabledCommands: ["STARTTLS", "AUTH"] }),
      maxClients,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username, password: auth.password });
        callback(null, { user: auth.username });
      },
      onConnect(_session, callback) {
        open += 1;
        connections += 1;
        mostOpen = Math.max(mostOpen, open);
        callback();
      },
      onClose() {
        open -= 1;
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    const s = server;
    await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
    const { port } = s.server.address() as AddressInfo;
    return {
      host: `127.0.0.1:${port}`,
      url: `smtp://127.0.0.1:${port}`,
      received,
      logins,
      stats: () => ({ mostOpen, connections }),
    };
  }

  const message = (i: number) => ({
    to: `owner${i}@example.com`,
    subject: "Please check in",
    text: "I'm still here",
    html: "<p>I'm still here</p>",
  });

  it("delivers 300 messages handed over at once through a few reused connections, losing none", async () => {
    // As a sweep hands over a batch's reminders: all at once. The server takes 5 clients at a time.
    const smtp = await start(5);
    const mailer = createSmtpMailer(smtp.url, "Heirloom <no-reply@example.com>");
    const results = await Promise.allSettled(Array.from({ length: 300 }, (_, i) => mailer.send(message(i))));
    await mailer.close();
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(new Set(smtp.received).size).toBe(300);
    expect(smtp.stats().mostOpen).toBeLessThanOrEqual(smtpConnections);
    // Each connection carries up to 100 messages.
    expect(smtp.stats().connections).toBeLessThanOrEqual(6);
  });

  it("keeps the SMTP_URL's own pool settings", async () => {
    const smtp = await start(5);
    const mailer = createSmtpMailer(`${smtp.url}?maxConnections=1`, "Heirloom <no-reply@example.com>");
    await Promise.all(Array.from({ length: 20 }, (_, i) => mailer.send(message(i))));
    await mailer.close();
    expect(smtp.received).toHaveLength(20);
    expect(smtp.stats().mostOpen).toBe(1);
  });

  it("signs in with a user and password that had to be escaped in SMTP_URL, without Node's deprecated url.parse", async () => {
    const smtp = await start(5, true);
    // Handed a URL string, nodemailer reads it with url.parse, which Node deprecates (DEP0169) and warns about in
    // the server's log.
    const legacyParse = vi.spyOn(url, "parse");
    try {
      const user = encodeURIComponent("mailer@example.com");
      const pass = encodeURIComponent("p@ss:w/rd%20?#");
      const mailer = createSmtpMailer(
        `smtp://${user}:${pass}@${smtp.host}`,
        "Heirloom <no-reply@example.com>",
      );
      await mailer.send(message(1));
      await mailer.close();
      expect(legacyParse).not.toHaveBeenCalled();
    } finally {
      legacyParse.mockRestore();
    }
    expect(smtp.logins).toEqual([{ username: "mailer@example.com", password: "p@ss:w/rd%20?#" }]);
    expect(smtp.received).toEqual(["owner1@example.com"]);
  });
});

describe("SMTP_URL as transport options", () => {
  it("reads implicit TLS, the port, the query's options and the pool's defaults where the URL is silent", () => {
    expect(smtpTransportOptions("smtps://mail.example.com:465")).toEqual({
      secure: true,
      host: "mail.example.com",
      port: 465,
      pool: true,
      maxConnections: smtpConnections,
      maxMessages: 100,
    });
    expect(
      smtpTransportOptions(
        "smtp://[::1]:2525?maxConnections=1&pool=false&tls.rejectUnauthorized=false&name=relay&dkim.key=x",
      ),
    ).toEqual({
      secure: false,
      host: "::1",
      port: 2525,
      maxConnections: 1,
      pool: false,
      maxMessages: 100,
      name: "relay",
      tls: { rejectUnauthorized: false },
    });
    expect(() => smtpTransportOptions("http://mail.example.com")).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});
