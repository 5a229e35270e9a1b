import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

// A folder of JSON files, one per message: the mail outbox and the text outbox of a server with no SMTP server or SMS
// provider configured. File names start with the time, so they sort oldest first.

/** Stores `message` with an id and its time; write then rename, so a reader never sees half a message. */
export async function writeOutboxEntry<T extends object>(
  dir: string,
  message: T,
  clock: () => Date,
): Promise<T & { id: string; createdAt: string }> {
  await mkdir(dir, { recursive: true });
  const createdAt = clock().toISOString();
  const id = randomUUID();
  const stored = { id, ...message, createdAt };
  const name = `${createdAt.replace(/[:.]/g, "-")}-${id}.json`;
  const temp = path.join(dir, `.${name}.tmp`);
  await writeFile(temp, JSON.stringify(stored, null, 2), { mode: 0o600 });
  await rename(temp, path.join(dir, name));
  return stored;
}

/** The folder's messages, newest first (none when the folder does not exist yet). */
export async function readOutboxEntries<T>(dir: string, limit: number): Promise<T[]> {
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
  const entries: T[] = [];
  for (const name of files.slice(0, limit)) {
    entries.push(JSON.parse(await readFile(path.join(dir, name), "utf8")) as T);
  }
  return entries;
}
