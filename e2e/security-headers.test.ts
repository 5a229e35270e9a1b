import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

describe("security headers on pages", () => {
  it("a public page carries a strict CSP whose nonce is on every inline script", async () => {
    const res = await fetch(`${baseUrl}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("each response gets a fresh nonce", async () => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        (await fetch(`${baseUrl}/About`)).headers.get("content-security-policy") ?? "",
      )?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it("hashed assets are cached for a year, pages are revalidated", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const asset = /(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseUrl}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${baseUrl}/`)).headers.get("cache-control")).toBe("no-cache");
  });

  it("/healthz reports the database and blob store", async () => {
    const res = await fetch(`${baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", checks: { database: "ok", blobStore: "ok" } });
  });
});
