// The document vault's throughput in Chromium, in three figures measured in the same run, from the same tab, with
// the same file, the same disk and the same sink:
//   bare  a bare Node HTTP server (bench/documents/bare-server.ts: no framework, no parsing, no database, no
//         hashing) that writes what it receives with the fs blob store's durability and serves it back: the
//         machine's limit;
//   raw   the storage API itself (POST /v0/b/heirloom/o multipart, GET ?alt=media) with the file's plain bytes;
//   app   the vault: encrypt in the workers + upload; download + decrypt + save; and the vault export (ZIP).
// Every transfer goes at the app's own chunk size and depths (features/documents/transfer-depths.ts: 4 MiB objects,
// 3 requests in flight on upload, 5 ahead on download). Every download writes its bytes through the same
// origin-private-file-system writable the app's save uses (a File System Access API stand-in, kept by the browser
// process, not the tab). The order alternates between rounds (app, raw, bare, then
// bare, raw, app, ...), so neither a warm nor a crowded machine favours one side. The tab is driven over the DevTools
// protocol without Playwright (bench/documents/cdp-page.ts, ADR 056): Playwright's network instrumentation copies
// every request body on the page's main thread, which a browser nobody is debugging never does. Prints every run as it
// ends, then per round and overall: raw/bare (targets: raw >= 200 MiB/s both ways) and app/raw (target >= 0.8), and the tab's
// peak memory growth (target < 128 MiB). Not a test: nothing fails on a slow machine.
// Run from the repository root after `npm run build -w @heirloom/web`: npm run bench:documents
// (BENCH_DOCUMENT_MIB=256 for a shorter run, BENCH_DOCUMENT_ROUNDS=2 by default; needs Debian's chromium).
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CHUNK_SIZE,
  CHUNKS_IN_FLIGHT,
  DOWNLOAD_CHUNKS_AHEAD,
} from "../apps/web/app/features/documents/transfer-depths.ts";
import { createAccount, seedVaultKey, signedInTabState } from "../e2e/support/accounts.ts";
import { freePort, startServer } from "../e2e/support/server.ts";
import { type MemoryGrowth, measureMemoryGrowth } from "./crypto/memory.ts";
import { startBareServer } from "./documents/bare-server-process.ts";
import { launchCdpBrowser } from "./documents/cdp-page.ts";

const MIB = 1024 * 1024;
const FILE_MIB = Number(process.env.BENCH_DOCUMENT_MIB ?? 1024);
const FILE_BYTES = FILE_MIB * MIB;
const ROUNDS = Number(process.env.BENCH_DOCUMENT_ROUNDS ?? 2);
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

type Variant = "bare" | "raw" | "app";
interface Run {
  seconds: number;
  growth: MemoryGrowth;
  liveMiB: number;
}

const work = mkdtempSync(path.join(tmpdir(), "heirloom-bench-docs-"));
const file = path.join(work, `bench-${FILE_MIB}MiB.bin`);
const bareDir = path.join(work, "bare");
mkdirSync(bareDir);
const port = await freePort();
console.log(`Heirloom documents bench: ${FILE_MIB} MiB file, ${ROUNDS} rounds, local server on port ${port}`);
const server = await startServer(
  { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: "1", STORAGE_FREE_BYTES: String(8 * FILE_BYTES) },
  port,
);
const bare = await startBareServer(bareDir);
const browser = await launchCdpBrowser();
try {
  await writeRandomFile(file, FILE_BYTES);
  const account = await createAccount(server.baseUrl, { name: "Bench Owner" });
  const { cookies, seed } = await signedInTabState(server.baseUrl, account);
  await browser.browser.send("Storage.setCookies", { cookies });
  const page = await browser.newPage();
  await page.addInitScript(seedVaultKey, seed);
  // Downloads stream into the origin's private file system through a File System Access API picker stand-in, as they
  // stream into a chosen file in Chrome.
  await page.addInitScript(() => {
    (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async (o: {
      suggestedName: string;
    }) => (await navigator.storage.getDirectory()).getFileHandle(o.suggestedName, { create: true });
  }, null);
  const pageCdp = page;
  await pageCdp.send("Performance.enable");
  // Our pages may connect only to their own origin (CSP connect-src); the bare server listens on another port.
  await pageCdp.send("Page.setBypassCSP", { enabled: true });
  const browserCdp = browser.browser;

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
  const mibps = (seconds: number) => FILE_MIB / seconds;
  const describe = (label: string, run: Run) =>
    `${label.padEnd(42)} ${mibps(run.seconds).toFixed(1).padStart(7)} MiB/s  (${run.seconds.toFixed(1)} s)  tab memory growth: ${run.liveMiB.toFixed(0)} MiB live JS + buffers, ${run.growth.rssMiB.toFixed(0)} MiB resident (${run.growth.retainedRssMiB.toFixed(0)} MiB still resident after GC)`;

  const openApp = async () => {
    await page.goto(`${server.baseUrl}/app/MyData`);
    await page.waitFor(
      () =>
        [...document.querySelectorAll("h1, h2, h3")].some(
          (h) => h.textContent?.trim() === "No documents yet",
        ),
      null,
      "the empty documents page",
      60_000,
    );
    // The raw and bare runs read the same file from the same kind of input.
    await page.evaluate(() => {
      const input = document.createElement("input");
      input.type = "file";
      input.id = "bench-raw";
      document.body.append(input);
    }, null);
    await page.setInputFiles("#bench-raw", [file]);
  };
  await openApp();

  // The plain transfers, run in the page: `target` is "raw" (the storage API, multipart, same origin) or the bare
  // server's URL. Both send each object's bytes as they are in the file and write downloads through the same sink.
  const plainUpload = (target: string, prefix: string) =>
    page.evaluate(
      async ({ target, prefix, size, inFlight }) => {
        const source = (document.getElementById("bench-raw") as HTMLInputElement).files?.[0] as File;
        const count = Math.ceil(source.size / size);
        let next = 0;
        // Bodies are bytes, not Blobs: Blob bodies go through the browser's blob store, which after the app's runs
        // could be full and fail the request (ERR_BLOB_OUT_OF_MEMORY); bytes were also as fast or faster.
        const send = async (i: number, bytes: Uint8Array<ArrayBuffer>) => {
          const name = `${prefix}${String(i).padStart(8, "0")}`;
          if (target !== "raw") {
            // No Content-Type, no custom header: a simple cross-origin request, so no preflight either.
            return fetch(`${target}/o/${name}`, { method: "POST", body: bytes });
          }
          const boundary = "bench-boundary";
          const head = new TextEncoder().encode(
            `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ size: bytes.length })}\r\n` +
              `--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`,
          );
          const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
          const body = new Uint8Array(head.length + bytes.length + tail.length);
          body.set(head);
          body.set(bytes, head.length);
          body.set(tail, head.length + bytes.length);
          return fetch(`/v0/b/heirloom/o?name=${encodeURIComponent(name)}`, {
            method: "POST",
            headers: { "content-type": `multipart/related; boundary=${boundary}` },
            body,
          });
        };
        const runner = async () => {
          while (next < count) {
            const i = next++;
            const bytes = new Uint8Array(await source.slice(i * size, (i + 1) * size).arrayBuffer());
            const response = await send(i, bytes);
            if (!response.ok) throw new Error(`upload ${i}: ${response.status} ${await response.text()}`);
          }
        };
        await Promise.all(Array.from({ length: inFlight }, runner));
        return count;
      },
      { target, prefix, size: CHUNK_SIZE, inFlight: CHUNKS_IN_FLIGHT },
    );
  const plainDownload = (target: string, prefix: string, count: number) =>
    page.evaluate(
      async ({ target, prefix, count, chunksAhead }) => {
        const url = (name: string) =>
          target === "raw" ? `/v0/b/heirloom/o/${encodeURIComponent(name)}?alt=media` : `${target}/o/${name}`;
        const get = async (i: number) => {
          const response = await fetch(url(`${prefix}${String(i).padStart(8, "0")}`), { cache: "no-store" });
          if (!response.ok) throw new Error(`download ${i}: ${response.status}`);
          return new Uint8Array(await response.arrayBuffer());
        };
        // The app's sink: a writable in the origin's private file system.
        const handle = await (await navigator.storage.getDirectory()).getFileHandle("bench-plain-download", {
          create: true,
        });
        const writable = await handle.createWritable();
        let written = 0;
        const ahead: Promise<Uint8Array<ArrayBuffer>>[] = [];
        let next = 0;
        for (let i = 0; i < count; i++) {
          while (ahead.length < chunksAhead && next < count) {
            const promise = get(next++);
            promise.catch(() => {});
            ahead.push(promise);
          }
          const bytes = await (ahead.shift() as Promise<Uint8Array<ArrayBuffer>>);
          await writable.write(bytes);
          written += bytes.length;
        }
        await writable.close();
        return written;
      },
      { target, prefix, count, chunksAhead: DOWNLOAD_CHUNKS_AHEAD },
    );
  const removeSavedFiles = () =>
    page.evaluate(async () => {
      const dir = await navigator.storage.getDirectory();
      const names: string[] = [];
      for await (const [name] of dir as unknown as AsyncIterable<[string, unknown]>) names.push(name);
      let zipBytes = 0;
      for (const name of names) {
        if (name.endsWith(".zip")) {
          zipBytes = (await (await dir.getFileHandle(name)).getFile()).size;
        }
        await dir.removeEntry(name);
      }
      return zipBytes;
    }, null);
  const removeObjects = (target: string, prefix: string, count: number) =>
    page.evaluate(
      async ({ target, prefix, count }) => {
        for (let i = 0; i < count; i++) {
          const name = `${prefix}${String(i).padStart(8, "0")}`;
          const response = await fetch(
            target === "raw" ? `/v0/b/heirloom/o/${encodeURIComponent(name)}` : `${target}/o/${name}`,
            { method: "DELETE" },
          );
          if (!response.ok) throw new Error(`delete ${name}: ${response.status}`);
        }
      },
      { target, prefix, count },
    );
  /** Deletes the app's documents through the storage API (manifests first, as the app does) and reloads the page. */
  const removeDocuments = async () => {
    await page.evaluate(async (prefix) => {
      const list = await (
        await fetch(`/v0/b/heirloom/o?prefix=${encodeURIComponent(prefix)}&maxResults=1000`)
      ).json();
      const names = (list.items as { fullPath: string }[]).map((item) => item.fullPath);
      names.sort((a, b) => Number(b.endsWith("/manifest")) - Number(a.endsWith("/manifest")));
      for (const name of names) {
        const response = await fetch(`/v0/b/heirloom/o/${encodeURIComponent(name)}`, { method: "DELETE" });
        if (!response.ok) throw new Error(`delete ${name}: ${response.status}`);
      }
    }, `users/${account.userId}/documents/`);
    await openApp();
  };

  const results: Record<Variant, { up: Run; down: Run; exported?: Run }>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const order: Variant[] = round % 2 === 1 ? ["app", "raw", "bare"] : ["bare", "raw", "app"];
    console.log(`\nRound ${round}: ${order.join(", ")}`);
    const result = {} as (typeof results)[number];
    for (const variant of order) {
      if (variant === "app") {
        const up = await measure(async () => {
          await page.setInputFiles('input[type="file"]:not(#bench-raw)', [file]);
          await page.waitFor(
            () => document.querySelectorAll('[data-upload-state="done"]').length === 1,
            null,
            "upload",
          );
        });
        console.log(describe(`round ${round} app upload (encrypt + upload)`, up));
        const row = "li[data-document-id]";
        await page.waitFor((row) => document.querySelector(row) !== null, row, "the document's row", 60_000);
        const down = await measure(async () => {
          await page.evaluate((row) => {
            const buttons = [...(document.querySelector(row)?.querySelectorAll("button") ?? [])];
            buttons.find((b) => b.textContent?.trim() === "Download")?.click();
          }, row);
          await page.waitFor(
            (row) => document.querySelector(row)?.textContent?.includes("Downloaded."),
            row,
            "the download",
          );
        });
        console.log(describe(`round ${round} app download (+ decrypt + save)`, down));
        await removeSavedFiles();
        const exported = await measure(async () => {
          await page.evaluate(() => {
            const buttons = [...document.querySelectorAll("button")];
            buttons.find((b) => b.textContent?.trim() === "Export my documents (ZIP)")?.click();
          }, null);
          await page.waitFor(
            () => /Exported heirloom-documents-/.test(document.body.textContent ?? ""),
            null,
            "the export",
          );
        });
        console.log(describe(`round ${round} app vault export (ZIP)`, exported));
        const zipBytes = await removeSavedFiles();
        if (zipBytes < FILE_BYTES)
          throw new Error(`the export wrote ${zipBytes} bytes, less than the document`);
        await removeDocuments();
        result.app = { up, down, exported };
      } else {
        const target = variant === "raw" ? "raw" : bare.url;
        const prefix = variant === "raw" ? `users/${account.userId}/bench-raw/r${round}-` : `r${round}-`;
        const up = await measure(() => plainUpload(target, prefix));
        console.log(describe(`round ${round} ${variant} upload`, up));
        const down = await measure(() => plainDownload(target, prefix, up.result));
        console.log(describe(`round ${round} ${variant} download (+ save)`, down));
        if (down.result !== FILE_BYTES) throw new Error(`${variant} download got ${down.result} bytes`);
        await removeSavedFiles();
        await removeObjects(target, prefix, up.result);
        result[variant] = { up, down };
      }
    }
    results.push(result);
  }

  const ratio = (numerator: number, denominator: number, target?: number) =>
    `${(numerator / denominator).toFixed(2)}${target === undefined ? "" : numerator / denominator >= target ? " ok" : " BELOW TARGET"}`;
  const summarize = (label: string, pick: (r: (typeof results)[number]) => Record<Variant, Run>) => {
    const sum = (variant: Variant) => results.reduce((total, r) => total + pick(r)[variant].seconds, 0);
    const rows = results.map((r, i) => {
      const runs = pick(r);
      return `  round ${i + 1}: bare ${mibps(runs.bare.seconds).toFixed(1)}, raw ${mibps(runs.raw.seconds).toFixed(1)}, app ${mibps(runs.app.seconds).toFixed(1)} MiB/s; raw/bare ${ratio(runs.bare.seconds, runs.raw.seconds)}, app/raw ${ratio(runs.raw.seconds, runs.app.seconds)}`;
    });
    const [bareS, rawS, appS] = [sum("bare"), sum("raw"), sum("app")];
    const n = results.length;
    console.log(`${label}:`);
    for (const row of rows) console.log(row);
    console.log(
      `  all rounds: bare ${mibps(bareS / n).toFixed(1)}, raw ${mibps(rawS / n).toFixed(1)} (target >= 200${mibps(rawS / n) >= 200 ? " ok" : " BELOW TARGET"}), app ${mibps(appS / n).toFixed(1)} MiB/s; raw/bare ${ratio(bareS, rawS)}, app/raw ${ratio(rawS, appS, 0.8)}`,
    );
  };
  console.log("");
  summarize("upload", (r) => ({ bare: r.bare.up, raw: r.raw.up, app: r.app.up }));
  summarize("download (+ save)", (r) => ({ bare: r.bare.down, raw: r.raw.down, app: r.app.down }));
  summarize("vault export against the download", (r) => ({
    bare: r.bare.down,
    raw: r.raw.down,
    app: r.app.exported as Run,
  }));
  const peak = Math.max(
    ...results.flatMap((r) => [r.app.up, r.app.down, r.app.exported as Run].map((x) => x.liveMiB)),
  );
  console.log(
    `app peak tab memory growth (live JS + buffers): ${peak.toFixed(0)} MiB  (target < 128 MiB) ${peak < 128 ? "ok" : "ABOVE TARGET"}`,
  );
} finally {
  await browser.close();
  await bare.stop();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
