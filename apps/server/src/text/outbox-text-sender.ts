import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { StoredText, TextSender } from "./text-sender.ts";

/**
 * With no SMS provider configured, each text is written as one JSON file into DATA_DIR/text-outbox (like the mail
 * outbox), for a person running the app locally, and for the browser journeys, to read the code from.
 */
export function createOutboxTextSender(dir: string, clock: () => Date = () => new Date()): TextSender {
  return {
    kind: "outbox",
    async send(message) {
      await mkdir(dir, { recursive: true });
      const createdAt = clock().toISOString();
      const id = randomUUID();
      const stored: StoredText = { id, ...message, createdAt };
      const name = `${createdAt.replace(/[:.]/g, "-")}-${id}.json`;
      const temp = path.join(dir, `.${name}.tmp`);
      await writeFile(temp, JSON.stringify(stored, null, 2), { mode: 0o600 });
      await rename(temp, path.join(dir, name));
    },
    async close() {},
  };
}

/** The text outbox's messages, newest first. */
export async function readTextOutbox(dir: string, limit = 100): Promise<StoredText[]> {
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
  const texts: StoredText[] = [];
  for (const name of files.slice(0, limit)) {
    texts.push(JSON.parse(await readFile(path.join(dir, name), "utf8")) as StoredText);
  }
  return texts;
}
