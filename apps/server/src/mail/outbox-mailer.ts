import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Mailer, StoredMail } from "./mailer.ts";

/**
 * With no SMTP server configured, each message is written as one JSON file into DATA_DIR/outbox, for a person running
 * the app locally to read (GET /api/dev/mailbox). File names start with the time so they sort oldest first.
 */
export function createOutboxMailer(dir: string, clock: () => Date = () => new Date()): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await mkdir(dir, { recursive: true });
      const createdAt = clock().toISOString();
      const id = randomUUID();
      const stored: StoredMail = { id, ...message, createdAt };
      const name = `${createdAt.replace(/[:.]/g, "-")}-${id}.json`;
      // Write then rename, so a reader never sees half a message.
      const temp = path.join(dir, `.${name}.tmp`);
      await writeFile(temp, JSON.stringify(stored, null, 2), { mode: 0o600 });
      await rename(temp, path.join(dir, name));
    },
    async close() {},
  };
}

/** The outbox's messages, newest first. */
export async function readOutbox(dir: string, limit = 100): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names
    .filter((name) => name.endsWith(".json") && !name.startsWith("."))
    .sort()
    .reverse();
  const messages: StoredMail[] = [];
  for (const name of files.slice(0, limit)) {
    messages.push(JSON.parse(await readFile(path.join(dir, name), "utf8")) as StoredMail);
  }
  return messages;
}
