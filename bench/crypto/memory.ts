// Memory of the page while a measurement runs: the page's JS heap (CDP Performance.getMetrics JSHeapUsedSize) and the
// resident memory of Chromium's renderer processes (from /proc), which also counts ArrayBuffer contents and workers:
// V8 keeps large buffers outside the JS heap, so the heap alone would hide a leak of chunk buffers.
import { readFileSync } from "node:fs";

const MIB = 1024 * 1024;

/** A DevTools session: Playwright's CDPSession, or bench/documents/cdp-page.ts' tab and browser. */
interface CDPSession {
  send(
    method: "Performance.getMetrics" | "SystemInfo.getProcessInfo" | "HeapProfiler.collectGarbage",
  ): Promise<unknown>;
}

export interface MemoryGrowth {
  /** Peak growth of the page's JS heap during the run. */
  readonly heapMiB: number;
  /** Peak growth of the renderers' resident memory during the run (live buffers plus garbage not yet collected). */
  readonly rssMiB: number;
  /** Renderer memory still held after the run and a full garbage collection: what the run actually kept. */
  readonly retainedRssMiB: number;
}

async function heapUsed(page: CDPSession): Promise<number> {
  const { metrics } = (await page.send("Performance.getMetrics")) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
}

async function rendererRss(browser: CDPSession): Promise<number> {
  const { processInfo } = (await browser.send("SystemInfo.getProcessInfo")) as {
    processInfo: { type: string; id: number }[];
  };
  let total = 0;
  for (const process of processInfo.filter((p) => p.type === "renderer")) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${process.id}/status`, "utf8"));
      total += Number(match?.[1] ?? 0) * 1024;
    } catch {
      // The process ended between listing and reading.
    }
  }
  return total;
}

/** Runs `work` while sampling every 50 ms; returns the peak growth over the level measured just before it. */
export async function measureMemoryGrowth<T>(
  page: CDPSession,
  browser: CDPSession,
  work: () => Promise<T>,
): Promise<{ result: T; growth: MemoryGrowth }> {
  await page.send("HeapProfiler.collectGarbage");
  await new Promise((resolve) => setTimeout(resolve, 300));
  const baseHeap = await heapUsed(page);
  const baseRss = await rendererRss(browser);
  let peakHeap = baseHeap;
  let peakRss = baseRss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const [heap, rss] = await Promise.all([heapUsed(page), rendererRss(browser)]);
      peakHeap = Math.max(peakHeap, heap);
      peakRss = Math.max(peakRss, rss);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    sampling = false;
    await sampler;
  }
  await page.send("HeapProfiler.collectGarbage");
  await new Promise((resolve) => setTimeout(resolve, 300));
  const retainedRss = await rendererRss(browser);
  return {
    result,
    growth: {
      heapMiB: (peakHeap - baseHeap) / MIB,
      rssMiB: (peakRss - baseRss) / MIB,
      retainedRssMiB: (retainedRss - baseRss) / MIB,
    },
  };
}
