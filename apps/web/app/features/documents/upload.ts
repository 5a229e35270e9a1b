import { type DekKey, digestHex } from "@heirloom/crypto";
import { callApi } from "#app/lib/api.ts";
import { createLimiter, mapLimited } from "#app/lib/concurrency.ts";
import { deleteDocument, getObject, listFolder, openDocumentKey, putObject, utf8 } from "./documents.ts";
import { documentPaths, fileIdOf, manifestFileIdOf } from "./layout.ts";
import { formatBytes, TransferMeter } from "./progress.ts";
import {
  forgetPendingUpload,
  type PendingUpload,
  readPendingUpload,
  writePendingUpload,
} from "./resume-store.ts";
import { type RetryBudget, uploadRetryBudget } from "./retry.ts";
import { canceledError, StorageError } from "./storage-error.ts";
import { CHUNK_SIZE, CHUNKS_IN_FLIGHT, UPLOAD_CHUNKS_AHEAD } from "./transfer-depths.ts";
import { bytesToHex, hexToBytes, openVault, sealSmall, type Vault } from "./vault.ts";

export interface UploadStatus {
  readonly phase: "preparing" | "uploading" | "retrying" | "finishing" | "done";
  readonly done: number;
  readonly total: number;
  readonly bytesPerSecond: number;
  readonly secondsLeft: number | undefined;
}

export interface UploadOptions {
  readonly signal?: AbortSignal;
  readonly onStatus?: (status: UploadStatus) => void;
  /** Continue this unfinished document instead of starting a new one (when it still matches the file). */
  readonly resumeDocumentId?: string;
  /** Called once the document id is known (before any byte is sent), so a page can offer to resume it later. */
  readonly onDocumentId?: (documentId: string) => void;
}

const chunkCount = (size: number) => (size === 0 ? 1 : Math.ceil(size / CHUNK_SIZE));
const plainLength = (size: number, index: number) =>
  index < chunkCount(size) - 1 ? CHUNK_SIZE : size - (chunkCount(size) - 1) * CHUNK_SIZE;

interface Prepared {
  readonly documentId: string;
  readonly dekKey: DekKey;
  readonly headerObject: Uint8Array<ArrayBuffer>;
  /** Chunks already stored with the right size. */
  readonly stored: ReadonlySet<number>;
  readonly pending: PendingUpload;
}

/** A resume continues only the same file: same name and size in the stored header, same size and date here. */
async function prepareResume(vault: Vault, file: File, documentId: string, signal?: AbortSignal) {
  const remembered = readPendingUpload(documentId);
  if (!remembered || remembered.size !== file.size || remembered.lastModified !== file.lastModified)
    return null;
  const folder = await listFolder(vault, documentId, signal);
  const version = folder?.versions.get(1);
  if (!folder?.hasKey || !version?.hasHeader || version.hasManifest) return null;
  const dekKey = await openDocumentKey(vault, documentId, signal);
  const headerObject = await getObject(documentPaths(vault.account.userId, documentId).header, { signal });
  const header = await vault.crypto.api.decryptFileHeader(dekKey, fileIdOf(documentId, 1), headerObject);
  if (header.name !== file.name || header.size !== file.size || header.chunkSize !== CHUNK_SIZE) return null;
  const stored = new Set<number>();
  for (const [index, size] of version.chunks) {
    if (index < chunkCount(file.size) && size === plainLength(file.size, index) + 28) stored.add(index);
  }
  return { documentId, dekKey, headerObject, stored, pending: remembered } satisfies Prepared;
}

async function prepareNew(
  vault: Vault,
  file: File,
  budget: RetryBudget,
  signal?: AbortSignal,
): Promise<Prepared> {
  const { api } = vault.crypto;
  const documentId = crypto.randomUUID();
  const dekBytes = await api.generateDek();
  const wrapped = await api.wrapDekForOwner(vault.account.accountKey, dekBytes, {
    userId: vault.account.userId,
    itemId: documentId,
  });
  const dekKey = await api.importDekKey(dekBytes);
  dekBytes.fill(0);
  const type = file.type && file.type.length <= 255 ? file.type : undefined;
  const headerObject = await api.encryptFileHeader(dekKey, fileIdOf(documentId, 1), {
    name: file.name,
    type: type ?? contentTypeFor(file.name),
    size: file.size,
    chunkSize: CHUNK_SIZE,
  });
  const pending = { documentId, size: file.size, lastModified: file.lastModified, digests: {} };
  writePendingUpload(pending);
  const paths = documentPaths(vault.account.userId, documentId);
  await putObject(paths.key, [utf8(wrapped)], { signal, budget });
  await putObject(paths.header, [headerObject], { signal, budget });
  return { documentId, dekKey, headerObject, stored: new Set(), pending };
}

const extensionTypes: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export function contentTypeFor(name: string): string {
  const extension = name.toLowerCase().split(".").pop() ?? "";
  return extensionTypes[extension] ?? "application/octet-stream";
}

/** What a new document of `size` bytes will occupy in storage: its chunks, header, key and manifest. */
export const storedSizeOf = (size: number) => size + 28 * chunkCount(size) + 2048;

/**
 * The server refuses the chunk that would pass the quota; checking first spares sending a gigabyte before that.
 * Returns nothing when the document fits.
 */
export async function checkFits(size: number, signal?: AbortSignal): Promise<void> {
  const usage = await callApi("getStorageUsage", { signal }).catch(() => null);
  if (!usage) return;
  const free = Math.max(0, usage.limits.bytes - usage.bytesUsed);
  if (storedSizeOf(size) > free) {
    throw new StorageError(
      "storage/quota-exceeded",
      `Quota exceeded: this document (${formatBytes(size)}) does not fit in your remaining storage (${formatBytes(free)} free).`,
      402,
    );
  }
  if (usage.limits.documents !== null && usage.documents >= usage.limits.documents) {
    throw new StorageError(
      "storage/quota-exceeded",
      `Quota exceeded: your plan holds at most ${usage.limits.documents} documents.`,
      402,
    );
  }
}

/**
 * Encrypts `file` chunk by chunk in the crypto workers and stores it (docs/architecture.md "Documents in storage"):
 * key, header, chunks (CHUNKS_IN_FLIGHT uploading at a time, UPLOAD_CHUNKS_AHEAD more read with File.slice and
 * encrypted meanwhile), then the signed manifest. Retries per SPEC.md 9; a resumed upload sends only the chunks that
 * are not stored yet, each encrypted again with a fresh nonce prefix (ADR 013).
 */
export async function uploadDocument(file: File, options: UploadOptions = {}): Promise<string> {
  const { signal } = options;
  const budget = uploadRetryBudget();
  const vault = await openVault();
  const count = chunkCount(file.size);
  let phase: UploadStatus["phase"] = "preparing";
  const report = (meter?: TransferMeter) =>
    options.onStatus?.({
      phase,
      done: meter?.done ?? 0,
      total: file.size,
      bytesPerSecond: meter?.bytesPerSecond() ?? 0,
      secondsLeft: meter?.secondsLeft(),
    });
  report();

  const resumed = options.resumeDocumentId
    ? await prepareResume(vault, file, options.resumeDocumentId, signal)
    : null;
  if (!resumed) await checkFits(file.size, signal);
  const prepared = resumed ?? (await prepareNew(vault, file, budget, signal));
  if (options.resumeDocumentId && !resumed) {
    // The file changed (or is another file): its unfinished twin is of no use and would hold quota.
    forgetPendingUpload(options.resumeDocumentId);
    await deleteDocument(options.resumeDocumentId).catch(() => {});
  }
  options.onDocumentId?.(prepared.documentId);
  const { documentId, dekKey, stored } = prepared;
  const digests: Record<number, string> = { ...prepared.pending.digests };
  const paths = documentPaths(vault.account.userId, documentId);
  const fileId = fileIdOf(documentId, 1);
  const layout = { size: file.size, chunkSize: CHUNK_SIZE };

  let alreadyDone = 0;
  for (const index of stored) alreadyDone += plainLength(file.size, index);
  const meter = new TransferMeter(file.size, alreadyDone);
  phase = "uploading";
  report(meter);
  const ticker = setInterval(() => report(meter), 1000);

  try {
    // One nonce prefix for this pass; a later pass (a resume) draws a new one, so no nonce is ever used twice.
    const noncePrefix = await vault.crypto.api.newNoncePrefix();
    const todo = Array.from({ length: count }, (_, i) => i).filter((i) => !stored.has(i));
    const uploadSlot = createLimiter(CHUNKS_IN_FLIGHT);
    await mapLimited(todo, CHUNKS_IN_FLIGHT + UPLOAD_CHUNKS_AHEAD, async (index) => {
      if (signal?.aborted) throw canceledError();
      const start = index * CHUNK_SIZE;
      const plaintext = new Uint8Array(
        await file.slice(start, start + plainLength(file.size, index)).arrayBuffer(),
      );
      const { sealed, digest } = await vault.crypto.call(
        "sealStreamChunk",
        [dekKey, { fileId, layout, index, noncePrefix, plaintext }, true],
        [plaintext.buffer],
      );
      if (!digest) throw new Error("The crypto worker returned no digest.");
      digests[index] = bytesToHex(digest);
      writePendingUpload({ ...prepared.pending, digests });
      await uploadSlot(() => {
        if (signal?.aborted) throw canceledError();
        return putObject(paths.chunk(index), [sealed.nonce, sealed.ciphertext], {
          signal,
          budget,
          onRetry: () => {
            phase = "retrying";
            report(meter);
          },
        });
      });
      phase = "uploading";
      meter.add(plainLength(file.size, index));
      report(meter);
    });

    phase = "finishing";
    report(meter);
    // Chunks stored by an earlier attempt whose digest this browser does not remember are read back and hashed.
    for (let index = 0; index < count; index++) {
      if (!digests[index])
        digests[index] = await digestHex(await getObject(paths.chunk(index), { signal, budget }));
    }
    const ciphertextDigest = await vault.crypto.api.ciphertextDigestHex(
      Array.from({ length: count }, (_, i) => hexToBytes(digests[i] as string)),
    );
    const manifest = await vault.crypto.api.signManifest(vault.account.signingKey, {
      documentId,
      version: 1,
      fileId,
      ownerId: vault.account.userId,
      chunkCount: count,
      headerDigest: await digestHex(prepared.headerObject),
      ciphertextDigest,
      recipients: [],
    });
    const sealedManifest = await sealSmall(
      vault,
      dekKey,
      manifestFileIdOf(documentId, 1),
      utf8(JSON.stringify(manifest)),
    );
    await putObject(paths.manifest, [sealedManifest], { signal, budget });
    forgetPendingUpload(documentId);
    phase = "done";
    report(meter);
    return documentId;
  } finally {
    clearInterval(ticker);
  }
}

/** A canceled upload leaves nothing behind: its stored objects are deleted and this browser forgets it. */
export async function discardUpload(documentId: string): Promise<void> {
  forgetPendingUpload(documentId);
  await deleteDocument(documentId);
}
