import { createHash, hash } from "node:crypto";
import { Worker } from "node:worker_threads";

// [Note: Uploads' MD5 is worked out on its own thread] (ADR 072)
// Every stored object carries the MD5 of its bytes (md5Hash, as Cloud Storage's does), worked out while the bytes
// arrive. On the event loop's thread that was 30% of its time during an upload (bench:storage, CPU profile of the
// server: 1.2 s of the 4.1 s that 512 MiB took), and the thread was busy for 87% of it: the hashing held uploads and
// every other request back. Here an object's bytes are copied, a MiB at a time, to a worker thread that hashes them,
// on the core the event loop is not using. An object under a MiB (a manifest, a header) is hashed on the spot when
// it ends, with no message at all. A stream waits when four of its MiBs are still unhashed, so a thread that falls
// behind holds at most that much of each upload, not the upload.

/** Bytes copied for the thread in one message. */
const batchBytes = 1024 * 1024;
/** Messages of one stream the thread may still be hashing before `update` asks its caller to wait. */
const batchesAhead = 4;

const workerSource = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const hashes = new Map();
parentPort.on("message", (message) => {
  const { id } = message;
  if (message.drop) {
    hashes.delete(id);
    return;
  }
  let md5 = hashes.get(id);
  if (!md5) hashes.set(id, (md5 = createHash("md5")));
  if (message.bytes) md5.update(new Uint8Array(message.bytes));
  if (message.end) {
    hashes.delete(id);
    parentPort.postMessage({ id, md5: md5.digest("base64") });
  } else parentPort.postMessage({ id });
});
`;

/** The MD5 of one object's bytes, fed in order as they arrive. */
export interface Md5Stream {
  /**
   * Adds `bytes` (copied: the caller may reuse them). Answers a promise when the caller should wait for the thread
   * to catch up before the next bytes, undefined otherwise.
   */
  update(bytes: Uint8Array): Promise<void> | undefined;
  /** The MD5, base64, of every byte added. Nothing may be added after. */
  digest(): Promise<string>;
  /** Forgets the stream (its upload failed); its digest is never asked for. */
  drop(): void;
}

export interface Md5Thread {
  stream(): Md5Stream;
  /** Ends the thread, if one was started. Streams still open fail. */
  close(): Promise<void>;
}

interface Waiting {
  resolve(value: string | undefined): void;
  reject(error: Error): void;
}

/** One thread (started with the first object over a MiB) that hashes uploads' bytes for as many streams as come. */
export function createMd5Thread(): Md5Thread {
  let worker: Worker | undefined;
  let nextId = 1;
  /** Each stream with bytes at the thread: how many messages are unanswered, and who waits for the next answer. */
  const open = new Map<number, { unanswered: number; waiting: Waiting[] }>();

  function fail(error: Error) {
    worker = undefined;
    const streams = [...open.values()];
    open.clear();
    for (const stream of streams) for (const waiting of stream.waiting) waiting.reject(error);
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(workerSource, { eval: true });
    started.on("message", (message: { id: number; md5?: string }) => {
      const stream = open.get(message.id);
      if (!stream) return;
      stream.unanswered -= 1;
      if (message.md5 !== undefined) open.delete(message.id);
      stream.waiting.shift()?.resolve(message.md5);
    });
    started.on("error", (error) => fail(new Error(`The upload hashing thread failed: ${error.message}`)));
    started.on("exit", () => {
      if (worker === started) fail(new Error("The upload hashing thread stopped."));
    });
    // Held only while a stream is open, so an idle thread keeps no process from ending.
    started.unref();
    worker = started;
    return started;
  }

  /** `continuing`: the stream's earlier bytes went to the thread, which must still hold them. */
  function post(id: number, message: { bytes?: ArrayBuffer; end?: true }, continuing: boolean) {
    let stream = open.get(id);
    // A thread that failed or closed took the stream's earlier bytes with it: a new one would hash only the rest.
    if (continuing && !stream) throw new Error("The upload hashing thread stopped.");
    const running = thread();
    if (!stream) {
      stream = { unanswered: 0, waiting: [] };
      open.set(id, stream);
      if (open.size === 1) running.ref();
    }
    stream.unanswered += 1;
    running.postMessage({ id, ...message }, message.bytes ? [message.bytes] : []);
    return stream;
  }

  /** The next answer for stream `id`: undefined for bytes hashed, the MD5 for its end. */
  function answer(id: number): Promise<string | undefined> {
    const stream = open.get(id);
    if (!stream) return Promise.reject(new Error("The upload hashing thread stopped."));
    const next = new Promise((resolve, reject) => {
      stream.waiting.push({ resolve, reject });
    }).finally(() => {
      if (!open.size) worker?.unref();
    }) as Promise<string | undefined>;
    // A thread that fails fails the wait for whoever awaits it; one nobody awaits any more is no unhandled rejection.
    next.catch(() => {});
    return next;
  }

  return {
    stream(): Md5Stream {
      const id = nextId++;
      let batch: Buffer | undefined;
      let filled = 0;
      let sent = false;

      function send() {
        const bytes = (batch as Buffer).buffer;
        batch = undefined;
        filled = 0;
        const stream = post(id, { bytes: bytes as ArrayBuffer }, sent);
        sent = true;
        return stream;
      }

      return {
        update(bytes) {
          let at = 0;
          let stream: ReturnType<typeof post> | undefined;
          while (at < bytes.byteLength) {
            batch ??= Buffer.allocUnsafeSlow(batchBytes);
            const taken = Math.min(batchBytes - filled, bytes.byteLength - at);
            batch.set(bytes.subarray(at, at + taken), filled);
            filled += taken;
            at += taken;
            if (filled === batchBytes) stream = send();
          }
          if (!stream) return undefined;
          // Answers come in order, each to the oldest waiter: wait until at most `batchesAhead` batches are left.
          const waits: Promise<string | undefined>[] = [];
          while (stream.unanswered - stream.waiting.length > batchesAhead) waits.push(answer(id));
          if (!waits.length) return undefined;
          const caughtUp = Promise.all(waits).then(() => {});
          caughtUp.catch(() => {});
          return caughtUp;
        },

        async digest() {
          const bytes = batch;
          batch = undefined;
          if (!sent) {
            // Under a MiB in all: hashed here, once, which costs less than a message.
            return hash("md5", bytes ? bytes.subarray(0, filled) : Buffer.alloc(0), "base64");
          }
          // The last part of a MiB in a buffer of its own (it is handed over, so not a view of a shared one).
          post(
            id,
            bytes && filled
              ? { bytes: bytes.buffer.slice(0, filled) as ArrayBuffer, end: true }
              : { end: true },
            true,
          );
          // The batches' answers come first, then the MD5; a thread that fails rejects the wait.
          for (;;) {
            const md5 = await answer(id);
            if (md5 !== undefined) return md5;
          }
        },

        drop() {
          batch = undefined;
          const stream = open.get(id);
          if (!stream) return;
          open.delete(id);
          if (!open.size) worker?.unref();
          worker?.postMessage({ id, drop: true });
          // Whoever still waits for the thread is let go, not failed: the upload has failed already, and a wait left
          // pending by a body reader that stopped reading would otherwise end as an unhandled rejection.
          for (const waiting of stream.waiting) waiting.resolve(undefined);
        },
      };
    },

    async close() {
      const running = worker;
      worker = undefined;
      fail(new Error("The server is closing."));
      if (running) await running.terminate();
    },
  };
}

/** Hashes on the caller's thread, as it goes (a storage service given no thread: tests, tools). */
export function inlineMd5(): Md5Thread {
  return {
    stream() {
      const md5 = createHash("md5");
      return {
        update(bytes) {
          md5.update(bytes);
          return undefined;
        },
        digest: async () => md5.digest("base64"),
        drop() {},
      };
    },
    close: async () => {},
  };
}
