// The server's request throughput beside a bare Fastify hello-world on the same Node, in the same run (issue 16).
// Starts the real server (NODE_ENV=production, the built web app, SQLite in a temp data folder, LOG_LEVEL=warn) and the
// hello-world, both on loopback, and drives each target with autocannon (50 connections, BENCH_SECONDS seconds per
// target, 10 by default, after a short unreported warm-up). Prints req/s, p50, p99 and the ratio to the hello-world's
// req/s, driven the same way just before each target (by an autocannon that does not collect answers' bodies: see
// below), per line (goals: signed-in JSON reads >= 0.30 with p99 < 50 ms, /healthz >= 0.50), and for the signed-in
// reads and the home page also the ratio to the same bare server sending an answer of the same size, the server's CPU
// time per request beside the hello-world's (read from /proc), and how much of a core the server and autocannon each
// used (autocannon near 100%: the client ran out first, and the req/s ratio says more about autocannon than about the
// server); then the hello-world's range over the run, the signed-in reads' lowest and highest ratio and every target's
// CPU ratio; the server's resident memory after boot, after the load, after a forced GC and after 12 s quiet (read from
// /proc/PID/status), with where it is after boot and after the load (the node binary's pages, V8's heap pages, the C
// heap, the rest); and the time from spawning each process to its first 200 (/healthz for the app; after a restart,
// also to its first page). Not a test:
// nothing fails on a slow or busy machine. Run from the repository root after `npm run build`:
//   npm run bench:server
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:server   (a fresh database there,
//   dropped at the end)
// BENCH_CPU_PROF=<folder> starts the app server with --cpu-prof and writes its profile into that folder on exit;
// The signed-in reads run once as autocannon sends them (no Accept-Encoding) and once as browsers do (br, gzip).
// BENCH_ONLY=profile,keys measures only the targets whose label holds one of those words (and the hello-world).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { createAccount } from "../e2e/support/accounts.ts";
import { storeDocument, unlock } from "../e2e/support/legacy-release.ts";
import { freePort, serverCommand } from "../e2e/support/server.ts";
import { cpuSeconds } from "./documents/bare-server-process.ts";

// autocannon adds every answer's body to a string as it arrives (lib/pipelinedRequestsQueue.js), for body checks this
// bench never asks for. Decoding a compressed answer as UTF-8 costs it about three times what text does: against a
// bare server that replayed the compressed home page's exact bytes and did nothing else, autocannon reached 9,300
// req/s (28,000 for text of the same size), so the page's line measured autocannon. That collection is turned off
// here, for every target and the hello-world alike (the hello-world's rate moved by 2%; ADR 059).
const pipelinedRequests = createRequire(import.meta.url)("autocannon/lib/pipelinedRequestsQueue.js") as {
  prototype: { addBody?: unknown };
};
if (typeof pipelinedRequests.prototype.addBody !== "function")
  throw new Error(
    "autocannon no longer collects bodies in PipelinedRequestsQueue.addBody: look again at bench/server.ts",
  );
pipelinedRequests.prototype.addBody = () => {};

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const QUIET_MS = 12_000;
const WARMUP_SECONDS = Math.max(1, Math.min(3, Math.round(SECONDS / 5)));
const CONNECTIONS = 50;
const DOCUMENTS = 20;
const root = path.resolve(import.meta.dirname, "..");

interface Started {
  child: ChildProcess;
  baseUrl: string;
  coldStartMs: number;
  /** performance.now() when the process was spawned. */
  spawnedAt: number;
  stop(): Promise<void>;
}

/**
 * Spawns `command` (Node flags, then the script) on the same Node and waits for the first 200 of `probe`. `gcDoor`
 * adds --expose-gc and the bench's GC door, a TypeScript preload: it costs a start the type stripper's own start-up
 * (about 0.15 s here), which the bundled server never pays, so the restart that measures a cold start goes without.
 */
async function start(
  command: string[],
  env: Record<string, string>,
  probe: string,
  options: { extraArgs?: string[]; gcDoor?: boolean } = {},
) {
  const { extraArgs = [], gcDoor = true } = options;
  const script = command.at(-1);
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(gcDoor ? ["--expose-gc", "--import", path.join(root, "bench/server/gc-on-signal.ts")] : []),
      ...extraArgs,
      ...command,
    ],
    {
      cwd: root,
      env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ...env },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited before it answered (${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}${probe}`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${script} did not answer 200 within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const coldStartMs = performance.now() - started;
  return {
    child,
    baseUrl,
    coldStartMs,
    spawnedAt: started,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  } satisfies Started;
}

/** Resident memory of a process in MiB, as the kernel counts it. */
function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/**
 * Where a process's resident memory is, from /proc/PID/smaps: the pages of the node binary itself (code and data
 * read from its file, which V8's and ICU's use pulls in), anonymous mappings of exactly 256 KiB (the size of V8's
 * heap pages: the JavaScript heaps of the main thread and any worker), the C heap (`[heap]`, malloc's main arena) and
 * every other mapping (other malloc arenas, thread stacks, V8's code range, libraries).
 */
function residentParts(pid: number): string {
  const parts = { binary: 0, v8: 0, malloc: 0, other: 0 };
  let part: keyof typeof parts = "other";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const [, from = "0", to = "0", name = ""] = mapping;
      const bytes = Number.parseInt(to, 16) - Number.parseInt(from, 16);
      part =
        name === process.execPath
          ? "binary"
          : name === "[heap]"
            ? "malloc"
            : name === "" && bytes === 256 * 1024
              ? "v8"
              : "other";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB$/.exec(line);
    if (rss) parts[part] += Number(rss[1]) / 1024;
  }
  const mib = (value: number) => value.toFixed(0);
  return `binary ${mib(parts.binary)}, V8 pages ${mib(parts.v8)}, C heap ${mib(parts.malloc)}, other ${mib(parts.other)}`;
}

async function residentAfterGc(pid: number): Promise<number> {
  process.kill(pid, "SIGUSR2");
  await new Promise((resolve) => setTimeout(resolve, 500));
  // Without the GC door the signal would have ended the process: /proc/PID/status then no longer exists.
  return residentMiB(pid);
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return result;
}

const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);
const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
/** The hello-world's URL: the ceiling, driven again just before each target. */
let ceilingUrl = "";
const ceilings: number[] = [];
const ratios: { label: string; ratio: number; cpuRatio: number }[] = [];
/** The hello-world's and the app server's process ids, whose CPU time a drive reads. */
let helloPid = 0;
let appPid = 0;

/**
 * Warms `url` up, then drives it for SECONDS: autocannon's result, the CPU time (user and system, all threads) the
 * answering process `pid` took per request, in microseconds, and the share of one core that autocannon itself (this
 * process) used meanwhile: near 100%, it is the client that ran out first.
 */
async function drive(url: string, pid: number, headers: Record<string, string> = {}) {
  await load(url, headers, WARMUP_SECONDS);
  const before = cpuSeconds(pid);
  const clientBefore = cpuSeconds(process.pid);
  const started = performance.now();
  const result = await load(url, headers, SECONDS);
  return {
    result,
    cpuMicros: ((cpuSeconds(pid) - before) * 1e6) / Math.max(1, result.requests.total),
    clientCore: ((cpuSeconds(process.pid) - clientBefore) * 1000) / (performance.now() - started),
  };
}

/**
 * Measures `url` and prints its line, with its ratio to the hello-world driven just before it (the machine's speed
 * drifts: the same hello-world ran at 17,000 and at 27,000 req/s in two runs of one afternoon, so a ceiling measured
 * once at the start made every later ratio swing with it). With `sameSize` (the base URL of the hello-world
 * process), the bare server is then driven with an answer of the target's average size on the wire (autocannon's
 * bytes per response), and the line adds the ratio to that: on loopback, the sender pays for the receiver's TCP work,
 * so a 5 KB answer costs more than a 17-byte one whatever the server does. Each line ends with the server's CPU time
 * per request beside the hello-world's: autocannon runs in this one Node thread, on the same two cores, and for the
 * hello-world it is autocannon that runs out first (the same hello-world answered 18,000-22,000 req/s with the two
 * pinned to different cores, and twice that when autocannon could take a share of the server's core too), so the
 * req/s ratio swings with how the two are scheduled. CPU time per request is another view, not a steadier one: a
 * server that finds fewer requests at each wake-up pays more per request (the hello-world took 21 us a request at
 * 45,000 req/s and 38 us at 20,500 in one run).
 */
async function measure(label: string, url: string, headers: Record<string, string> = {}, sameSize?: string) {
  if (only && !only.some((word) => label.includes(word))) return;
  const {
    result: ceilingResult,
    cpuMicros: ceilingCpu,
    clientCore: ceilingClient,
  } = await drive(ceilingUrl, helloPid);
  const ceiling = ceilingResult.requests.average;
  ceilings.push(ceiling);
  const { result, cpuMicros, clientCore } = await drive(url, appPid, headers);
  const rps = result.requests.average;
  ratios.push({ label, ratio: rps / ceiling, cpuRatio: ceilingCpu / cpuMicros });
  const faults = result.non2xx + result.errors + result.timeouts;
  let sized = "";
  if (sameSize) {
    const bytes = Math.round(result.throughput.average / result.requests.average);
    // The bare answer's own headers are about 150 bytes; its body makes up the rest.
    const bare = `${sameSize}/bytes/${Math.max(16, bytes - 150)}`;
    const { result: reference } = await drive(bare, helloPid);
    sized = `  ${(rps / reference.requests.average).toFixed(2)}x of a bare ${bytes.toLocaleString("en")}-byte answer (${Math.round(reference.requests.average).toLocaleString("en")} req/s)`;
  }
  console.log(
    [
      pad(label, 52),
      padLeft(`${Math.round(rps).toLocaleString("en")} req/s`, 13),
      padLeft(`p50 ${result.latency.p50} ms`, 12),
      padLeft(`p99 ${result.latency.p99} ms`, 13),
      padLeft(`${(rps / ceiling).toFixed(2)}x`, 7),
      ` of ${Math.round(ceiling).toLocaleString("en")}`,
      faults ? `  (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)` : "",
      sized,
      `  CPU ${Math.round(cpuMicros)} us/request (hello-world ${Math.round(ceilingCpu)}: ${(ceilingCpu / cpuMicros).toFixed(2)}x)`,
      `  server at ${Math.round((cpuMicros * rps) / 1e4)}% of a core, autocannon at ${Math.round(clientCore * 100)}% (hello-world run: ${Math.round((ceilingCpu * ceiling) / 1e4)}% and ${Math.round(ceilingClient * 100)}%)`,
    ].join(""),
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), "heirloom-bench-server-"));
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (benchDatabaseUrl) {
  const name = `heirloom_bench_server_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: benchDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(benchDatabaseUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: benchDatabaseUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

const running: Started[] = [];
try {
  const hello = await start([path.join(root, "bench/server/hello-world.ts")], {}, "/");
  running.push(hello);
  const helloBootMiB = residentMiB(hello.child.pid as number);
  const helloBootParts = residentParts(hello.child.pid as number);
  const profileDir = process.env.BENCH_CPU_PROF;
  const appCommand = serverCommand();
  const appEnv = {
    ...appCommand.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // The server as `npm start` runs it (the bundle in apps/server/dist, with its start script's Node flags).
  const app = await start(appCommand.args, appEnv, "/healthz", {
    extraArgs: profileDir ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(profileDir)] : [],
  });
  running.push(app);
  const pid = app.child.pid as number;
  helloPid = hello.child.pid as number;
  appPid = pid;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const bootMiB = residentMiB(pid);
  const bootParts = residentParts(pid);

  // One signed-in owner with DOCUMENTS small documents, stored as the browser stores them (key, header, chunk,
  // signed manifest), through the real API.
  const account = await createAccount(app.baseUrl, { name: "Bench Owner" });
  const owner = await unlock(app.baseUrl, account);
  for (let i = 0; i < DOCUMENTS; i++)
    await storeDocument(owner, { name: `document-${i}.pdf`, bytes: randomBytes(2048) }, []);
  const signedIn = {
    cookie: [...owner.http.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    origin: app.baseUrl,
    accept: "application/json",
  };
  const listUrl = `${app.baseUrl}/v0/b/heirloom/o?prefix=${encodeURIComponent(`users/${account.userId}/documents/`)}`;
  const listed = (await (await fetch(listUrl, { headers: signedIn })).json()) as { items: unknown[] };

  console.log(
    `Heirloom server bench: ${benchDatabaseUrl ? "PostgreSQL" : "SQLite"}, ${CONNECTIONS} connections, ` +
      `${SECONDS} s per target after ${WARMUP_SECONDS} s of warm-up; ${DOCUMENTS} documents (${listed.items.length} objects listed)`,
  );
  ceilingUrl = `${hello.baseUrl}/`;
  console.log(
    "target                                                     req/s         p50          p99  ratio to the hello-world just before",
  );
  await measure("GET /healthz", `${app.baseUrl}/healthz`);
  const bare = hello.baseUrl;
  await measure("GET /api/account/profile (signed in)", `${app.baseUrl}/api/account/profile`, signedIn, bare);
  await measure("GET /api/account/keys (signed in)", `${app.baseUrl}/api/account/keys`, signedIn, bare);
  await measure(
    "GET /api/account/keys (signed in, br/gzip)",
    `${app.baseUrl}/api/account/keys`,
    { ...signedIn, "accept-encoding": "br, gzip" },
    bare,
  );
  await measure(`storage list of ${DOCUMENTS} documents (signed in)`, listUrl, signedIn, bare);
  await measure(
    `storage list of ${DOCUMENTS} documents (signed in, br/gzip)`,
    listUrl,
    { ...signedIn, "accept-encoding": "br, gzip" },
    bare,
  );
  await measure("GET / (no compression)", `${app.baseUrl}/`, { accept: "text/html" }, bare);
  await measure(
    "GET / (Accept-Encoding: br, gzip)",
    `${app.baseUrl}/`,
    { accept: "text/html", "accept-encoding": "br, gzip" },
    bare,
  );

  if (ceilings.length) {
    const signedIn = ratios.filter((r) => r.label.includes("signed in"));
    const health = ratios.find((r) => r.label.includes("healthz"));
    const page = ratios.find((r) => r.label.startsWith("GET / (Accept-Encoding"));
    const range = (values: number[], digits: number) =>
      `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
    console.log(
      `hello-world across the run: ${range(ceilings, 0)} req/s` +
        (signedIn.length
          ? `; signed-in reads ${range(
              signedIn.map((r) => r.ratio),
              2,
            )}x (goal >= 0.30)`
          : "") +
        (health ? `; /healthz ${health.ratio.toFixed(2)}x (goal >= 0.50)` : "") +
        (page ? `; the home page as browsers ask for it ${page.ratio.toFixed(2)}x (goal >= 0.30)` : ""),
    );
    console.log(
      `by CPU time per request (the hello-world's over the target's): ${ratios
        .map((r) => `${r.label} ${r.cpuRatio.toFixed(2)}x`)
        .join("; ")}`,
    );
  }
  const loadedMiB = residentMiB(pid);
  const loadedParts = residentParts(pid);
  const gcMiB = await residentAfterGc(pid);
  const helloLoadedMiB = await residentAfterGc(hello.child.pid as number);
  // The server gives its empty heap pages back in its first quiet 5 s after a load (ADR 055): read it once that
  // has had time to happen.
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  const quietMiB = residentMiB(pid);
  const mib = (value: number) => `${value.toFixed(0)} MiB`;
  console.log(
    `memory (resident): server ${mib(bootMiB)} after boot, ${mib(loadedMiB)} after load, ${mib(gcMiB)} after GC, ` +
      `${mib(quietMiB)} after ${QUIET_MS / 1000} s quiet; ` +
      `hello-world ${mib(helloBootMiB)} after boot, ${mib(helloLoadedMiB)} after load and GC`,
  );
  console.log(
    `  of which (MiB): server after boot ${bootParts}; after load ${loadedParts}; hello-world after boot ${helloBootParts}`,
  );
  // Started again on the same data folder: what a restart costs once the migrations have run.
  await app.stop();
  running.pop();
  const again = await start(appCommand.args, appEnv, "/healthz", { gcDoor: false });
  running.push(again);
  // The first page after that start: it loads the render build, which the server leaves until a page is asked for.
  const page = await fetch(`${again.baseUrl}/`);
  await page.arrayBuffer();
  if (page.status !== 200) throw new Error(`GET / after the restart answered ${page.status}`);
  const firstPageMs = performance.now() - again.spawnedAt;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `cold start to the first 200: server ${seconds(again.coldStartMs)} on an existing data folder (/healthz; goal ` +
      `under 1 s; its first page, GET / asked for then, at ${seconds(firstPageMs)}), ${seconds(app.coldStartMs)} ` +
      `on a fresh one; hello-world ${seconds(hello.coldStartMs)} (the last two with the bench's GC preload)`,
  );
} finally {
  for (const server of running.reverse()) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
}
