import { digestBytes } from "@heirloom/crypto";
import { type DocumentEntry, getObject } from "./documents.ts";
import { documentPaths, fileIdOf } from "./layout.ts";
import { TransferMeter } from "./progress.ts";
import type { RetryBudget } from "./retry.ts";
import { uploadRetryBudget, withRetry } from "./retry.ts";
import { downloadObjectInto } from "./storage-client.ts";
import { canceledError } from "./storage-error.ts";
import { DOWNLOAD_CHUNKS_AHEAD } from "./transfer-depths.ts";
import { openVault } from "./vault.ts";

/**
 * Without the File System Access API a download is assembled as a Blob before it is saved. Chromium keeps large
 * Blobs on disk, other browsers in memory: above this size we ask for a browser that can stream to disk.
 */
export const BLOB_SAVE_LIMIT = 1024 * 1024 * 1024;
/** The viewer decrypts into memory; larger documents are downloaded instead. */
export const VIEW_LIMIT = 64 * 1024 * 1024;

export interface DownloadStatus {
  readonly done: number;
  readonly total: number;
  readonly bytesPerSecond: number;
  readonly secondsLeft: number | undefined;
}

export interface ChunkSink {
  write(plaintext: Uint8Array<ArrayBuffer>): Promise<void> | void;
}

export class DocumentIntegrityError extends Error {
  constructor() {
    super("This document does not match what you stored: it may have been altered. Nothing was saved.");
    this.name = "DocumentIntegrityError";
  }
}

/**
 * Fetches, checks and decrypts a document chunk by chunk, in order, into `sink`. Each chunk is authenticated by
 * AES-GCM (index, file id, last-chunk flag in its AAD); the chain of chunk digests is compared with the signed
 * manifest at the end. Until this resolves, what the sink received must be treated as incomplete.
 */
export async function decryptDocument(
  entry: DocumentEntry,
  sink: ChunkSink,
  options: { signal?: AbortSignal; onStatus?: (status: DownloadStatus) => void } = {},
): Promise<void> {
  const { dekKey, manifest } = entry;
  if (!dekKey || !manifest || entry.status !== "ready") throw new Error("This document cannot be opened.");
  const vault = await openVault();
  const paths = documentPaths(entry.ownerId ?? vault.account.userId, entry.documentId, entry.version);
  const fileId = fileIdOf(entry.documentId, entry.version);
  const count = manifest.manifest.chunkCount;
  // The header fixes the layout: every chunk but the last holds chunkSize bytes.
  const header = await vault.crypto.api.decryptFileHeader(
    dekKey,
    fileId,
    await getObject(paths.header, options),
  );
  const layout = { size: header.size, chunkSize: header.chunkSize };
  const meter = new TransferMeter(entry.size);
  const budget: RetryBudget = uploadRetryBudget();
  const digests: Uint8Array[] = [];

  // Chunk buffers go to the worker and come back (transferred both ways), so DOWNLOAD_CHUNKS_AHEAD + 1 of them serve a
  // download of any size.
  const pool: ArrayBuffer[] = [];
  const bufferSize = header.chunkSize + 28;
  const fetchChunk = async (index: number) => {
    const chunkObject = await withRetry(
      (signal) =>
        downloadObjectInto(
          paths.chunk(index),
          new Uint8Array(pool.pop() ?? new ArrayBuffer(bufferSize)),
          signal,
        ),
      { signal: options.signal, budget },
    );
    const digest = await digestBytes(chunkObject);
    const opened = await vault.crypto.call(
      "openStreamChunk",
      [dekKey, { fileId, layout, index, chunkObject }],
      [chunkObject.buffer],
    );
    if (opened.chunkObject.buffer.byteLength === bufferSize) pool.push(opened.chunkObject.buffer);
    return { digest, plaintext: opened.plaintext };
  };

  const ahead: Promise<{ digest: Uint8Array; plaintext: Uint8Array<ArrayBuffer> }>[] = [];
  let nextToFetch = 0;
  const refill = () => {
    while (ahead.length < DOWNLOAD_CHUNKS_AHEAD && nextToFetch < count) {
      const promise = fetchChunk(nextToFetch++);
      promise.catch(() => {});
      ahead.push(promise);
    }
  };
  refill();
  for (let index = 0; index < count; index++) {
    if (options.signal?.aborted) throw canceledError();
    const { digest, plaintext } = await (ahead.shift() as (typeof ahead)[number]);
    refill();
    digests.push(digest);
    await sink.write(plaintext);
    meter.add(plaintext.length);
    options.onStatus?.({
      done: meter.done,
      total: entry.size,
      bytesPerSecond: meter.bytesPerSecond(),
      secondsLeft: meter.secondsLeft(),
    });
  }
  const chain = await vault.crypto.api.ciphertextDigestHex(digests.map((d) => new Uint8Array(d)));
  if (chain !== manifest.manifest.ciphertextDigest) throw new DocumentIntegrityError();
}

interface SaveFilePicker {
  showSaveFilePicker(options: {
    suggestedName: string;
    types?: { description: string; accept: Record<string, string[]> }[];
  }): Promise<{
    createWritable(): Promise<{
      write(data: Uint8Array<ArrayBuffer>): Promise<void>;
      close(): Promise<void>;
      abort(): Promise<void>;
    }>;
  }>;
}

export const canStreamToDisk = () =>
  typeof (globalThis as Partial<SaveFilePicker>).showSaveFilePicker === "function";

/**
 * Asks where to save (File System Access API) and streams `work`'s writes into that file. Resolves null if the person
 * closed the picker. If `work` fails, the write is aborted, so the chosen file never holds part of the result.
 */
export async function writePickedFile<T>(
  picker: Parameters<SaveFilePicker["showSaveFilePicker"]>[0],
  work: (sink: ChunkSink) => Promise<T>,
): Promise<{ result: T } | null> {
  let handle: Awaited<ReturnType<SaveFilePicker["showSaveFilePicker"]>>;
  try {
    handle = await (globalThis as unknown as SaveFilePicker).showSaveFilePicker(picker);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return null;
    throw error;
  }
  const writable = await handle.createWritable();
  try {
    const result = await work({ write: (bytes) => writable.write(bytes) });
    await writable.close();
    return { result };
  } catch (error) {
    await writable.abort().catch(() => {});
    throw error;
  }
}

/**
 * Saves a document to a file the person chooses. With the File System Access API the plaintext streams to disk
 * chunk by chunk (a failed check aborts the write, so no partial file is left); otherwise it is assembled as a Blob
 * and handed to the browser's download, up to BLOB_SAVE_LIMIT. Resolves false if the person closed the picker.
 */
export async function saveDocument(
  entry: DocumentEntry,
  options: { signal?: AbortSignal; onStatus?: (status: DownloadStatus) => void } = {},
): Promise<boolean> {
  if (canStreamToDisk()) {
    const saved = await writePickedFile({ suggestedName: entry.name }, (sink) =>
      decryptDocument(entry, sink, options),
    );
    return saved !== null;
  }
  if (entry.size > BLOB_SAVE_LIMIT) throw new TooLargeForBrowserError();
  saveBlob(await decryptToBlob(entry, "application/octet-stream", options), entry.name);
  return true;
}

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The download has its own reference to the Blob; the URL is not needed once the click has started it.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}

export class TooLargeForBrowserError extends Error {
  constructor() {
    super(
      "This browser can save documents up to 1 GB. To save a larger one, open Heirloom in Chrome or Edge on a computer, which write it to disk as it is decrypted.",
    );
    this.name = "TooLargeForBrowserError";
  }
}

/** The whole document as a Blob (each chunk appended as it is checked, so the tab never holds two copies). */
export async function decryptToBlob(
  entry: DocumentEntry,
  type: string,
  options: { signal?: AbortSignal; onStatus?: (status: DownloadStatus) => void } = {},
): Promise<Blob> {
  let blob = new Blob([], { type });
  await decryptDocument(
    entry,
    {
      write: (plaintext) => {
        blob = new Blob([blob, plaintext], { type });
      },
    },
    options,
  );
  return blob;
}
