import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";

// Rendered pages, kept (ADR 044). A page's HTML depends only on its URL, the build, the articles and what the web
// app's entry says a render varies by (the theme cookie, a crawler or not): never on the session, which the
// signed-in area reads in the browser. So a page is rendered once, its inline scripts hashed for the CSP instead of
// carrying a per-response nonce, and compressed once (brotli at its best level, and gzip); each response then only
// picks the encoding the browser asked for. Entries live `ttlMs` (so a change made on another server shows within
// that time) and are dropped at once when this server changes an article; at most `maxEntries` are kept, the least
// recently used going first.

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface CachedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** CSP sources for the page's inline scripts: `'sha256-...'`, one per distinct script. */
  scriptHashes: string[];
  etag: string;
  headers: Record<string, string>;
  storedAt: number;
}

/** The CSP hash source of every inline script (a <script> without src) in a page, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/**
 * A page's Content-Security-Policy with its inline scripts allowed by hash: the page's script hashes join script-src
 * (no page has inline styles; no answer carries a nonce, ADR 060).
 */
export function policyWithHashes(policy: string, scriptHashes: readonly string[]): string {
  return policy
    .split(";")
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return name === "script-src" ? [name, ...sources, ...scriptHashes].join(" ") : directive.trim();
    })
    .join("; ");
}

export function createPageCache(options: { maxEntries: number; ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  const filling = new Map<string, Promise<CachedPage | undefined>>();
  /** The most recently used key: asked for again, it needs no move to the end of `entries`. */
  let newest: string | undefined;
  // A render under way when the cache is cleared may hold what was just changed: it is answered, not kept.
  let generation = 0;

  async function store(
    key: string,
    html: string,
    headers: Record<string, string>,
    renderedIn: number,
  ): Promise<CachedPage> {
    const raw = Buffer.from(html, "utf8");
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipped(raw, { level: zlibConstants.Z_BEST_COMPRESSION }),
    ]);
    const page: CachedPage = {
      html: raw,
      br,
      gzip: gz,
      scriptHashes: inlineScriptHashes(html),
      etag: `"${createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"`,
      headers,
      storedAt: now(),
    };
    if (renderedIn !== generation) return page;
    entries.delete(key);
    entries.set(key, page);
    newest = key;
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
    return page;
  }

  return {
    /**
     * The page under `key`: kept and fresh, or rendered now by `render` (which answers the HTML and its headers,
     * or undefined for a page that must not be kept: not a 200, or one that sets a cookie). Requests for a page
     * being rendered wait for that one render.
     */
    async get(
      key: string,
      render: () => Promise<{ html: string; headers: Record<string, string> } | undefined>,
    ): Promise<CachedPage | undefined> {
      const kept = entries.get(key);
      if (kept && now() - kept.storedAt < options.ttlMs) {
        if (key !== newest) {
          entries.delete(key);
          entries.set(key, kept);
          newest = key;
        }
        return kept;
      }
      const pending = filling.get(key);
      if (pending) return pending;
      const renderedIn = generation;
      const fill = (async () => {
        const rendered = await render();
        return rendered && store(key, rendered.html, rendered.headers, renderedIn);
      })().finally(() => {
        if (filling.get(key) === fill) filling.delete(key);
      });
      filling.set(key, fill);
      return fill;
    },
    /** Drops every page (an article was created, changed or published here). */
    clear() {
      generation += 1;
      entries.clear();
      newest = undefined;
      filling.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
