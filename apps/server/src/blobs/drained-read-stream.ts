import type { FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import type { BlobStreamDestination } from "./blob-store.ts";

// [Note: Reading a download into the same buffer again] A file stream reads into a new buffer every time: a 1 GiB
// download allocates 1 GiB of buffers outside V8's heap. V8 counts that memory, and past a limit it starts a full
// collection of the heap to find buffers it can free: during bench:storage's downloads the server ran a full
// collection (15-40 ms each, of a 35 MiB heap that never shrank) every 50-100 ms, about 40% of its thread.
// A download that is piped into one HTTP answer does not need new buffers: once the answer has handed every byte
// written to it to the system (its writableLength is 0), nothing refers to the chunk it was given, and the next read
// can go into the same buffer. Full-size buffers go back to a small pool for the next download once their answer
// has finished.

/** Full-size read buffers kept between downloads, and the most kept. */
const pool: Buffer[] = [];
const poolMax = 8;

/** How many of the pool's buffers are there now (tests). */
export function pooledReadBuffers(): number {
  return pool.length;
}

/**
 * Streams `length` bytes of `handle` from `start`, in reads of at most `readSize`, reusing one buffer for every read:
 * before each read after the first it waits until `destination` has handed everything written to it to the system.
 * Only for a stream piped into `destination` and read by nothing else: a consumer that kept a chunk would see it
 * overwritten by the next read. Until `destination` reports the pipe from this stream, every read goes into a new
 * buffer. Closes `handle` when it ends or is destroyed.
 */
export function drainedReadStream(
  handle: FileHandle,
  start: number,
  length: number,
  readSize: number,
  destination: BlobStreamDestination,
): Readable {
  const size = Math.min(readSize, length);
  let buffer: Buffer | undefined;
  // Whether `buffer` is a full-size one that may go back to the pool.
  let poolable = false;
  let position = start;
  let remaining = length;
  // Set when the stream is piped into `destination` itself. Until then (or ever, when something else reads it), every
  // read goes into a new buffer.
  let piped = false;

  /**
   * The buffer the next read may use: the same one once the destination has let go of it, else a new one; undefined
   * when the destination was closed meanwhile (the client went away: the stream ends without an error, as its
   * other end does).
   */
  async function free(): Promise<Buffer | undefined> {
    if (!piped) {
      poolable = false;
      buffer = Buffer.allocUnsafeSlow(size);
      return buffer;
    }
    if (!buffer) {
      poolable = size === readSize;
      buffer = (poolable && pool.pop()) || Buffer.allocUnsafeSlow(size);
      return buffer;
    }
    while (destination.writableLength > 0 && !destination.destroyed) {
      if (!destination.writableNeedDrain) {
        // It holds bytes but will not say when it lets go of them (a write smaller than its high-water mark):
        // leave the buffer to it and read into a new one.
        poolable = false;
        buffer = Buffer.allocUnsafeSlow(size);
        return buffer;
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          destination.off("drain", done);
          destination.off("close", done);
          resolve();
        };
        destination.on("drain", done);
        destination.on("close", done);
      });
    }
    return destination.destroyed ? undefined : buffer;
  }

  const stream: Readable = new Readable({
    // read() is asked for more only when nothing is waiting here: the chunk before has gone to the destination.
    highWaterMark: 1,
    read() {
      void (async () => {
        try {
          const into = await free();
          if (!into) {
            this.destroy();
            return;
          }
          const { bytesRead } = await handle.read(into, 0, Math.min(size, remaining), position);
          if (bytesRead === 0) throw new Error(`the file ended ${remaining} bytes before the range did`);
          position += bytesRead;
          remaining -= bytesRead;
          this.push(into.subarray(0, bytesRead));
          if (remaining === 0) this.push(null);
        } catch (error) {
          this.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    },
    destroy(error, callback) {
      const kept = buffer;
      // Back to the pool only after a whole download, once its answer has finished (every byte handed over); an
      // answer that fails never finishes, and the buffer is left to the collector.
      if (kept && poolable && !error && remaining === 0 && !destination.destroyed) {
        const give = () => {
          if (pool.length < poolMax) pool.push(kept);
        };
        if (destination.writableFinished) give();
        else destination.once("finish", give);
      }
      buffer = undefined;
      destination.off("pipe", onPipe);
      handle.close().then(
        () => callback(error),
        (closeError: Error) => callback(error ?? closeError),
      );
    },
  });
  function onPipe(source: unknown) {
    if (source !== stream) return;
    piped = true;
    destination.off("pipe", onPipe);
  }
  destination.on("pipe", onPipe);
  return stream;
}
