import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";

const baseUrl = inject("baseUrl");

describe("security headers on pages", () => {
  it("a public page carries a strict CSP that allows exactly its inline scripts, by hash", async () => {
    const res = await fetch(`${baseUrl}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await res.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    const allowed = scriptSrc.trim().split(/\s+/).slice(1);
    const hashes = inlineScripts.map(
      ([, body]) =>
        `'sha256-${createHash("sha256")
          .update(body ?? "")
          .digest("base64")}'`,
    );
    expect(allowed.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(
      [...new Set(hashes)].sort(),
    );
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("a page is rendered and compressed once: the same bytes each time, brotli or gzip as asked, 304 when unchanged", async () => {
    const get = (encoding: string, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}/About`, { headers: { "accept-encoding": encoding, ...headers } });
    const first = await get("br, gzip");
    const second = await get("br, gzip");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    expect(second.headers.get("etag")).toBe(etag);
    expect(first.headers.get("vary")).toContain("accept-encoding");
    // The kept page's policy is made once: every answer carries the same one, with its hashes and no nonce.
    const policy = first.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("'sha256-");
    expect(policy).not.toContain("'nonce-");
    expect(second.headers.get("content-security-policy")).toBe(policy);
    // A crawler is sent the whole document at once, a variant kept on its own, under the same policy.
    const crawled = await get("gzip", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(crawled.headers.get("content-security-policy")).toBe(policy);
    expect(await crawled.text()).toContain("<h1");
    // fetch decodes the body it was sent; both encodings carry the same page.
    const html = await first.text();
    expect(await second.text()).toBe(html);
    expect(html).toContain("<h1");
    expect((await get("gzip")).headers.get("content-encoding")).toBe("gzip");
    expect((await get("br;q=0, gzip;q=0")).headers.get("content-encoding")).toBeNull();
    const unchanged = await get("br", { "if-none-match": etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    // A query string is rendered for that request alone, with the same strict policy.
    const withQuery = await fetch(`${baseUrl}/About?from=mail`);
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers.get("etag")).toBeNull();
    expect(withQuery.headers.get("content-security-policy")).toContain("'sha256-");
  });

  it("no page breaks its own CSP: Chrome records no violation on a public page, a sign-in page or the app's skeleton", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      const violations: string[] = [];
      cdp.on("Audits.issueAdded", ({ issue }) => {
        if (issue.code === "ContentSecurityPolicyIssue")
          violations.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
      });
      await cdp.send("Audits.enable");
      for (const path of ["/", "/Login", "/app"]) {
        await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
        await page.locator("h1, [role=status]").first().waitFor();
      }
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("hashed assets are cached for a year, pages are revalidated", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const asset = /(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseUrl}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${baseUrl}/`)).headers.get("cache-control")).toBe("no-cache");
    // The files beside the assets are served for an hour; an asset that is not there is a 404, and nothing outside
    // the assets folder is reached through it.
    for (const file of ["/favicon.svg", "/robots.txt"]) {
      const beside = await fetch(`${baseUrl}${file}`);
      expect(beside.status).toBe(200);
      expect(beside.headers.get("cache-control")).toBe("public, max-age=3600");
    }
    expect((await fetch(`${baseUrl}/assets/no-such-chunk.js`)).status).toBe(404);
    const escaped = await fetch(`${baseUrl}/assets/%2e%2e/server/index.js`);
    expect(escaped.status).toBeGreaterThanOrEqual(400);
    expect(await escaped.text()).not.toContain("export");
  });

  it("/healthz reports the database and blob store", async () => {
    const res = await fetch(`${baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", checks: { database: "ok", blobStore: "ok" } });
  });
});
