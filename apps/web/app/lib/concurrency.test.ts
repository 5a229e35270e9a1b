import { describe, expect, it } from "vitest";
import { createLimiter, mapLimited } from "./concurrency.ts";

/** A promise and the function that settles it, for work a test finishes when it chooses. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createLimiter", () => {
  it("runs at most `limit` at once, the rest in the order they came, and passes results and errors through", async () => {
    const run = createLimiter(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let active = 0;
    let most = 0;
    const calls = gates.map((gate, i) =>
      run(async () => {
        started.push(i);
        active += 1;
        most = Math.max(most, active);
        await gate.promise;
        active -= 1;
        if (i === 3) throw new Error("four failed");
        return i * 10;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]?.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A call made now waits behind those already waiting.
    const late = run(async () => {
      started.push(99);
      return 990;
    });
    for (const gate of gates) gate.resolve();
    const results = await Promise.allSettled([...calls, late]);
    expect(started).toEqual([0, 1, 2, 3, 4, 99]);
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      0,
      10,
      20,
      "four failed",
      40,
      990,
    ]);
  });

  it("frees the slot of a call that failed", async () => {
    const run = createLimiter(1);
    await expect(run(async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    await expect(run(async () => "next")).resolves.toBe("next");
  });
});

describe("mapLimited", () => {
  it("keeps the items' order in its answer and never runs more than `limit` at once", async () => {
    let active = 0;
    let most = 0;
    const answer = await mapLimited([5, 1, 4, 2, 3], 2, async (n) => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, n));
      active -= 1;
      return n * 2;
    });
    expect(answer).toEqual([10, 2, 8, 4, 6]);
    expect(most).toBe(2);
  });
});
