import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { errorBodySchema } from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";

let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "heirloom-app-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    RATE_LIMIT_CONTACT_PER_HOUR: "5",
  });
  if (!existsSync(path.join(config.webBuildDir, "server", "index.js"))) {
    throw new Error("apps/web is not built: run `npm run build` (npm test does it for you).");
  }
  app = await buildApp(config);
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const goodMessage = {
  name: "Grace Hopper",
  email: "grace@example.com",
  message: "Can my son open my documents?",
};

function post(body: string, contentType = "application/json") {
  return app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": contentType },
    payload: body,
  });
}

describe("the API", () => {
  it("answers /healthz with the state of the database and blob store", async () => {
    const res = await app.inject("/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", checks: { database: "ok", blobStore: "ok" } });
  });

  it("gives every response a request id and the security headers", async () => {
    const res = await app.inject("/healthz");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["strict-transport-security"]).toContain("max-age=63072000");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("compresses a JSON answer as the browser asks, to the same JSON", async () => {
    const plain = await app.inject("/api/openapi.json");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const [encoding, decompress] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": encoding } });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decompress(res.rawPayload).toString("utf8"))).toEqual(plain.json());
    }
  });

  it("gives the API's answers a policy that allows nothing, and no caching unless the route says otherwise", async () => {
    const answers = await Promise.all([
      app.inject("/healthz"),
      app.inject("/api/account/profile"),
      app.inject("/api/nothing-here"),
      app.inject("/v0/b/nothing/o"),
      app.inject("/api/openapi.json"),
      app.inject("/api"),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404, 404, 200, 404]);
    for (const res of answers) {
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains; preload");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      // Headers only a document reads are left to pages.
      expect(res.headers["permissions-policy"]).toBeUndefined();
    }
    expect(answers.slice(0, 4).map((res) => res.headers["cache-control"])).toEqual(Array(4).fill("no-store"));
    expect(answers[4]?.headers["cache-control"]).toBe("public, max-age=300");
    // A path that only begins like one of the API's is a page, under the page policy.
    const page = await app.inject("/healthzone");
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("gives pages and assets the page policy, the same for every answer, with no nonce", async () => {
    const [page, again, asset] = await Promise.all([
      app.inject("/About"),
      app.inject("/About"),
      app.inject("/favicon.svg"),
    ]);
    expect([page.statusCode, asset.statusCode]).toEqual([200, 200]);
    const policy = page.headers["content-security-policy"] as string;
    expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(policy).toContain("object-src 'none'");
    expect(again.headers["content-security-policy"]).toBe(policy);
    expect(asset.headers["content-security-policy"]).toContain("script-src 'self' 'wasm-unsafe-eval';");
    for (const res of [page, asset]) {
      expect(res.headers["content-security-policy"]).not.toContain("nonce");
      expect(res.headers["permissions-policy"]).toContain("camera=()");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(res.headers["strict-transport-security"]).toContain("max-age=63072000");
    }
  });

  it("gives an answer refused before its route the security headers and its request id too", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: "https://elsewhere.example" },
      payload: goodMessage,
    });
    expect(res.statusCode).toBe(403);
    expect(errorBodySchema.parse(res.json()).error.requestId).toBe(res.headers["x-request-id"]);
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("stores a good contact message and answers 201", async () => {
    const res = await post(JSON.stringify(goodMessage));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(String), receivedAt: expect.any(String) });
  });

  it.each([
    ["malformed JSON", "{not json", "application/json", 400],
    ["a form body", "name=x", "application/x-www-form-urlencoded", 415],
    [
      "an oversized body",
      JSON.stringify({ ...goodMessage, message: "x".repeat(70 * 1024) }),
      "application/json",
      413,
    ],
  ])("refuses %s with the one error shape and no stack", async (_label, body, type, status) => {
    const res = await post(body, type);
    expect(res.statusCode).toBe(status);
    const parsed = errorBodySchema.parse(res.json());
    expect(parsed.error.requestId).toBe(res.headers["x-request-id"]);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    for (const [method, url] of [
      ["DELETE", "/api/nothing-here"],
      ["GET", "/api/nothing-here"],
      ["GET", "/v0/nothing-here"],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(errorBodySchema.parse(res.json()).error.code).toBe("not_found");
    }
  });

  it("limits contact messages per address per hour", async () => {
    const from = { remoteAddress: "203.0.113.9" };
    const send = () => app.inject({ method: "POST", url: "/api/contact", payload: goodMessage, ...from });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(errorBodySchema.parse(limited.json()).error.code).toBe("rate_limited");
  });
});
