import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// [Note: Checkpoints run on their own thread] (ADR 052)
// In WAL mode a commit appends pages to the log, and SQLite's automatic checkpoint then copies the log back into the
// database file and flushes it, on the connection that happened to commit past 1,000 pages: a person's save, or the
// sweep between two batches, waited for that copy. SQLite's own advice for a busy writer is to turn the automatic
// checkpoint off and run checkpoints from another thread. A file database opened by the server gets a worker thread
// with its own connection that runs a PASSIVE checkpoint (it never blocks a reader or the writer) every
// `intervalMs`; on a 2-core machine that copy happens on the core the event loop is not using. The writer's
// automatic checkpoint stays on at a higher mark, as a backstop should the worker ever fall behind or stop.

/** The writer checkpoints by itself only when the log passes this many pages (64 MiB), which the worker prevents. */
export const backstopCheckpointPages = 16_384;

const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 0");
db.pragma("synchronous = FULL");
const checkpoint = db.prepare("pragma wal_checkpoint(PASSIVE)");
let failures = 0;
let told = "";
const timer = setInterval(() => {
  try {
    const [result] = checkpoint.all();
    // Said only when it changed: an idle log reports the same frames every tick.
    const now = result ? result.log + "/" + result.checkpointed : "";
    if (result && result.log > 0 && now !== told) {
      told = now;
      parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed });
    }
  } catch (error) {
    // Busy: another process's checkpoint is running; the next tick tries again. Anything else is said once.
    if (error.code !== "SQLITE_BUSY" && failures++ === 0) parentPort.postMessage({ error: String(error.message) });
  }
}, workerData.intervalMs);
parentPort.on("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** What the worker's last checkpoint that found a log reported: its frames, and how many are in the file. */
  readonly last: { log: number; checkpointed: number } | undefined;
  /** Stops the thread and closes its connection (the last one closed checkpoints and removes the log). */
  stop(): Promise<void>;
}

export function startWalCheckpointer(
  file: string,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { file, driver, intervalMs: options.intervalMs ?? 100 },
  });
  worker.unref();
  let last: WalCheckpointer["last"];
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.on("message", (message: { log?: number; checkpointed?: number; error?: string }) => {
    if (message.error) (options.onError ?? console.error)(`SQLite checkpoint thread: ${message.error}`);
    else last = { log: message.log ?? 0, checkpointed: message.checkpointed ?? 0 };
  });
  worker.on("error", (error) =>
    (options.onError ?? console.error)(`SQLite checkpoint thread: ${error.message}`),
  );
  return {
    get last() {
      return last;
    },
    async stop() {
      // Held until it has exited, so the process waits for the thread's connection to close.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
