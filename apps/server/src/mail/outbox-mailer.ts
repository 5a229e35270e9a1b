import { readOutboxEntries, writeOutboxEntry } from "../json-outbox.ts";
import type { Mailer, StoredMail } from "./mailer.ts";

/**
 * With no SMTP server configured, each message is written as one JSON file into DATA_DIR/outbox, for a person running
 * the app locally to read (GET /api/dev/mailbox).
 */
export function createOutboxMailer(dir: string, clock: () => Date = () => new Date()): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await writeOutboxEntry(dir, message, clock);
    },
    async close() {},
  };
}

/** The outbox's messages, newest first. */
export const readOutbox = (dir: string, limit = 100) => readOutboxEntries<StoredMail>(dir, limit);
