import { describe, expect, it } from "vitest";
import { createSessionCache } from "./session-cache.ts";

const session = (expiresAtMs: number, id = "s1") => ({ id, expiresAtMs });

describe("the session cache", () => {
  it("answers a header it checked for the stated time, then checks again", async () => {
    let now = 1_000;
    const cache = createSessionCache<ReturnType<typeof session>>({ ttlMs: 5_000, now: () => now });
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      return session(100_000);
    };
    await cache.read("cookie", lookup);
    now += 4_999;
    await cache.read("cookie", lookup);
    expect(lookups).toBe(1);
    now += 1;
    await cache.read("cookie", lookup);
    expect(lookups).toBe(2);
  });

  it("never keeps a session past its own expiry, and never keeps a visitor", async () => {
    let now = 1_000;
    const cache = createSessionCache<ReturnType<typeof session>>({ ttlMs: 5_000, now: () => now });
    let lookups = 0;
    const expiring = async () => {
      lookups++;
      return lookups === 1 ? session(2_000) : undefined;
    };
    expect(await cache.read("cookie", expiring)).toEqual(session(2_000));
    now = 2_000;
    expect(await cache.read("cookie", expiring)).toBeUndefined();
    expect(await cache.read("cookie", expiring)).toBeUndefined();
    expect(lookups).toBe(3);
  });

  it("forgets everything on a change, and a lookup under way when it happened stores nothing", async () => {
    const cache = createSessionCache<ReturnType<typeof session>>({ ttlMs: 5_000 });
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      return session(Date.now() + 60_000);
    };
    await cache.read("a", lookup);
    cache.changed();
    await cache.read("a", lookup);
    expect(lookups).toBe(2);

    let release = () => {};
    const slow = cache.read("b", () => {
      lookups++;
      return new Promise((resolve) => {
        release = () => resolve(session(Date.now() + 60_000, "old"));
      });
    });
    cache.changed();
    release();
    expect((await slow)?.id).toBe("old");
    expect((await cache.read("b", lookup))?.id).toBe("s1");
    expect(cache.changes()).toBe(2);
  });

  it("keeps at most maxEntries headers, dropping the oldest", async () => {
    const cache = createSessionCache<ReturnType<typeof session>>({ ttlMs: 5_000, maxEntries: 2 });
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      return session(Date.now() + 60_000);
    };
    for (const key of ["a", "b", "c", "c", "b"]) await cache.read(key, lookup);
    expect(lookups).toBe(3);
    await cache.read("a", lookup);
    expect(lookups).toBe(4);
  });

  it("keeps nothing with a time of 0", async () => {
    const cache = createSessionCache<ReturnType<typeof session>>({ ttlMs: 0 });
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      return session(Date.now() + 60_000);
    };
    await cache.read("a", lookup);
    await cache.read("a", lookup);
    expect(lookups).toBe(2);
  });
});
