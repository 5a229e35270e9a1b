import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { Mailer } from "./mailer.ts";

/** Connections a server keeps to its SMTP server at most, unless SMTP_URL says otherwise (`?maxConnections=`). */
export const smtpConnections = 3;

/**
 * SMTP_URL as nodemailer's transport options, read with the WHATWG URL parser. Handed the URL as a string, nodemailer
 * reads it with Node's legacy `url.parse()`, which Node deprecates for its security problems and warns about in the
 * server's log on the first mail. What the string form supports is kept: smtps:// for implicit TLS, the user and
 * password (percent-decoded), and each query parameter as an option (numbers and true/false as such; `tls.` ones
 * under `tls`; other dotted ones ignored). The pool's defaults (`pool`, `maxConnections`, `maxMessages`) apply where
 * the URL says nothing.
 */
export function smtpTransportOptions(smtpUrl: string): Record<string, unknown> {
  const url = new URL(smtpUrl);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new Error("SMTP_URL must start with smtp:// or smtps://");
  const options: Record<string, unknown> & { tls?: Record<string, unknown> } = {
    secure: url.protocol === "smtps:",
  };
  if (url.hostname) options.host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (url.port) options.port = Number(url.port);
  if (url.username || url.password)
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  for (const [key, text] of url.searchParams) {
    const value =
      text === "true"
        ? true
        : text === "false"
          ? false
          : text !== "" && !Number.isNaN(Number(text))
            ? Number(text)
            : text;
    if (key.startsWith("tls.")) {
      options.tls ??= {};
      if (!(key.slice(4) in options.tls)) options.tls[key.slice(4)] = value;
    } else if (!key.includes(".") && !(key in options)) options[key] = value;
  }
  options.pool ??= true;
  options.maxConnections ??= smtpConnections;
  options.maxMessages ??= 100;
  return options;
}

/**
 * Sends through an SMTP server given as smtp://user:pass@host:port (or smtps:// for implicit TLS). Connections are
 * pooled: a few at most, each reused for up to 100 messages, the rest of the messages queued in order. A sweep that
 * owes thousands of reminders at once would otherwise open a connection for each, past what SMTP servers allow
 * (the refused messages lost), with a TLS handshake apiece. SMTP_URL's own `pool`, `maxConnections` or
 * `maxMessages` query parameters win.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Typed as the pool's options; nodemailer picks the pool or a plain transport from `pool` at run time, as it does
  // for the URL string (`?pool=false`).
  const transport = nodemailer.createTransport(smtpTransportOptions(smtpUrl) as unknown as SMTPPool.Options);
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
