// The vault export's ZIP writer (apps/web/app/features/export/zip.ts) against client-zip, in the same run (ADR 034).
// Streams the same 1 GiB (64 files of 16 MiB, then one file of 1 GiB) from a deterministic source in 4 MiB pieces
// through both writers into one byte-counting sink, alternating which goes first, and prints MiB/s, the ratio
// client-zip / ours per round, and resident memory. Then checks what the export relies on, the same way for both:
// independent readers (yauzl with zlib's CRC-32, `unzip -t`), ZIP64 past 4 GiB, data descriptors, mode and time, and
// that an altered chunk, a digest chain that differs, or a cancel leaves no file. Not a test: nothing fails on a slow
// machine. Runs in Node's V8 (the ZIP work is the same JavaScript in Chromium; decryption, not measured here, is the
// export's real cost). Run from the repository root (client-zip is not a dependency; it is installed for the run):
//   npm install --no-save client-zip && npm run bench:export-zip
// (BENCH_ROUNDS=5 by default, at least 3; BENCH_CHECKS=0 skips the guarantees, which write 4 GiB sparse files).
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { checkGuarantees, GUARANTEE_LABELS, type Guarantees, MODIFIED } from "./export-zip/guarantees.ts";
import { CountingSink } from "./export-zip/sinks.ts";
import { type BenchFile, GIB, MIB, pseudoRandomFile } from "./export-zip/sources.ts";
import { loadClientZip, ours, sourceAlone, type Writer } from "./export-zip/writers.ts";

const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 5));
const CHECKS = process.env.BENCH_CHECKS !== "0";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const clientZip = await loadClientZip();
if (!clientZip) {
  console.error("client-zip is not installed. Run: npm install --no-save client-zip");
  process.exit(1);
}
const writers: readonly Writer[] = [ours, clientZip.writer];
/** Measured in every round too, never compared: what the source costs by itself. */
const timed: readonly Writer[] = [...writers, sourceAlone];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

const WORKLOADS: Record<string, () => BenchFile[]> = {
  "64 x 16 MiB": () =>
    Array.from({ length: 64 }, (_, i) => pseudoRandomFile(`scans/document-${i}.pdf`, 16 * MIB, i, MODIFIED)),
  "1 x 1 GiB": () => [pseudoRandomFile("Family films.mov", GIB, 99, MODIFIED)],
};

console.log(
  `Heirloom export-zip bench: ours against client-zip ${clientZip.version}, ${ROUNDS} rounds, Node ${process.version}, ` +
    `${availableParallelism()} cores (${cpus()[0]?.model ?? "unknown CPU"}), load average ${load()}`,
);

interface Run {
  readonly mibps: number;
  readonly rssGrowthMiB: number;
  readonly peakRssMiB: number;
  readonly archiveBytes: number;
}

async function run(writer: Writer, files: readonly BenchFile[]): Promise<Run> {
  gc();
  const baseline = process.memoryUsage.rss();
  const sink = new CountingSink();
  const payload = files.reduce((sum, file) => sum + file.size, 0);
  const started = performance.now();
  await writer.write(files, sink);
  const seconds = (performance.now() - started) / 1000;
  if (!sink.closed) throw new Error(`${writer.label} did not close the sink`);
  return {
    mibps: payload / MIB / seconds,
    rssGrowthMiB: (sink.peakRss - baseline) / MIB,
    peakRssMiB: sink.peakRss / MIB,
    archiveBytes: sink.bytes,
  };
}

// Warm both up (JIT, the CRC tables) on 64 MiB before the clock counts.
for (const writer of timed)
  await run(
    writer,
    Array.from({ length: 4 }, (_, i) => pseudoRandomFile(`warm-${i}`, 16 * MIB, i, MODIFIED)),
  );

const samples: Record<string, number[]> = {};
const record = (name: string, value: number) => {
  samples[name] = [...(samples[name] ?? []), value];
};
const archiveBytes: Record<string, number> = {};

for (let round = 1; round <= ROUNDS; round++) {
  console.log(`Round ${round} of ${ROUNDS}...`);
  for (const [w, [workload, files]] of Object.entries(WORKLOADS).entries()) {
    // Alternate which writer goes first, per round and per workload, so neither always runs on a warmer machine.
    const order = (round + w) % 2 ? [...timed] : [...timed].reverse();
    const mibps: Record<string, number> = {};
    for (const writer of order) {
      const result = await run(writer, files());
      mibps[writer.label] = result.mibps;
      record(`${workload}.${writer.label}.mibps`, result.mibps);
      record(`${writer.label}.rssGrowth`, result.rssGrowthMiB);
      record(`${writer.label}.peakRss`, result.peakRssMiB);
      archiveBytes[`${workload}.${writer.label}`] = result.archiveBytes;
    }
    record(`${workload}.ratio`, (mibps[clientZip.writer.label] as number) / (mibps[ours.label] as number));
  }
}
const processPeakRssMiB = process.resourceUsage().maxRSS / 1024;
const loadAfterRounds = load();

const guarantees: Record<string, Guarantees> = {};
if (CHECKS) {
  console.log("Guarantees (writing to files in a temporary folder)...");
  const dir = mkdtempSync(path.join(tmpdir(), "heirloom-bench-export-zip-"));
  try {
    for (const writer of writers) guarantees[writer.label] = await checkGuarantees(writer, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

report();

function report() {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  };
  const f1 = (n: number) => n.toFixed(1);
  const f2 = (n: number) => n.toFixed(2);
  const line = (label: string, value: string, note = "") =>
    console.log(`  ${label.padEnd(46)}${value.padStart(14)}  ${note}`);
  const stat = (name: string, unit: string, format = f1) => {
    const values = samples[name] ?? [0];
    return [
      `${format(median(values))}${unit}`,
      `median of ${values.length}, range ${format(Math.min(...values))} to ${format(Math.max(...values))}`,
    ] as const;
  };

  for (const workload of Object.keys(WORKLOADS)) {
    console.log(`\nThroughput, ${workload} (MiB of documents per second)`);
    for (const writer of timed) {
      const bytes = archiveBytes[`${workload}.${writer.label}`] ?? 0;
      const [value, note] = stat(`${workload}.${writer.label}.mibps`, " MiB/s");
      line(writer.label, value, `${note}; ${bytes} B written`);
    }
    const [ratio, note] = stat(`${workload}.ratio`, "", f2);
    line("ratio client-zip / ours (same round)", ratio, note);
  }

  console.log(`  (load average after the timed rounds: ${loadAfterRounds})`);

  console.log("\nResident memory (sampled every 16 MiB written)");
  for (const writer of writers) {
    const [growth, note] = stat(`${writer.label}.rssGrowth`, " MiB");
    line(`${writer.label}: peak growth over the run's start`, growth, note);
    const [peak] = stat(`${writer.label}.peakRss`, " MiB");
    line(`${writer.label}: peak RSS`, peak, "median over runs");
  }
  line("process peak RSS over all timed runs", `${f1(processPeakRssMiB)} MiB`, "getrusage maxrss");

  if (!CHECKS) return;
  console.log("\nGuarantees the export relies on");
  console.log(`  ${"".padEnd(46)}${writers.map((w) => w.label.padEnd(16)).join("")}`);
  for (const [key, label] of Object.entries(GUARANTEE_LABELS)) {
    const cells = writers.map((w) => (guarantees[w.label]?.[key]?.ok ? "yes" : "NO").padEnd(16));
    console.log(`  ${label.padEnd(46)}${cells.join("")}`);
    for (const w of writers) console.log(`      ${w.label}: ${guarantees[w.label]?.[key]?.note ?? ""}`);
  }
}
