import { describe, expect, it } from "vitest";
import { createPreloadQueue, maxConcurrentPreloads } from "./preload-queue.ts";

/** A preload the test finishes by hand, and what has started so far. */
function preloads() {
  const started: string[] = [];
  const finish = new Map<string, { ok: () => void; fail: () => void }>();
  let running = 0;
  let mostAtOnce = 0;
  const load = (key: string) => () =>
    new Promise<void>((resolve, reject) => {
      started.push(key);
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      const done = () => {
        running--;
      };
      finish.set(key, {
        ok: () => {
          done();
          resolve();
        },
        fail: () => {
          done();
          reject(new Error(`${key} failed`));
        },
      });
    });
  return { started, finish, load, mostAtOnce: () => mostAtOnce };
}

/** Lets the queue's promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the preload queue", () => {
  it("keeps at most 5 preloads in flight and starts the next one as soon as one finishes, in order", async () => {
    expect(maxConcurrentPreloads).toBe(5);
    const queue = createPreloadQueue();
    const p = preloads();
    const keys = Array.from({ length: 12 }, (_, i) => `/assets/page-${i}.js`);
    for (const key of keys) queue.add(key, p.load(key));
    await settle();
    expect(p.started).toEqual(keys.slice(0, 5));
    expect(queue.inFlight).toBe(5);

    p.finish.get(keys[2] as string)?.ok();
    await settle();
    expect(p.started).toEqual(keys.slice(0, 6));
    expect(queue.inFlight).toBe(5);

    // Finished one by one, oldest first: each frees the place of the next.
    for (const key of keys.filter((k) => k !== keys[2])) {
      p.finish.get(key)?.ok();
      await settle();
    }
    expect(p.started).toEqual(keys);
    expect(p.mostAtOnce()).toBe(5);
    expect(queue.inFlight).toBe(0);
  });

  it("gives a failed preload's place to the next one", async () => {
    const queue = createPreloadQueue(2);
    const p = preloads();
    for (const key of ["a", "b", "c"]) queue.add(key, p.load(key));
    await settle();
    expect(p.started).toEqual(["a", "b"]);
    p.finish.get("a")?.fail();
    await settle();
    expect(p.started).toEqual(["a", "b", "c"]);
    expect(queue.inFlight).toBe(2);
  });

  it("preloads each key once, however often it is asked for", async () => {
    const queue = createPreloadQueue();
    const p = preloads();
    queue.add("a", p.load("a"));
    queue.add("a", p.load("a"));
    await settle();
    p.finish.get("a")?.ok();
    await settle();
    queue.add("a", p.load("a"));
    await settle();
    expect(p.started).toEqual(["a"]);
  });
});
