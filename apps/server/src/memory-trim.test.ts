import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createMemoryTrim } from "./memory-trim.ts";

/** A trim whose event loop was busy the given shares of successive intervals; counts its collections. */
function trimOver(shares: number[]) {
  const calls: unknown[] = [];
  const trim = createMemoryTrim({
    collect: (options) => void calls.push(options),
    utilization: () => shares.shift() ?? 0,
  });
  return { trim, calls };
}

describe("giving empty heap pages back after a load", () => {
  it("collects once, in the first quiet interval after a busy one", () => {
    const { trim, calls } = trimOver([0.9, 0.6, 0.01, 0.0, 0.0]);
    expect([trim.check(), trim.check(), trim.check(), trim.check(), trim.check()]).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(calls).toEqual([{ type: "major", execution: "sync", flavor: "last-resort" }]);
  });

  it("never while the server is busy, nor while it only ever idles", () => {
    const busy = trimOver([0.5, 0.4, 0.3, 0.9]);
    for (let i = 0; i < 4; i += 1) busy.trim.check();
    expect(busy.calls).toEqual([]);
    const idle = trimOver([0.01, 0, 0.01, 0]);
    for (let i = 0; i < 4; i += 1) idle.trim.check();
    expect(idle.calls).toEqual([]);
  });

  it("waits out a lull that is not quiet (light traffic after a load), and collects again after the next load", () => {
    const { trim, calls } = trimOver([0.8, 0.1, 0.1, 0.01, 0.7, 0.0]);
    for (let i = 0; i < 6; i += 1) trim.check();
    expect(calls).toHaveLength(2);
  });

  it("gives the pages back for real: a process's resident memory falls by the pages its load freed", () => {
    // A Node process started as `npm start` starts the server (without --expose-gc) churns through short-lived
    // objects for a second, takes V8's collection function as the server does, runs a regular full collection,
    // then the trim's.
    const source = `
      import { readFileSync } from "node:fs";
      import { takeCollectGarbage } from ${JSON.stringify(fileURLToPath(new URL("./memory-trim.ts", import.meta.url)))};
      const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]);
      let keep = [];
      const until = Date.now() + 1000;
      while (Date.now() < until) {
        const rows = [];
        for (let i = 0; i < 200; i += 1) rows.push({ a: "x".repeat(50) + i, b: [i, i + 1] });
        keep.push(JSON.stringify(rows));
        if (keep.length > 400) keep = keep.slice(200);
      }
      keep = [];
      const gc = takeCollectGarbage();
      gc();
      const afterRegular = rss();
      gc({ type: "major", execution: "sync", flavor: "last-resort" });
      console.log(JSON.stringify({ afterRegular, afterTrim: rss(), globalGc: typeof globalThis.gc }));
    `;
    const run = spawnSync(
      process.execPath,
      [
        "--max-semi-space-size=8",
        "--input-type=module",
        "--disable-warning=ExperimentalWarning",
        "-e",
        source,
      ],
      { encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    const { afterRegular, afterTrim, globalGc } = JSON.parse(run.stdout) as {
      afterRegular: number;
      afterTrim: number;
      globalGc: string;
    };
    // kB: a regular collection leaves the freed pages resident; the trim's gives at least 16 MiB of them back.
    expect(afterRegular - afterTrim).toBeGreaterThan(16 * 1024);
    // The function was taken without putting `gc` on the process's own global object.
    expect(globalGc).toBe("undefined");
  });
});
