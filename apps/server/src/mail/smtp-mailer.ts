import nodemailer from "nodemailer";
import type { Mailer } from "./mailer.ts";

/** Connections a server keeps to its SMTP server at most, unless SMTP_URL says otherwise (`?maxConnections=`). */
export const smtpConnections = 3;

/**
 * Sends through an SMTP server given as smtp://user:pass@host:port (or smtps:// for implicit TLS). Connections are
 * pooled: a few at most, each reused for up to 100 messages, the rest of the messages queued in order. A sweep that
 * owes thousands of reminders at once would otherwise open a connection for each, past what SMTP servers allow
 * (the refused messages lost), with a TLS handshake apiece. SMTP_URL's own `pool`, `maxConnections` or
 * `maxMessages` query parameters win.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const defaults = { pool: "true", maxConnections: String(smtpConnections), maxMessages: "100" };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const transport = nodemailer.createTransport(url.toString());
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
