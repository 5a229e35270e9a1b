import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Page } from "playwright-core";

// [Note: The secret egress check]
// Zero knowledge, tested from the outside: while a journey runs, every request the page sends and every response it
// receives is kept; afterwards every byte the server stored is read. A password or a vault key must appear in none of
// them, in any of the encodings a careless line of code would produce.

/** The ways a secret could be written down: as typed, base64 (both alphabets), hex, URL- and JSON-escaped. */
export function secretForms(secret: string | Uint8Array): string[] {
  const bytes = typeof secret === "string" ? Buffer.from(secret, "utf8") : Buffer.from(secret);
  const forms = new Set<string>([
    bytes.toString("base64"),
    bytes.toString("base64").replace(/=+$/, ""),
    bytes.toString("base64url"),
    bytes.toString("hex"),
    bytes.toString("hex").toUpperCase(),
  ]);
  if (typeof secret === "string") {
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  // A base64 form is only meaningful while it is long enough not to occur by chance.
  return [...forms].filter((f) => f.length >= 8);
}

/** Every request the page sends from now on, as "METHOD URL BODY" lines. */
export function recordRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) =>
    sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ""}`),
  );
  return sent;
}

/** The forms of the given secrets that occur in `text`: an empty list means none leaked. */
export function leaksIn(text: string, secrets: (string | Uint8Array)[]): string[] {
  return secrets.flatMap((secret) => secretForms(secret).filter((form) => text.includes(form)));
}

export interface Exchange {
  url: string;
  method: string;
  requestHeaders: string;
  requestBody: string;
  responseHeaders: string;
  responseBody: string;
}

/** Records every request and response of the page (and its workers) until stopped. */
export function recordTraffic(page: Page): { exchanges: Exchange[]; settle(): Promise<void> } {
  const exchanges: Exchange[] = [];
  const pending: Promise<void>[] = [];
  page.context().on("response", (response) => {
    const request = response.request();
    pending.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        exchanges.push({
          url: request.url(),
          method: request.method(),
          requestHeaders: JSON.stringify(await request.allHeaders()),
          requestBody: request.postDataBuffer()?.toString("latin1") ?? "",
          responseHeaders: JSON.stringify(await response.allHeaders()),
          responseBody: body.toString("latin1"),
        });
      })().catch(() => {
        // Only a response still arriving while the test closes the page ends here; settle() has been awaited
        // before the checks, so everything the checks need was recorded.
      }),
    );
  });
  return {
    exchanges,
    async settle() {
      await Promise.all(pending);
    },
  };
}

/** Every byte the server keeps: on SQLite the data folder's files (database, WAL, blobs, outbox) read raw; on
 * PostgreSQL every row of every table, plus the data folder's files. */
export async function storedText(dataDir: string, databaseUrl: string | undefined): Promise<string> {
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else parts.push(readFileSync(full).toString("latin1"));
    }
  };
  walk(dataDir);
  if (databaseUrl?.startsWith("postgres")) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const tables = await client.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
      );
      for (const { table_name } of tables.rows) {
        const rows = await client.query(`select * from "${table_name.replaceAll('"', '""')}"`);
        parts.push(JSON.stringify(rows.rows));
      }
    } finally {
      await client.end();
    }
  }
  return parts.join("\n");
}

/** Which of the named secrets appear where: an empty list means none leaked. */
export function findSecrets(
  secrets: Record<string, string | Uint8Array>,
  places: Record<string, string>,
): string[] {
  const found: string[] = [];
  for (const [secretName, secret] of Object.entries(secrets)) {
    for (const form of secretForms(secret)) {
      for (const [place, text] of Object.entries(places)) {
        if (text.includes(form))
          found.push(`${secretName} (as ${JSON.stringify(form.slice(0, 12))}...) in ${place}`);
      }
    }
  }
  return found;
}

/** The traffic as places for findSecrets: one per exchange, named by method and URL. */
export function trafficPlaces(exchanges: Exchange[]): Record<string, string> {
  const places: Record<string, string> = {};
  exchanges.forEach((e, i) => {
    places[`#${i} ${e.method} ${e.url}`] =
      `${e.requestHeaders}\n${e.requestBody}\n${e.responseHeaders}\n${e.responseBody}`;
  });
  return places;
}
