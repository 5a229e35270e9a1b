// Heirloom's crypto in Chromium against references measured in the same run on the same machine.
// Prints timings and the ratios the crypto issue sets as targets. Not a test: nothing fails on a slow machine.
// Run from the repository root: npm run bench:crypto   (needs: apt-get install -y chromium argon2 openssl)
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import type * as CryptoApi from "@heirloom/crypto";
import type * as SelfTest from "@heirloom/crypto/self-test";
import { startTsModuleServer } from "@heirloom/crypto/testing/ts-module-server";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../e2e/support/chromium-path.ts";
import type * as Primitives from "../packages/crypto/src/primitives.ts";
import { type MemoryGrowth, measureMemoryGrowth } from "./crypto/memory.ts";
import {
  argon2CliRunMs,
  argon2CliStartMs,
  median,
  opensslAesGcmMiBps,
  opensslRsa4096KeygenMs,
  requireNativeTools,
} from "./crypto/native.ts";

const MIB = 1024 * 1024;
const FILE_BYTES = 256 * MIB;
const RSA_RUNS = 21;
const UNLOCK_RUNS = 5;
const ROUNDS = 5;
const WORKERS = Math.max(2, Math.min(4, availableParallelism()));

requireNativeTools(chromiumPath, existsSync(chromiumPath));

console.log(`Heirloom crypto bench: ${FILE_BYTES / MIB} MiB file, RSA-4096 x${RSA_RUNS}, ${WORKERS} workers`);
console.log("Native references...");
const argon2StartMs = argon2CliStartMs(7);
const opensslGcm = opensslAesGcmMiBps();
const opensslRsaMs = opensslRsa4096KeygenMs(5);

const server = await startTsModuleServer({
  "/": '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>crypto bench</title></head><body></body></html>',
});
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });

interface StreamConfig {
  readonly workers: number;
  readonly concurrency: number;
}

const CONFIGS = {
  single: { workers: 0, concurrency: 1 },
  pipelined: { workers: 0, concurrency: 3 },
  parallel: { workers: WORKERS, concurrency: WORKERS + 1 },
} as const satisfies Record<string, StreamConfig>;

try {
  const page = await browser.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(`${server.origin}/`);
  const pageCdp = await page.context().newCDPSession(page);
  await pageCdp.send("Performance.enable");
  const browserCdp = await browser.newBrowserCDPSession();
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const samples: Record<string, number[]> = {};
  const record = (name: string, value: number) => {
    samples[name] = [...(samples[name] ?? []), value];
  };
  console.log(`Browser: ${/HeadlessChrome\/[\d.]+/.exec(userAgent)?.[0] ?? userAgent}`);

  // Unlock and the native CLI alternate, so that both see the same background load; the ratio is taken per round.
  console.log("Argon2id unlock...");
  const unlockColdMs = await page.evaluate(async () => {
    const url: string = "/self-test.ts";
    const m: typeof SelfTest = await import(url);
    return m.timeVaultKeyDerivation();
  });
  const argon2idImplementation = await page.evaluate(async () => {
    const url: string = "/primitives.ts";
    const m: Pick<typeof Primitives, "argon2idImplementation"> = await import(url);
    return m.argon2idImplementation();
  });
  for (let round = 0; round < UNLOCK_RUNS; round++) {
    const nativeMs = argon2CliRunMs() - argon2StartMs;
    const browserMs = await page.evaluate(async () => {
      const url: string = "/self-test.ts";
      const m: typeof SelfTest = await import(url);
      return m.timeVaultKeyDerivation();
    });
    record("unlock.browser", browserMs);
    record("unlock.native", nativeMs);
    record("unlock.ratio", browserMs / nativeMs);
  }

  console.log(`RSA-4096 key generation x${RSA_RUNS}...`);
  const rsaMs = await page.evaluate(async (runs) => {
    const url: string = "/self-test.ts";
    const m: typeof SelfTest = await import(url);
    return m.median(await m.timeRsaKeyGeneration(runs));
  }, RSA_RUNS);

  const bareRun = () =>
    page.evaluate(async (bytes) => {
      const url: string = "/self-test.ts";
      const m: typeof SelfTest = await import(url);
      return m.measureBareAesGcm(bytes);
    }, FILE_BYTES);

  /** One pass of the streaming API in the page; `workers` > 0 spreads the chunks over that many Web Workers. */
  const streamRun = (config: StreamConfig, keepCiphertext: boolean, bytes = FILE_BYTES) =>
    page.evaluate(
      async ({ bytes, workers, concurrency, keep }) => {
        const selfTestUrl: string = "/self-test.ts";
        const clientUrl: string = "/worker-client.ts";
        const m: typeof SelfTest = await import(selfTestUrl);
        const { startCryptoWorkers }: Pick<typeof CryptoApi, "startCryptoWorkers"> = await import(clientUrl);
        const client = workers > 0 ? startCryptoWorkers(workers) : null;
        try {
          // Load the workers before the clock starts: starting them is not file throughput.
          await Promise.all(Array.from({ length: workers * 2 }, () => client?.api.newNoncePrefix()));
          const factories = client
            ? { createEncryptor: client.createFileEncryptor, createDecryptor: client.createFileDecryptor }
            : {};
          return await m.measureStreaming({
            totalBytes: bytes,
            concurrency,
            keepCiphertext: keep,
            ...factories,
          });
        } finally {
          client?.close();
        }
      },
      { bytes, ...config, keep: keepCiphertext },
    );

  // Throughput on a small shared VM swings from run to run. Every configuration therefore runs once per round, the
  // rounds interleave the configurations (background load hits them alike), garbage is collected before each run,
  // and the report gives medians of the per-round figures and of the per-round ratios.
  const gc = () => pageCdp.send("HeapProfiler.collectGarbage");
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`Throughput, round ${round} of ${ROUNDS}...`);
    await gc();
    const bare = await bareRun();
    record("bare.encrypt", bare.encryptMiBps);
    record("bare.decrypt", bare.decryptMiBps);
    for (const [name, config] of Object.entries(CONFIGS)) {
      await gc();
      const run = await streamRun(config, true);
      record(`${name}.encrypt`, run.encryptMiBps);
      record(`${name}.decrypt`, run.decryptMiBps ?? 0);
      record(`${name}.encrypt.ratio`, run.encryptMiBps / bare.encryptMiBps);
      record(`${name}.decrypt.ratio`, (run.decryptMiBps ?? 0) / bare.decryptMiBps);
    }
  }

  console.log("Memory...");
  const bareMemory = await measureMemoryGrowth(pageCdp, browserCdp, bareRun);
  const singleMemory = await measureMemoryGrowth(pageCdp, browserCdp, () => streamRun(CONFIGS.single, false));
  const parallelMemory = await measureMemoryGrowth(pageCdp, browserCdp, () =>
    streamRun(CONFIGS.parallel, false),
  );
  // Bounded means independent of the file's size: the same stream over a file four times larger.
  const largeMemory = await measureMemoryGrowth(pageCdp, browserCdp, () =>
    streamRun(CONFIGS.single, false, 4 * FILE_BYTES),
  );

  if (pageErrors.length > 0) console.log(`Page errors: ${pageErrors.join("; ")}`);
  report();

  function report() {
    const f1 = (n: number) => n.toFixed(1);
    const f2 = (n: number) => n.toFixed(2);
    const verdict = (ok: boolean) => (ok ? "meets target" : "MISSES target");
    const line = (label: string, value: string, note = "") =>
      console.log(`  ${label.padEnd(50)}${value.padStart(14)}  ${note}`);
    const med = (name: string) => median(samples[name] ?? [0]);
    const spread = (name: string) => {
      const values = samples[name] ?? [0];
      return `median of ${values.length}, range ${f2(Math.min(...values))} to ${f2(Math.max(...values))}`;
    };
    const throughput = (label: string, name: string) => line(label, `${f1(med(name))} MiB/s`, spread(name));

    console.log("\nTimings");
    line(
      `Argon2id unlock, Chromium (${argon2idImplementation})`,
      `${f1(med("unlock.browser"))} ms`,
      `${spread("unlock.browser")}; first run ${f1(unlockColdMs)} ms`,
    );
    line(
      "Argon2id, native argon2 CLI",
      `${f1(med("unlock.native"))} ms`,
      `${spread("unlock.native")}; process start ${f1(argon2StartMs)} ms subtracted`,
    );
    line("RSA-4096 keygen, Chromium", `${f1(rsaMs)} ms`, `median of ${RSA_RUNS}`);
    line("RSA-4096 keygen, openssl genpkey", `${f1(opensslRsaMs)} ms`, "median of 5");
    line("AES-256-GCM, openssl speed (one core, 4 MiB)", `${f1(opensslGcm)} MiB/s`);
    throughput("AES-256-GCM bare loop, Chromium: encrypt", "bare.encrypt");
    throughput("AES-256-GCM bare loop, Chromium: decrypt", "bare.decrypt");
    throughput("Streaming API, one thread: encrypt", "single.encrypt");
    throughput("Streaming API, one thread: decrypt", "single.decrypt");
    throughput("Streaming API, one thread, 3 in flight: encrypt", "pipelined.encrypt");
    throughput("Streaming API, one thread, 3 in flight: decrypt", "pipelined.decrypt");
    throughput(`Streaming API, ${WORKERS} workers: encrypt`, "parallel.encrypt");
    throughput(`Streaming API, ${WORKERS} workers: decrypt`, "parallel.decrypt");

    const memoryLine = (label: string, growth: MemoryGrowth) =>
      line(
        label,
        `${f1(growth.heapMiB)} MiB`,
        `renderer RSS peak +${f1(growth.rssMiB)} MiB, after GC +${f1(growth.retainedRssMiB)} MiB`,
      );
    console.log(`\nMemory growth while encrypting ${FILE_BYTES / MIB} MiB: page JS heap (target < 64 MiB)`);
    memoryLine("bare loop (reference)", bareMemory.growth);
    memoryLine("streaming API, one thread", singleMemory.growth);
    memoryLine(`streaming API, ${WORKERS} workers`, parallelMemory.growth);
    memoryLine(`streaming API, one thread, ${(4 * FILE_BYTES) / MIB} MiB file`, largeMemory.growth);

    const heapGrowth = Math.max(singleMemory.growth.heapMiB, parallelMemory.growth.heapMiB);
    const rssGrowth = Math.max(singleMemory.growth.rssMiB, parallelMemory.growth.rssMiB);
    const rssKept = Math.max(singleMemory.growth.retainedRssMiB, parallelMemory.growth.retainedRssMiB);
    const ratio = (label: string, name: string, meets: (r: number) => boolean) =>
      line(label, f2(med(name)), `${verdict(meets(med(name)))}; ${spread(name)}`);
    console.log("\nRatios");
    ratio("unlock / native argon2 (target <= 1.5)", "unlock.ratio", (r) => r <= 1.5);
    ratio("stream, one thread / bare loop: encrypt (>= 0.8)", "single.encrypt.ratio", (r) => r >= 0.8);
    ratio("stream, one thread / bare loop: decrypt (>= 0.8)", "single.decrypt.ratio", (r) => r >= 0.8);
    const info = (label: string, name: string) =>
      line(label, f2(med(name)), `no target (one thread); ${spread(name)}`);
    info("stream, one thread, 3 in flight / bare loop: encrypt", "pipelined.encrypt.ratio");
    info("stream, one thread, 3 in flight / bare loop: decrypt", "pipelined.decrypt.ratio");
    ratio(`stream, ${WORKERS} workers / bare loop: encrypt (> 1.0)`, "parallel.encrypt.ratio", (r) => r > 1);
    ratio(`stream, ${WORKERS} workers / bare loop: decrypt (> 1.0)`, "parallel.decrypt.ratio", (r) => r > 1);
    line("memory growth, page JS heap (< 64 MiB)", `${f1(heapGrowth)} MiB`, verdict(heapGrowth < 64));
    line(
      "memory growth, renderer RSS peak (< 64 MiB)",
      `${f1(rssGrowth)} MiB`,
      `${verdict(rssGrowth < 64)}; includes buffers awaiting GC`,
    );
    line("memory kept after GC, renderer RSS (< 64 MiB)", `${f1(rssKept)} MiB`, verdict(rssKept < 64));
    line(
      "bare browser loop / openssl speed",
      f2(median(samples["bare.encrypt"] ?? [0]) / opensslGcm),
      "WebCrypto against the machine",
    );
  }
} finally {
  await browser.close();
  await server.close();
}
