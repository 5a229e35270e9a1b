// Where the export-zip bench's archives go. Both writers get the same sink objects.
import { closeSync, ftruncateSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { MIB, zeroPieces } from "./sources.ts";

/** What a writer writes into: the shape of the File System Access API's writable, which the export streams into. */
export interface Destination {
  write(bytes: Uint8Array): Promise<void> | void;
  close(): Promise<void> | void;
  abort(reason: unknown): Promise<void> | void;
}

const RSS_EVERY = 16 * MIB;

/** Counts bytes and drops them; samples the process's resident memory every 16 MiB (a timer would never fire). */
export class CountingSink implements Destination {
  bytes = 0;
  closed = false;
  peakRss = process.memoryUsage.rss();
  #nextSample = RSS_EVERY;

  write(bytes: Uint8Array) {
    this.bytes += bytes.length;
    if (this.bytes >= this.#nextSample) {
      this.#nextSample += RSS_EVERY;
      this.peakRss = Math.max(this.peakRss, process.memoryUsage.rss());
    }
  }
  close() {
    this.closed = true;
  }
  abort() {}
}

/**
 * A file written like Chromium's FileSystemWritableFileStream: into a swap file beside it that close() moves into
 * place and abort() deletes, so a failed export leaves no file. `sparse` skips pieces of zeros (leaving holes the
 * file system reads back as zeros), so a 4 GiB entry costs no disk.
 */
export class FileSink implements Destination {
  readonly path: string;
  readonly swapPath: string;
  readonly #sparse: boolean;
  #fd: number | undefined;
  #at = 0;

  constructor(path: string, options: { sparse?: boolean } = {}) {
    this.path = path;
    this.swapPath = `${path}.crswap`;
    this.#sparse = options.sparse ?? false;
    this.#fd = openSync(this.swapPath, "w");
  }

  get bytes() {
    return this.#at;
  }

  write(bytes: Uint8Array) {
    if (this.#fd === undefined) throw new Error("The file is closed.");
    if (!(this.#sparse && zeroPieces.has(bytes))) writeSync(this.#fd, bytes, 0, bytes.length, this.#at);
    this.#at += bytes.length;
  }

  close() {
    if (this.#fd === undefined) throw new Error("The file is closed.");
    ftruncateSync(this.#fd, this.#at);
    closeSync(this.#fd);
    this.#fd = undefined;
    renameSync(this.swapPath, this.path);
  }

  abort() {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    rmSync(this.swapPath, { force: true });
  }
}
