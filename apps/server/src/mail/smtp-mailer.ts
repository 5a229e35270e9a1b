import nodemailer from "nodemailer";
import type { Mailer } from "./mailer.ts";

/** Sends through an SMTP server given as smtp://user:pass@host:port (or smtps:// for implicit TLS). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
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
