import { readOutboxEntries, writeOutboxEntry } from "../json-outbox.ts";
import type { StoredText, TextSender } from "./text-sender.ts";

/**
 * With no SMS provider configured, each text is written as one JSON file into DATA_DIR/text-outbox (like the mail
 * outbox), for a person running the app locally, and for the browser journeys, to read the code from.
 */
export function createOutboxTextSender(dir: string, clock: () => Date = () => new Date()): TextSender {
  return {
    kind: "outbox",
    async send(message) {
      await writeOutboxEntry(dir, message, clock);
    },
    async close() {},
  };
}

/** The text outbox's messages, newest first. */
export const readTextOutbox = (dir: string, limit = 100) => readOutboxEntries<StoredText>(dir, limit);
