import type { Writable } from "node:stream";

/**
 * The writable a blob stream is piped into and read by nothing else (a download's answer): what the fs store waits on
 * before it reads into the same buffer again (blobs/drained-read-stream.ts).
 */
export type BlobStreamDestination = Pick<
  Writable,
  "writableLength" | "writableNeedDrain" | "writableFinished" | "destroyed" | "on" | "off" | "once"
>;

/**
 * Where encrypted bytes live. Keys are slash-separated paths chosen by services (never by clients directly).
 * Implementations: local files (default) and S3. Both pass blob-store.suite.ts.
 */
export interface BlobStore {
  readonly kind: "fs" | "s3";
  /**
   * Writes atomically: a reader sees the old object or the whole new one, never a part. An iterable body's chunks may
   * be held until they are written (ADR 046): a body must not reuse a chunk's memory after yielding it.
   */
  put(key: string, body: Uint8Array | AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** The whole object, or undefined when it does not exist. */
  get(key: string): Promise<Uint8Array | undefined>;
  /**
   * A stream of the object (optionally a byte range, end inclusive), or undefined when it does not exist.
   * `destination`: the writable the stream will be piped into and read by nothing else (a download's answer). The fs
   * store then reads into one buffer again and again, each time once `destination` has let go of the last chunk
   * ([Note: Reading a download into the same buffer again]); the S3 store ignores it.
   */
  stream(
    key: string,
    range?: { start: number; end: number },
    destination?: BlobStreamDestination,
  ): Promise<AsyncIterable<Uint8Array> | undefined>;
  head(key: string): Promise<{ size: number } | undefined>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Keys under a prefix, in lexical order. */
  list(prefix: string): Promise<string[]>;
  /**
   * Removes what interrupted writes left behind before `startedAt` (a killed server's temporary files) and says how
   * many. Called once at start, when no write of this process is in flight.
   */
  removeLeftovers(startedAt: Date): Promise<number>;
  /** Cheap round trip for /healthz. */
  check(): Promise<void>;
  close(): Promise<void>;
}
