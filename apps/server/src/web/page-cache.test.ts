import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, inlineScriptHashes, policyWithHashes } from "./page-cache.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><script src="/assets/a.js"></script></head>` +
  `<body><h1>${title}</h1><script nonce="">window.__ctx = {"title":"${title}"};</script>` +
  `<script type="module">import "/assets/entry.js";</script><script>window.__ctx = {"title":"${title}"};</script></body></html>`;

describe("inline script hashes", () => {
  it("hashes each inline script's text once, and no script that loads a file", () => {
    expect(inlineScriptHashes(page("Home"))).toEqual([
      sha('window.__ctx = {"title":"Home"};'),
      sha('import "/assets/entry.js";'),
    ]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });

  it("join script-src in the CSP, every other directive as it was", () => {
    const policy =
      "default-src 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self';object-src 'none'";
    expect(policyWithHashes(policy, ["'sha256-x'", "'sha256-y'"])).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-x' 'sha256-y'; style-src 'self'; object-src 'none'",
    );
  });
});

describe("the page cache", () => {
  function setup() {
    let time = 0;
    const cache = createPageCache({ maxEntries: 2, ttlMs: 60_000, now: () => time });
    let renders = 0;
    const render = (title: string) => async () => {
      renders += 1;
      return { html: page(title), headers: { "content-type": "text/html; charset=utf-8" } };
    };
    return {
      cache,
      render,
      renders: () => renders,
      advance: (ms: number) => {
        time += ms;
      },
    };
  }

  it("renders a page once and compresses it once, brotli and gzip, for every later request", async () => {
    const t = setup();
    const [first, second] = await Promise.all([
      t.cache.get("/", t.render("Home")),
      t.cache.get("/", t.render("Home")),
    ]);
    const third = await t.cache.get("/", t.render("Home"));
    expect(t.renders()).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
    if (!first) throw new Error("not kept");
    expect(brotliDecompressSync(first.br).toString()).toBe(page("Home"));
    expect(gunzipSync(first.gzip).toString()).toBe(page("Home"));
    expect(first.br.length).toBeLessThan(first.html.length);
    expect(first.scriptHashes).toHaveLength(2);
  });

  it("renders again after a minute, or at once after clear(); a render under way at clear() is answered, not kept", async () => {
    const t = setup();
    await t.cache.get("/", t.render("Old"));
    t.advance(59_999);
    expect((await t.cache.get("/", t.render("New")))?.html.toString()).toContain("Old");
    t.advance(1);
    expect((await t.cache.get("/", t.render("New")))?.html.toString()).toContain("New");
    t.cache.clear();
    expect(t.cache.size).toBe(0);
    let finish: () => void = () => {};
    const slow = t.cache.get("/", async () => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return { html: page("Before the change"), headers: {} };
    });
    t.cache.clear();
    finish();
    expect((await slow)?.html.toString()).toContain("Before the change");
    expect((await t.cache.get("/", t.render("After the change")))?.html.toString()).toContain(
      "After the change",
    );
  });

  it("keeps nothing a render declines, and at most maxEntries pages, dropping the least recently used", async () => {
    const t = setup();
    expect(await t.cache.get("/missing", async () => undefined)).toBeUndefined();
    expect(t.cache.size).toBe(0);
    await t.cache.get("/a", t.render("A"));
    await t.cache.get("/b", t.render("B"));
    await t.cache.get("/a", t.render("A"));
    await t.cache.get("/c", t.render("C"));
    expect(t.cache.size).toBe(2);
    const before = t.renders();
    await t.cache.get("/a", t.render("A"));
    expect(t.renders()).toBe(before);
    await t.cache.get("/b", t.render("B"));
    expect(t.renders()).toBe(before + 1);
  });

  it("keeps the order of use when the page used last is asked for again", async () => {
    const t = setup();
    await t.cache.get("/a", t.render("A"));
    await t.cache.get("/b", t.render("B"));
    await t.cache.get("/b", t.render("B"));
    await t.cache.get("/a", t.render("A"));
    await t.cache.get("/a", t.render("A"));
    await t.cache.get("/c", t.render("C"));
    const before = t.renders();
    // /b was the least recently used, so /c took its place; /a stayed.
    await t.cache.get("/a", t.render("A"));
    expect(t.renders()).toBe(before);
    await t.cache.get("/b", t.render("B"));
    expect(t.renders()).toBe(before + 1);
  });
});
