import { randomBytes } from "node:crypto";
import { constants, type Dirent } from "node:fs";
import {
  access,
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
} from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "./blob-store.ts";
import { drainedReadStream } from "./drained-read-stream.ts";
import {
  assertValidKey,
  assertValidPrefix,
  assertValidRange,
  BlobRangeError,
  objectFileSuffix,
} from "./keys.ts";

/**
 * Blobs as files under `root`. Key "a/b/c" is the file root/a/b/c.blob: the suffix lets "a/b" be an object and a
 * prefix of "a/b/c" at once, as S3 allows. Writes go to a dot-named temporary file in the same directory, are
 * fsynced, renamed over the target and the directory is fsynced, so a reader (or a restart after a crash) sees the
 * old object or the whole new one, never part of one. Dot-names are never keys, so listings skip leftovers.
 */
export function createFsBlobStore(rootDir: string): BlobStore {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => `${path.join(root, ...key.split("/"))}${objectFileSuffix}`;

  return {
    kind: "fs",

    async put(key, body) {
      assertValidKey(key);
      const file = fileOf(key);
      const dir = path.dirname(file);
      const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(8).toString("hex")}.tmp`);
      const handle = await openTempFile(root, dir, temp);
      let size = 0;
      // The write still in flight when the body fails: the file is closed and removed only after it settles.
      const inFlight: { write?: Promise<void> } = {};
      try {
        if (body instanceof Uint8Array) {
          await writeAll(handle, body);
          size = body.byteLength;
        } else {
          size = await writeBatched(handle, body, inFlight);
        }
        await handle.sync();
      } catch (error) {
        await inFlight.write?.catch(() => {});
        await handle.close().catch(() => {});
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      // The rename is durable only once the directory entry itself is on disk.
      await fsyncDir(dir);
      return { size };
    },

    async removeLeftovers(startedAt) {
      return removeTemporaryFiles(root, startedAt.getTime());
    },

    async get(key) {
      assertValidKey(key);
      try {
        const bytes = await readFile(fileOf(key));
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async stream(key, range, destination) {
      assertValidKey(key);
      if (range) assertValidRange(range);
      let handle: FileHandle;
      try {
        // Reading through an open descriptor keeps serving this version even if a put renames a new one over it.
        handle = await open(fileOf(key), "r");
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      if (range) {
        try {
          const { size } = await handle.stat();
          if (range.start >= size) {
            throw new BlobRangeError(
              `Byte range starts at ${range.start}, past the end of a ${size}-byte object`,
            );
          }
        } catch (error) {
          await handle.close();
          throw error;
        }
      }
      // [Note: Read size of a blob stream] Reads of up to 1 MiB (Node's default is 64 KiB): a 4 MiB chunk object then
      // takes 4 reads and 4 socket writes instead of 64 of each, which is most of the server's time per download.
      // A small object gets a read of its own size, not a 1 MiB buffer. autoClose (the default) closes the
      // descriptor when the stream ends or is destroyed.
      let length: number;
      try {
        length = range ? range.end - range.start + 1 : (await handle.stat()).size;
      } catch (error) {
        await handle.close();
        throw error;
      }
      if (destination && length > 0)
        return drainedReadStream(handle, range?.start ?? 0, length, readSize, destination);
      const highWaterMark = Math.min(readSize, Math.max(minReadSize, length));
      return handle.createReadStream(
        range ? { start: range.start, end: range.end, highWaterMark } : { highWaterMark },
      );
    },

    async head(key) {
      assertValidKey(key);
      try {
        return { size: (await stat(fileOf(key))).size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      const file = fileOf(key);
      await rm(file, { force: true });
      await pruneEmptyDirs(root, path.dirname(file));
    },

    async list(prefix) {
      assertValidPrefix(prefix);
      const cut = prefix.lastIndexOf("/") + 1;
      const dirKey = prefix.slice(0, cut);
      const namePrefix = prefix.slice(cut);
      const keys: string[] = [];
      await collectKeys(path.join(root, ...dirKey.split("/")), dirKey, keys, (name) =>
        name.startsWith(namePrefix),
      );
      return keys.sort();
    },

    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },

    async close() {},
  };
}

async function openTempFile(root: string, dir: string, temp: string): Promise<FileHandle> {
  // A concurrent delete may prune the directory between our mkdir and open; then we simply make it again.
  for (let attempt = 1; ; attempt++) {
    await makeDirDurable(root, dir);
    try {
      return await open(temp, "wx", 0o600);
    } catch (error) {
      if (!isMissing(error) || attempt >= 5) throw error;
    }
  }
}

/** mkdir -p, then fsync every directory whose entries changed, so new folders survive a crash too. */
async function makeDirDurable(root: string, dir: string): Promise<void> {
  const firstCreated = await mkdir(dir, { recursive: true });
  if (firstCreated === undefined) return;
  let current = dir;
  const changed = [path.dirname(firstCreated)];
  while (current !== path.dirname(firstCreated) && current.startsWith(root)) {
    changed.push(current);
    current = path.dirname(current);
  }
  for (const changedDir of changed) await fsyncDir(changedDir);
}

/** Largest read of a blob stream (see [Note: Read size of a blob stream]). */
const readSize = 1024 * 1024;
const minReadSize = 16 * 1024;
/** A write gathers the body's chunks (64 KiB each from a socket) up to this size into one writev. */
const writeBatchBytes = 1024 * 1024;

/**
 * Writes an iterable body in batches of about writeBatchBytes, one writev at a time, while the next batch arrives:
 * receiving and writing overlap instead of taking turns for every 64 KiB, and the file gets 1 MiB writes.
 * `inFlight.write` is the write in flight, so the caller can wait for it before closing the file after a failure.
 * The body's chunks are held until written; a body must not reuse a chunk's memory once it has yielded it.
 */
async function writeBatched(
  handle: FileHandle,
  body: AsyncIterable<Uint8Array>,
  inFlight: { write?: Promise<void> },
): Promise<number> {
  let size = 0;
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  const flush = async () => {
    await inFlight.write;
    const bytes = batch;
    batch = [];
    batchBytes = 0;
    inFlight.write = writeAllVectors(handle, bytes);
    // Awaited before the next write or at the end; until then a failure must not count as unhandled.
    inFlight.write.catch(() => {});
  };
  for await (const chunk of body) {
    if (chunk.byteLength === 0) continue;
    batch.push(chunk);
    batchBytes += chunk.byteLength;
    size += chunk.byteLength;
    if (batchBytes >= writeBatchBytes) await flush();
  }
  if (batch.length > 0) await flush();
  await inFlight.write;
  return size;
}

async function writeAllVectors(handle: FileHandle, chunks: Uint8Array[]): Promise<void> {
  const total = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const { bytesWritten } = await handle.writev(chunks);
  if (bytesWritten === total) return;
  // A short write (rare on a regular file): the rest, chunk by chunk.
  let skip = bytesWritten;
  for (const chunk of chunks) {
    if (skip >= chunk.byteLength) {
      skip -= chunk.byteLength;
      continue;
    }
    await writeAll(handle, chunk.subarray(skip));
    skip = 0;
  }
}

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset);
    offset += bytesWritten;
  }
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes now-empty folders up to (not including) the root, so deleted trees do not leave husks behind. */
async function pruneEmptyDirs(root: string, dir: string): Promise<void> {
  let current = dir;
  while (current !== root && current.startsWith(`${root}${path.sep}`)) {
    try {
      await rmdir(current);
    } catch {
      return; // Not empty (or already gone): stop climbing.
    }
    current = path.dirname(current);
  }
}

async function collectKeys(
  dir: string,
  keyPrefix: string,
  keys: string[],
  accept: (name: string) => boolean,
): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue; // temporary files of writes in flight or interrupted
    if (entry.isDirectory()) {
      if (accept(`${entry.name}/`))
        await collectKeys(path.join(dir, entry.name), `${keyPrefix}${entry.name}/`, keys, () => true);
    } else if (entry.isFile() && entry.name.endsWith(objectFileSuffix)) {
      const name = entry.name.slice(0, -objectFileSuffix.length);
      if (accept(name)) keys.push(`${keyPrefix}${name}`);
    }
  }
}

/** Deletes the dot-named temporary files (`.name.blob.<random>.tmp`) last written before `beforeMs`, in every folder. */
async function removeTemporaryFiles(dir: string, beforeMs: number): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removed += await removeTemporaryFiles(full, beforeMs);
    else if (entry.isFile() && entry.name.startsWith(".") && entry.name.endsWith(".tmp")) {
      const info = await stat(full).catch(() => undefined);
      if (info && info.mtimeMs < beforeMs) {
        await rm(full, { force: true });
        removed++;
      }
    }
  }
  return removed;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
