import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";

// [Note: Texts in the browser journeys]
// The e2e server has no SMS provider, so each text message is a JSON file in DATA_DIR/text-outbox
// (apps/server/src/text/outbox-text-sender.ts). Journeys read the code a person would read on their phone from there.

interface StoredText {
  to: string;
  body: string;
  createdAt: string;
}

function textsTo(dataDir: string, to: string): StoredText[] {
  const dir = path.join(dataDir, "text-outbox");
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(".json") && !name.startsWith("."))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as StoredText)
    .filter((text) => text.to === to);
}

export const textCount = (dataDir: string, to: string) => textsTo(dataDir, to).length;

/** The 6-digit code of the newest text to `to`, waiting until at least `count` texts went there. */
export async function waitForTextCode(dataDir: string, to: string, count = 1): Promise<string> {
  await expect.poll(() => textsTo(dataDir, to).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  const body = textsTo(dataDir, to).at(-1)?.body ?? "";
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no code in the text to ${to}: ${body}`);
  return code;
}
