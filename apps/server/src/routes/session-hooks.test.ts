import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createSessionCache } from "../auth/session-cache.ts";
import { registerSessionCacheHooks, type SessionFound } from "./session.ts";

// registerSessionCacheHooks: a request that changed a session or user row empties the session cache once more as its
// answer goes out, so an answer looked up after its write but before its commit is not kept.

const session = (userId: string): SessionFound => ({
  userId,
  email: `${userId}@example.com`,
  name: userId,
  emailVerified: true,
  twoFactorEnabled: false,
  sessionId: `s-${userId}`,
  expiresAtMs: Date.now() + 3_600_000,
});

async function appWith() {
  const cache = createSessionCache<SessionFound>({ ttlMs: 60_000 });
  const app = Fastify();
  registerSessionCacheHooks(app, cache);
  // A write (counted), then, before the answer, a lookup of another request seeing the row as it was.
  app.post("/write", async () => {
    cache.changed();
    await cache.read("cookie-b", async () => session("stale"));
    return { ok: true };
  });
  app.get("/read", async () => {
    await cache.read("cookie-c", async () => session("reader"));
    return { ok: true };
  });
  await app.ready();
  return { app, cache };
}

/** After `method url` has been answered, what the cache gives for `cookie`: the kept answer, or a new lookup's. */
async function afterRequest(method: "GET" | "POST", url: string, cookie: string) {
  const { app, cache } = await appWith();
  expect((await app.inject({ method, url })).statusCode).toBe(200);
  let lookedUp = false;
  const found = await cache.read(cookie, async () => {
    lookedUp = true;
    return session("looked-up-again");
  });
  await app.close();
  return { lookedUp, userId: found?.userId };
}

describe("the session cache hooks", () => {
  it("forget an answer kept while a writing request was under way, once its answer has gone out", async () => {
    expect(await afterRequest("POST", "/write", "cookie-b")).toEqual({
      lookedUp: true,
      userId: "looked-up-again",
    });
  });

  it("keep what a request that wrote nothing looked up", async () => {
    expect(await afterRequest("GET", "/read", "cookie-c")).toEqual({ lookedUp: false, userId: "reader" });
  });
});
