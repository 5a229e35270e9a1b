import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// V8 keeps the heap pages a full collection frees in a pool, resident, for the heap to grow into again; only a
// memory-reducing collection gives them back to the system. Its memory reducer should run one once a busy process
// goes quiet, but it judges by the allocation rate measured at the last collection, and a process that has gone
// quiet makes no new collection to measure it: the reducer finds the old, high rate every 8 s and waits again, for
// ever. After a load the server so kept 60–80 MiB of empty pages resident (issue 16; ADR 055). So the server runs
// that collection itself, once, in the first quiet interval after a busy one: it then costs a pause nobody waits
// behind (37 ms for 28 MiB of live heap, measured), and never runs under load or over and over while idle.

/** V8's own collection function (takeCollectGarbage). */
export type CollectGarbage = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

export interface MemoryTrimOptions {
  collect: CollectGarbage;
  /** How often the event loop's busy share is read. */
  intervalMs?: number;
  /** An interval in which the event loop was busy at least this share of the time counts as busy. */
  busyShare?: number;
  /** An interval below this share counts as quiet. */
  quietShare?: number;
  /** The event loop's busy share since the last call (a test gives its own). */
  utilization?: () => number;
}

export function createMemoryTrim(options: MemoryTrimOptions) {
  const busyShare = options.busyShare ?? 0.25;
  const quietShare = options.quietShare ?? 0.02;
  let last = performance.eventLoopUtilization();
  const utilization =
    options.utilization ??
    (() => {
      const now = performance.eventLoopUtilization();
      const share = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      return share;
    });
  let loaded = false;
  let timer: NodeJS.Timeout | undefined;

  return {
    /** Reads the last interval; true when it ran the collection. */
    check(): boolean {
      const share = utilization();
      if (share >= busyShare) loaded = true;
      else if (loaded && share < quietShare) {
        loaded = false;
        options.collect({ type: "major", execution: "sync", flavor: "last-resort" });
        return true;
      }
      return false;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => this.check(), options.intervalMs ?? 5_000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

/**
 * V8's collection function, taken after start-up: the flag is set now and the function read from a new context,
 * where V8 puts it (the server's own global object stays without `gc`). Starting the process with `--expose-gc`
 * instead cost 100-160 ms of every cold start (ADR 055); this takes about 2 ms.
 */
export function takeCollectGarbage(): CollectGarbage {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as CollectGarbage;
}
