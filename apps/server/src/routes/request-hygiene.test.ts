import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiRoutes, errorBodySchema } from "@heirloom/contract";
import { apiOperations } from "@heirloom/contract/openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, originOf, signUp, startTestApp, type TestApp } from "../testing/app-harness.ts";

/** Sends raw bytes to a listening server and collects everything it answers until it closes the connection. */
function rawExchange(port: number, chunks: { bytes: string; afterMs?: number }[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    const timers: NodeJS.Timeout[] = [];
    socket.setEncoding("utf8");
    socket.on("data", (data) => {
      answer += data;
    });
    socket.on("error", () => {}); // a reset after the answer is how a cut connection ends
    socket.on("close", () => {
      for (const timer of timers) clearTimeout(timer);
      resolve(answer);
    });
    socket.once("connect", () => {
      for (const { bytes, afterMs = 0 } of chunks)
        timers.push(setTimeout(() => socket.writable && socket.write(bytes), afterMs));
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end of the answer within 10 s; so far: ${answer.slice(0, 200)}`));
    }, 10_000).unref();
  });
}

const headersOf = (answer: string) => {
  const [head = ""] = answer.split("\r\n\r\n");
  return Object.fromEntries(
    head
      .split("\r\n")
      .slice(1)
      .map((line) => [
        line.slice(0, line.indexOf(":")).toLowerCase(),
        line.slice(line.indexOf(":") + 1).trim(),
      ]),
  );
};
const bodyOf = (answer: string) => answer.slice(answer.indexOf("\r\n\r\n") + 4);

describe("requests from other sites' pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a state-changing call whose Origin or Sec-Fetch-Site names another site, and changes nothing", async () => {
    const user = await signUp(t.app, { name: "ada lovelace" });
    const attempts: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: originOf(t.app), "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of attempts) {
      const res = await user.client.request("PATCH", apiRoutes.profile, { name: "Mallory" }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(errorBodySchema.parse(res.json()).error.code).toBe("forbidden");
      expect(res.json().error.message).toContain(originOf(t.app));
    }
    expect((await user.client.get(apiRoutes.profile)).json().name).toBe("Ada Lovelace");
    // Our own page, and a caller that is no page at all (no Origin, no Fetch Metadata: a script or curl).
    expect((await user.client.request("PATCH", apiRoutes.profile, { name: "Ada King" })).statusCode).toBe(
      200,
    );
    const noPage = await t.app.inject({
      method: "PATCH",
      url: apiRoutes.profile,
      headers: { cookie: user.client.cookieHeader(), "content-type": "application/json" },
      payload: JSON.stringify({ name: "Ada Byron" }),
    });
    expect(noPage.statusCode).toBe(200);
  });

  it("refuses the same for visitors' calls (contact form, prelogin)", async () => {
    const res = await new Client(t.app).request(
      "POST",
      apiRoutes.prelogin,
      { email: "someone@example.com" },
      { origin: "https://evil.example" },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("signed-in answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("are never cached: no-store on every signed-in GET of the operations table", async () => {
    const user = await signUp(t.app);
    const gets = apiOperations.filter(
      (op) =>
        op.method === "GET" && op.access !== "public" && !op.path.includes(":") && !op.path.includes("*"),
    );
    expect(gets.length).toBeGreaterThan(10);
    for (const op of gets) {
      const res = await user.client.get(op.path);
      expect(res.statusCode, `${op.path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.headers["cache-control"], op.path).toBe("no-store");
    }
  });

  it("carry no session token: get-session, list-sessions and sign-in name sessions by id", async () => {
    const user = await signUp(t.app);
    const token = decodeURIComponent(user.client.cookies.get("__Secure-heirloom.session_token") ?? "").split(
      ".",
    )[0];
    expect(token?.length).toBeGreaterThan(10);
    const signedIn = await new Client(t.app).post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.authKey,
    });
    const session = await user.client.get("/api/auth/get-session");
    const list = await user.client.get("/api/auth/list-sessions");
    for (const res of [signedIn, session, list]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(token);
      expect(res.body).not.toMatch(/"token"/);
    }
    expect(session.json().session.id).toEqual(expect.any(String));
    expect(list.json()).toHaveLength(2);
  });

  it("revoke a session by id; another account's session id changes nothing", async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const other = new Client(t.app);
    await other.post("/api/auth/sign-in/email", { email: user.email, password: user.authKey });
    const strangerSession = (await stranger.client.get("/api/auth/get-session")).json().session.id;
    const mine = (await other.get("/api/auth/get-session")).json().session.id;

    expect((await user.client.request("DELETE", `${apiRoutes.sessions}/${strangerSession}`)).statusCode).toBe(
      204,
    );
    expect((await stranger.client.get("/api/account/me")).statusCode).toBe(200);
    expect((await user.client.request("DELETE", `${apiRoutes.sessions}/${mine}`)).statusCode).toBe(204);
    expect((await other.get("/api/account/me")).statusCode).toBe(401);
    expect((await user.client.get("/api/account/me")).statusCode).toBe(200);
    expect((await new Client(t.app).request("DELETE", `${apiRoutes.sessions}/${mine}`)).statusCode).toBe(401);
    // better-auth's token-based revoke is closed.
    expect((await user.client.post("/api/auth/revoke-session", { token: "x" })).statusCode).toBe(404);
  });
});

describe("one error body under /api/auth", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers malformed and refused better-auth calls in the error shape of every other route", async () => {
    const user = await signUp(t.app);
    const signedIn = user.client.cookieHeader();
    const bad: [string, string, unknown, Record<string, string>?][] = [
      ["POST", "/api/auth/sign-in/email", { email: 5 }],
      ["POST", "/api/auth/sign-in/email", { email: "a@example.com", password: "short" }],
      ["POST", "/api/auth/sign-up/email", {}],
      ["POST", "/api/auth/request-password-reset", { email: "not an email" }],
      ["POST", "/api/auth/reset-password", { token: "nope", newPassword: "x".repeat(43) }],
      ["POST", "/api/auth/two-factor/verify-totp", { code: "123456" }],
      ["GET", "/api/auth/list-sessions", undefined],
      ["POST", "/api/auth/no-such-endpoint", {}],
      ["GET", "/api/auth/verify-email?token=garbage", undefined],
      ["POST", "/api/auth/sign-in/email", "{not json", { "content-type": "application/json" }],
      ["POST", "/api/auth/sign-in/email", "a=b", { "content-type": "text/plain" }],
      ["POST", "/api/auth/sign-out", {}, { origin: "https://evil.example", cookie: signedIn }],
    ];
    for (const [method, url, body, headers = {}] of bad) {
      const res = await t.app.inject({
        method: method as "GET" | "POST",
        url,
        headers: { origin: originOf(t.app), "content-type": "application/json", ...headers },
        ...(body === undefined ? {} : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
      });
      const where = `${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode === 302) continue; // verify-email redirects to the page with ?error=
      expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
      expect(errorBodySchema.safeParse(res.json()).success, where).toBe(true);
      expect(res.headers["content-security-policy"], where).toBeDefined();
    }
    // The refused sign-out from another site's page left the session alone.
    expect((await user.client.get("/api/account/me")).statusCode).toBe(200);
  });

  it("answers HTTP it cannot parse with the error body and the security headers", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = Number(new URL(address).port);
    for (const garbage of ["GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"]) {
      const answer = await rawExchange(port, [{ bytes: garbage }]);
      expect(answer.startsWith("HTTP/1.1 400")).toBe(true);
      const headers = headersOf(answer);
      expect(headers["content-security-policy"]).toContain("default-src 'none'");
      expect(headers["strict-transport-security"]).toContain("max-age=");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(errorBodySchema.parse(JSON.parse(bodyOf(answer))).error.code).toBe("validation_failed");
    }
  });
});

describe("request bodies that trickle in", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // Short deadlines so the test takes a second: 300 ms plus the declared length at 1 KiB/s.
    t = await startTestApp("sqlite", {}, { bodyDeadline: { baseMs: 300, minBytesPerSecond: 1024 } });
    port = Number(new URL(await t.app.listen({ port: 0, host: "127.0.0.1" })).port);
  });
  afterAll(async () => {
    await t?.close();
  });

  const head = (length: number) =>
    `POST ${apiRoutes.prelogin} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${length}\r\n\r\n`;

  it("cuts a body that arrives slower than the deadline allows, with 408 and the error body", async () => {
    const body = JSON.stringify({ email: "slow@example.com", pad: "x".repeat(150) });
    // 300 ms + ~0.2 s allowed; the bytes would take 40 × 100 ms = 4 s.
    const chunks: { bytes: string; afterMs?: number }[] = [{ bytes: head(body.length) }];
    for (let i = 0; i < 40; i++) chunks.push({ bytes: body.slice(i * 5, i * 5 + 5), afterMs: 100 * (i + 1) });
    const started = Date.now();
    const answer = await rawExchange(port, chunks);
    expect(answer.startsWith("HTTP/1.1 408")).toBe(true);
    expect(errorBodySchema.parse(JSON.parse(bodyOf(answer))).error.code).toBe("request_timeout");
    expect(headersOf(answer).connection).toBe("close");
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("takes a slow but live body that keeps to the rate", async () => {
    const body = JSON.stringify({ email: "live@example.com", pad: "y".repeat(1500) });
    // 300 ms + ~1.5 s allowed; sent in four parts over 0.6 s.
    const parts = [0, 1, 2, 3].map((i) => ({
      bytes: body.slice((i * body.length) / 4, ((i + 1) * body.length) / 4),
      afterMs: 200 * i,
    }));
    const answer = await rawExchange(port, [
      { bytes: `${head(body.length).replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n")}` },
      ...parts.map((part) => ({ ...part, afterMs: (part.afterMs ?? 0) + 10 })),
    ]);
    expect(answer.startsWith("HTTP/1.1 200")).toBe(true);
    expect(JSON.parse(bodyOf(answer)).saltHex).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("temporary files a killed server left behind", () => {
  it("are removed at start; stored objects stay", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "heirloom-leftovers-"));
    try {
      const folder = path.join(dataDir, "blobs", "users", "u1", "docs");
      mkdirSync(folder, { recursive: true });
      const leftover = path.join(folder, ".chunk-0.blob.0123456789abcdef.tmp");
      writeFileSync(leftover, Buffer.alloc(64 * 1024));
      utimesSync(leftover, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      writeFileSync(path.join(folder, "chunk-1.blob"), "kept");
      const t = await startTestApp("sqlite", { DATA_DIR: dataDir });
      try {
        expect(readdirSync(folder)).toEqual(["chunk-1.blob"]);
      } finally {
        await t.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
