import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * apps/server's start script (`[NAME=value ...] node [--flags] <script>`), taken apart: the Node flags, the script
 * (relative to apps/server) and the environment settings put before `node` (MALLOC_ARENA_MAX, ADR 057).
 */
export function startScript(): { nodeFlags: string[]; script: string; env: Record<string, string> } {
  const serverDir = path.join(root, "apps/server");
  const start = (
    JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts.start;
  const words = start?.trim().split(/\s+/) ?? [];
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=\S*$/.test(words[0])) {
    const [name = "", ...value] = (words.shift() as string).split("=");
    env[name] = value.join("=");
  }
  const script = words.at(-1);
  if (words[0] !== "node" || !script || !words.slice(1, -1).every((word) => word.startsWith("--")))
    throw new Error(`apps/server's start script is not "[NAME=value ...] node [--flags] <script>": ${start}`);
  return { nodeFlags: words.slice(1, -1), script, env };
}

/**
 * The server as `npm start` runs it (startScript): the Node flags and the script to run, and the environment settings
 * put before `node`, so the journeys and the benches run exactly what is deployed. The bundle comes from `npm run
 * build`.
 */
export function serverCommand(): { args: string[]; env: Record<string, string> } {
  const { nodeFlags, script, env } = startScript();
  const scriptPath = path.join(root, "apps/server", script);
  if (!existsSync(scriptPath)) throw new Error(`${scriptPath} is missing: run npm run build first.`);
  return { args: [...nodeFlags, scriptPath], env };
}

export interface RunningServer {
  baseUrl: string;
  /** The server's process id (benchmarks read its CPU time from /proc). */
  pid: number | undefined;
  dataDir: string;
  /** SIGTERM, then removes the data folder (unless it was given to startServer). */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a pulled plug: nothing is flushed or cleaned up, and the data folder stays. */
  kill(): Promise<void>;
}

/**
 * Starts the real server (as `npm start` does: serverCommand) on a free port with a fresh data folder. Pass `dataDir` to
 * start it again on an existing folder (a restart after kill()); that folder is then left for its owner to remove.
 */
export async function startServer(
  env: Record<string, string> = {},
  port?: number,
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  port ??= await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "heirloom-e2e-"));
  const command = serverCommand();
  const child: ChildProcess = spawn(process.execPath, command.args, {
    cwd: root,
    env: {
      ...process.env,
      ...command.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise((r) => setTimeout(r, 200, "wait"))]);
    if (early !== "wait")
      throw new Error(`The server exited before it was ready (exit code ${String(early)}).`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("The server did not become healthy within 60 s.");
  }
  return {
    baseUrl,
    pid: child.pid,
    dataDir,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}
