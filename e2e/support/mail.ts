import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

// [Note: Mail in the browser journeys]
// The e2e server sends real mail over SMTP (SMTP_URL) to a real smtp-server process started by global-setup. Each
// message it accepts is written as one JSON file in the mail folder, so test files (which run in other processes than
// global-setup) read the same inbox.

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text part, quoted-printable decoded. */
  text: string;
  /** Every http(s) link in the message, in order. */
  links: string[];
  receivedAt: number;
}

/** Quoted-printable soft breaks and escapes (RFC 2045), then UTF-8. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes: number[] = [];
  const joined = raw.replace(/=\r?\n/g, "");
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Enough MIME to read what a person would: the subject and the decoded text part. */
export function parseMail(raw: string, to: string[], receivedAt: number): ReceivedMail {
  const headerEnd = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, headerEnd).replace(/\r\n[ \t]+/g, " ");
  const subjectLine = /^Subject: (.*)$/im.exec(headers)?.[1] ?? "";
  const subject = subjectLine.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, body: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(body, "base64").toString("utf8")
      : decodeQuotedPrintable(body.replace(/_/g, " ")),
  );
  // The text/plain part: its own headers, a blank line, then the body up to the next boundary.
  const part = /Content-Type: text\/plain.*?\r\n\r\n(.*?)(?:\r\n--|$)/is.exec(raw);
  const partHeaders = part ? raw.slice(0, (part.index ?? 0) + part[0].indexOf("\r\n\r\n")) : "";
  const body = part?.[1] ?? raw.slice(headerEnd + 4);
  const encoding = /Content-Transfer-Encoding: (\S+)/gi;
  let last = "7bit";
  for (const m of partHeaders.matchAll(encoding)) last = m[1]?.toLowerCase() ?? last;
  const text =
    last === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : last === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  const links = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
  return { to, subject, text, links, receivedAt };
}

export interface SmtpSink {
  url: string;
  close(): Promise<void>;
}

/** A real SMTP server on a free port of 127.0.0.1 that keeps every message in `mailDir`. */
export async function startSmtpSink(mailDir: string): Promise<SmtpSink> {
  mkdirSync(mailDir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const receivedAt = Date.now();
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), to, receivedAt);
        const name = `${String(receivedAt).padStart(15, "0")}-${String(counter++).padStart(6, "0")}.json`;
        writeFileSync(path.join(mailDir, name), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every message received so far for `to`, oldest first. */
export function mailsFor(mailDir: string, to: string): ReceivedMail[] {
  const address = to.toLowerCase();
  return readdirSync(mailDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), "utf8")) as ReceivedMail)
    .filter((m) => m.to.includes(address));
}

/**
 * Waits (up to `timeoutMs`) for a message to `to` whose subject matches, received at or after `since` (ms epoch), and
 * returns the newest such message.
 */
export async function waitForMail(
  mailDir: string,
  to: string,
  options: { subject?: RegExp; since?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const found = mailsFor(mailDir, to).filter(
      (m) => (!options.subject || options.subject.test(m.subject)) && m.receivedAt >= (options.since ?? 0),
    );
    const newest = found.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${to}${options.subject ? ` matching ${options.subject}` : ""} arrived.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
