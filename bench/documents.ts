// The document vault's throughput in Chromium against plain HTTP to the same server, in the same run.
// Prints MiB/s for the app (encrypt + upload, download + decrypt + save, vault export) and for the same bytes sent raw, the ratios
// (target: 0.6 or more) and the tab's peak memory growth (target: under 128 MiB). Not a test: nothing fails on a slow
// machine. Run from the repository root after `npm run build -w @heirloom/web`: npm run bench:documents
// (BENCH_DOCUMENT_MIB=256 for a shorter run; needs Debian's chromium).
//
// "Raw" is the storage API itself (POST /v0/b/heirloom/o multipart, GET ?alt=media) with the file's unencrypted bytes,
// sent from the same tab with fetch, 4 MiB per object and 3 requests in flight like the app. On download the app
// writes through a File System Access API stand-in into the origin's private file system (kept by the browser
// process, not the tab), while the raw run counts and drops the bytes. The difference between the two is the app's
// work: encryption in the workers, digests, the manifest, decryption and the write. The vault export then writes the
// same document into a ZIP the same way (decrypt, CRC-32, ZIP records), compared with the same raw download.
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { createAccount, openSignedInPage } from "../e2e/support/accounts.ts";
import { launchBrowser } from "../e2e/support/browser.ts";
import { freePort, startServer } from "../e2e/support/server.ts";
import { type MemoryGrowth, measureMemoryGrowth } from "./crypto/memory.ts";

const MIB = 1024 * 1024;
const FILE_MIB = Number(process.env.BENCH_DOCUMENT_MIB ?? 1024);
const FILE_BYTES = FILE_MIB * MIB;

async function writeRandomFile(file: string, size: number): Promise<void> {
  const out = createWriteStream(file);
  for (let written = 0; written < size; written += MIB) {
    if (!out.write(randomBytes(Math.min(MIB, size - written))))
      await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

async function waitFor(page: Page, check: () => Promise<boolean>, what: string, timeoutMs = 3_600_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

const work = mkdtempSync(path.join(tmpdir(), "heirloom-bench-docs-"));
const file = path.join(work, `bench-${FILE_MIB}MiB.bin`);
const port = await freePort();
console.log(`Heirloom documents bench: ${FILE_MIB} MiB file, local server on port ${port}`);
const server = await startServer(
  { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: "1", STORAGE_FREE_BYTES: String(8 * FILE_BYTES) },
  port,
);
const browser = await launchBrowser();
try {
  await writeRandomFile(file, FILE_BYTES);
  const account = await createAccount(server.baseUrl, { name: "Bench Owner" });
  const { page, context } = await openSignedInPage(browser, server.baseUrl, account);
  // Downloads stream into the origin's private file system through a File System Access API picker stand-in, as they
  // stream into a chosen file in Chrome.
  await context.addInitScript(() => {
    (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async (o: {
      suggestedName: string;
    }) => (await navigator.storage.getDirectory()).getFileHandle(o.suggestedName, { create: true });
  });
  const pageCdp = await context.newCDPSession(page);
  await pageCdp.send("Performance.enable");
  const browserCdp = await browser.newBrowserCDPSession();
  await page.goto(`${server.baseUrl}/app/MyData`);
  await page.getByRole("heading", { name: "No documents yet" }).waitFor();

  // Besides resident memory (which also holds freed pages the allocator has not returned yet), the page's live JS
  // memory: V8's heap plus ArrayBuffer backing stores (Runtime.getHeapUsage), where chunk buffers live.
  const liveBytes = async () => {
    const usage = (await pageCdp.send("Runtime.getHeapUsage")) as {
      usedSize: number;
      backingStorageSize?: number;
    };
    return usage.usedSize + (usage.backingStorageSize ?? 0);
  };
  const measure = async <T>(fn: () => Promise<T>) => {
    await pageCdp.send("HeapProfiler.collectGarbage");
    const base = await liveBytes();
    let peak = base;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await liveBytes());
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    try {
      const { result, growth } = await measureMemoryGrowth(pageCdp, browserCdp, () => timed(fn));
      return { ...result, growth, liveMiB: (peak - base) / MIB };
    } finally {
      sampling = false;
      await sampler;
    }
  };

  console.log("App upload (encrypt in workers + upload)...");
  const appUp = await measure(async () => {
    await page.getByLabel("Choose files").setInputFiles(file);
    await waitFor(
      page,
      async () => (await page.locator('[data-upload-state="done"]').count()) === 1,
      "upload",
    );
  });
  const row = page.locator("li[data-document-id]").first();
  await row.waitFor();
  console.log("App download (download + decrypt + save through the File System Access API path)...");
  const appDown = await measure(async () => {
    await row.getByRole("button", { name: "Download" }).click();
    await row.getByText("Downloaded.").waitFor({ timeout: 3_600_000 });
  });
  await page.evaluate(
    async (name) => (await navigator.storage.getDirectory()).removeEntry(name),
    path.basename(file),
  );
  console.log("App vault export (the same document into a ZIP: decrypt + CRC-32 + write, streamed)...");
  const appExport = await measure(async () => {
    await page.getByRole("button", { name: "Export my documents (ZIP)" }).click();
    await page.getByText(/^Exported heirloom-documents-/).waitFor({ timeout: 3_600_000 });
  });
  const zipBytes = await page.evaluate(async () => {
    const dir = await navigator.storage.getDirectory();
    for await (const [name, handle] of dir as unknown as AsyncIterable<[string, FileSystemFileHandle]>) {
      if (name.endsWith(".zip")) {
        const size = (await handle.getFile()).size;
        await dir.removeEntry(name);
        return size;
      }
    }
    return 0;
  });
  if (zipBytes < FILE_BYTES) throw new Error(`the export wrote ${zipBytes} bytes, less than the document`);

  // Raw: the same bytes through the same API from the same tab, no crypto.
  await page.evaluate(() => {
    const input = document.createElement("input");
    input.type = "file";
    input.id = "bench-raw";
    document.body.append(input);
  });
  await page.setInputFiles("#bench-raw", file);
  const rawPrefix = `users/${account.userId}/bench-raw/`;
  console.log("Raw upload (plain bytes, same API, 3 in flight)...");
  const rawUp = await measure(() =>
    page.evaluate(async (prefix) => {
      const source = (document.getElementById("bench-raw") as HTMLInputElement).files?.[0] as File;
      const size = 4 * 1024 * 1024;
      const count = Math.ceil(source.size / size);
      let next = 0;
      const runner = async () => {
        while (next < count) {
          const i = next++;
          const bytes = new Uint8Array(await source.slice(i * size, (i + 1) * size).arrayBuffer());
          const boundary = "bench-boundary";
          const body = new Blob([
            `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ size: bytes.length })}\r\n`,
            `--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`,
            bytes,
            `\r\n--${boundary}--\r\n`,
          ]);
          const name = `${prefix}${String(i).padStart(8, "0")}`;
          const response = await fetch(`/v0/b/heirloom/o?name=${encodeURIComponent(name)}`, {
            method: "POST",
            headers: { "content-type": `multipart/related; boundary=${boundary}` },
            body,
          });
          if (!response.ok) throw new Error(`raw upload ${i}: ${response.status} ${await response.text()}`);
        }
      };
      await Promise.all([runner(), runner(), runner()]);
      return count;
    }, rawPrefix),
  );
  console.log("Raw download (plain bytes, same API, 3 ahead)...");
  const rawDown = await measure(() =>
    page.evaluate(
      async ({ prefix, count }) => {
        const sink = { written: 0 };
        const get = async (i: number) => {
          const name = `${prefix}${String(i).padStart(8, "0")}`;
          const response = await fetch(`/v0/b/heirloom/o/${encodeURIComponent(name)}?alt=media`, {
            cache: "no-store",
          });
          if (!response.ok) throw new Error(`raw download ${i}: ${response.status}`);
          return new Uint8Array(await response.arrayBuffer());
        };
        const ahead: Promise<Uint8Array<ArrayBuffer>>[] = [];
        let next = 0;
        for (let i = 0; i < count; i++) {
          while (ahead.length < 3 && next < count) ahead.push(get(next++));
          sink.written += (await (ahead.shift() as Promise<Uint8Array<ArrayBuffer>>)).length;
        }
        return sink.written;
      },
      { prefix: rawPrefix, count: rawUp.result },
    ),
  );

  if (rawDown.result !== FILE_BYTES)
    throw new Error(`raw download got ${rawDown.result} bytes, not ${FILE_BYTES}`);
  console.log(`(page at ${page.url()})`);
  const mibps = (seconds: number) => FILE_MIB / seconds;
  const line = (label: string, run: { seconds: number; growth: MemoryGrowth; liveMiB: number }) =>
    console.log(
      `${label.padEnd(34)} ${mibps(run.seconds).toFixed(1).padStart(7)} MiB/s  (${run.seconds.toFixed(1)} s)  tab memory growth: ${run.liveMiB.toFixed(0)} MiB live JS + buffers, ${run.growth.rssMiB.toFixed(0)} MiB resident (${run.growth.retainedRssMiB.toFixed(0)} MiB still resident after GC)`,
    );
  console.log("");
  line("app upload (encrypt + upload)", appUp);
  line("raw upload (same API, plain)", rawUp);
  line("app download (download + decrypt)", appDown);
  line("raw download (same API, plain)", rawDown);
  line("app vault export (ZIP, streamed)", appExport);
  const upRatio = rawUp.seconds / appUp.seconds;
  const downRatio = rawDown.seconds / appDown.seconds;
  const exportRatio = rawDown.seconds / appExport.seconds;
  const peak = Math.max(appUp.liveMiB, appDown.liveMiB, appExport.liveMiB);
  console.log("");
  console.log(
    `upload ratio app/raw:   ${upRatio.toFixed(2)}  (target >= 0.6) ${upRatio >= 0.6 ? "ok" : "BELOW TARGET"}`,
  );
  console.log(
    `download ratio app/raw: ${downRatio.toFixed(2)}  (target >= 0.6) ${downRatio >= 0.6 ? "ok" : "BELOW TARGET"}`,
  );
  console.log(
    `export ratio app/raw:   ${exportRatio.toFixed(2)}  (target >= 0.6) ${exportRatio >= 0.6 ? "ok" : "BELOW TARGET"}`,
  );
  console.log(
    `app peak tab memory growth (live JS + buffers): ${peak.toFixed(0)} MiB  (target < 128 MiB) ${peak < 128 ? "ok" : "ABOVE TARGET"}`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
