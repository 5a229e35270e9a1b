// The storage API's own throughput, without a browser: Node POSTs 4 MiB objects, 3 in flight, then GETs them back,
// against the real server (POST /v0/b/heirloom/o multipart, GET ?alt=media) and against the bare Node server of
// bench/documents/bare-server.ts (no framework, no parsing, no database, no hashing; the same write, fsync, rename and
// folder fsync) in the same run, alternating. Prints MiB/s and raw/bare, and each server's CPU time per GiB: all its
// threads, and its event loop's thread alone (what the server's other requests wait behind). For profiling, pass
// STORAGE_LOAD_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof". Run: npm run bench:storage
// (BENCH_STORAGE_OBJECTS=64 objects per run by default, BENCH_ROUNDS=2).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAccount, signInHttp } from "../e2e/support/accounts.ts";
import { startServer } from "../e2e/support/server.ts";
import { cpuSeconds, mainThreadCpuSeconds, startBareServer } from "./documents/bare-server-process.ts";

const MIB = 1024 * 1024;
const objects = Number(process.env.BENCH_STORAGE_OBJECTS ?? 64);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const size = 4 * MIB;
const work = mkdtempSync(path.join(tmpdir(), "heirloom-bench-storage-"));
const server = await startServer({
  TRUST_PROXY: "1",
  STORAGE_FREE_BYTES: String(4 * objects * size),
  ...(process.env.STORAGE_LOAD_NODE_OPTIONS ? { NODE_OPTIONS: process.env.STORAGE_LOAD_NODE_OPTIONS } : {}),
});
const bare = await startBareServer(work);
try {
  const account = await createAccount(server.baseUrl);
  const http = await signInHttp(server.baseUrl, account.email, account.password);
  const cookie = [...http.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const headers = { origin: server.baseUrl, cookie, "x-forwarded-for": http.address };
  const payload = randomBytes(size);
  const boundary = "load-boundary";
  const multipart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ size })}\r\n--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    payload,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const targets = {
    raw: {
      upload: (name: string) =>
        fetch(
          `${server.baseUrl}/v0/b/heirloom/o?name=${encodeURIComponent(`users/${account.userId}/${name}`)}`,
          {
            method: "POST",
            headers: { ...headers, "content-type": `multipart/related; boundary=${boundary}` },
            body: multipart,
          },
        ),
      download: (name: string) =>
        fetch(
          `${server.baseUrl}/v0/b/heirloom/o/${encodeURIComponent(`users/${account.userId}/${name}`)}?alt=media`,
          { headers },
        ),
    },
    bare: {
      upload: (name: string) => fetch(`${bare.url}/o/${name}`, { method: "POST", body: payload }),
      download: (name: string) => fetch(`${bare.url}/o/${name}`),
    },
  };
  // Throughput depends on what else the machine runs; the server's own CPU time per GiB does much less.
  const timed = async (pid: number | undefined, work: (i: number) => Promise<void>) => {
    let next = 0;
    const started = performance.now();
    const cpuBefore = cpuSeconds(pid);
    const loopBefore = mainThreadCpuSeconds(pid);
    await Promise.all(
      [0, 1, 2].map(async () => {
        while (next < objects) await work(next++);
      }),
    );
    const mib = objects * 4;
    return {
      mibps: mib / ((performance.now() - started) / 1000),
      cpuPerGib: ((cpuSeconds(pid) - cpuBefore) * 1024) / mib,
      loopPerGib: ((mainThreadCpuSeconds(pid) - loopBefore) * 1024) / mib,
    };
  };
  const totals = {
    raw: { up: 0, down: 0, upCpu: 0, downCpu: 0, upLoop: 0, downLoop: 0 },
    bare: { up: 0, down: 0, upCpu: 0, downCpu: 0, upLoop: 0, downLoop: 0 },
  };
  for (let round = 1; round <= rounds; round++) {
    for (const variant of round % 2 ? (["raw", "bare"] as const) : (["bare", "raw"] as const)) {
      const target = targets[variant];
      const pid = variant === "raw" ? server.pid : bare.pid;
      const name = (i: number) => `r${round}-${String(i).padStart(6, "0")}`;
      const up = await timed(pid, async (i) => {
        const response = await target.upload(name(i));
        if (!response.ok)
          throw new Error(`${variant} upload ${i}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      });
      const down = await timed(pid, async (i) => {
        const response = await target.download(name(i));
        if (!response.ok) throw new Error(`${variant} download ${i}: ${response.status}`);
        const bytes = await response.arrayBuffer();
        if (bytes.byteLength !== size) throw new Error(`${variant} download ${i}: ${bytes.byteLength} bytes`);
      });
      totals[variant].up += up.mibps / rounds;
      totals[variant].down += down.mibps / rounds;
      totals[variant].upCpu += up.cpuPerGib / rounds;
      totals[variant].downCpu += down.cpuPerGib / rounds;
      totals[variant].upLoop += up.loopPerGib / rounds;
      totals[variant].downLoop += down.loopPerGib / rounds;
      console.log(
        `round ${round} ${variant.padEnd(4)} up ${up.mibps.toFixed(1)} MiB/s (server CPU ${up.cpuPerGib.toFixed(2)} s/GiB, event loop ${up.loopPerGib.toFixed(2)}), down ${down.mibps.toFixed(1)} MiB/s (server CPU ${down.cpuPerGib.toFixed(2)} s/GiB, event loop ${down.loopPerGib.toFixed(2)})`,
      );
    }
  }
  const { raw, bare: b } = totals;
  console.log(
    `server event loop thread's CPU per GiB (what other requests wait behind): bare up ${b.upLoop.toFixed(2)} s, down ${b.downLoop.toFixed(2)} s; raw up ${raw.upLoop.toFixed(2)} s, down ${raw.downLoop.toFixed(2)} s`,
  );
  console.log(
    `server CPU per GiB: bare up ${b.upCpu.toFixed(2)} s, down ${b.downCpu.toFixed(2)} s; raw up ${raw.upCpu.toFixed(2)} s, down ${raw.downCpu.toFixed(2)} s; raw/bare up ${(raw.upCpu / b.upCpu).toFixed(2)}, down ${(raw.downCpu / b.downCpu).toFixed(2)}`,
  );
  console.log(
    `mean: bare up ${totals.bare.up.toFixed(1)}, down ${totals.bare.down.toFixed(1)}; raw up ${totals.raw.up.toFixed(1)}, down ${totals.raw.down.toFixed(1)} MiB/s; raw/bare up ${(totals.raw.up / totals.bare.up).toFixed(2)}, down ${(totals.raw.down / totals.bare.down).toFixed(2)}`,
  );
} finally {
  await bare.stop();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
