import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/** Starts bench/documents/bare-server.ts as its own process, storing into `dir`. */
export async function startBareServer(
  dir: string,
): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "bare-server.ts"), dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (data: Buffer) => {
      out += data.toString();
      const match = /listening (\d+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** CPU time (user + system) a process has used so far, in seconds (Linux /proc; 0 elsewhere). */
export function cpuSeconds(pid: number | undefined): number {
  return statCpuSeconds(`/proc/${pid}/stat`);
}

/** The CPU time of the process's main thread alone (its event loop), in seconds; 0 when it cannot be read. */
export function mainThreadCpuSeconds(pid: number | undefined): number {
  return statCpuSeconds(`/proc/${pid}/task/${pid}/stat`);
}

function statCpuSeconds(file: string): number {
  try {
    const fields = readFileSync(file, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat(5), counted from the state field (3) here; clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
