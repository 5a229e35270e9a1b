/** One message of the local outbox (apps/server/src/mail/mailer.ts StoredMail); the HTML part is not used. */
export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** GET /api/dev/mailbox's body, newest first (the server already sorts; sorting again costs nothing). */
export function parseMailbox(body: unknown): DevMail[] {
  const messages = isRecord(body) && Array.isArray(body.messages) ? body.messages : [];
  return messages
    .filter(isRecord)
    .map((m, index) => {
      const created = new Date(text(m.createdAt));
      return {
        id: text(m.id) || `mail-${index}`,
        to: text(m.to),
        subject: text(m.subject) || "(no subject)",
        text: text(m.text),
        createdAt: Number.isNaN(created.getTime()) ? null : created,
      };
    })
    .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
}

export type MailTextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const urlPattern = /https?:\/\/[^\s<>"']+/g;

/** Splits a plain-text email into text and http(s) links, so the links can be clicked. Nothing else becomes HTML. */
export function linkifyMailText(text: string): MailTextPart[] {
  const parts: MailTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index ?? 0;
    // A sentence's closing punctuation is not part of the link.
    const url = match[0].replace(/[.,;:!?)]+$/, "");
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
