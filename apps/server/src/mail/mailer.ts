/** One outgoing email. Bodies may hold single-use links: never log them. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends MailMessage {
  id: string;
  createdAt: string;
}

/** Sends email. Implementations: SMTP (smtp-mailer.ts) and the local outbox (outbox-mailer.ts). */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
