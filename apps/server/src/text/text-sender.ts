/** One outgoing text message (SMS). Bodies hold one-time codes: never log them. */
export interface TextMessage {
  /** E.164, e.g. +14155550123. */
  to: string;
  body: string;
}

export interface StoredText extends TextMessage {
  id: string;
  createdAt: string;
}

/**
 * Sends text messages. Today's implementation is the local outbox (outbox-text-sender.ts); a real SMS provider plugs in
 * here with the same two methods and is picked in app.ts from config, as the mailer is.
 */
export interface TextSender {
  readonly kind: "outbox";
  send(message: TextMessage): Promise<void>;
  close(): Promise<void>;
}
