// The vault export on /account/MyData: every document, decrypted and checked in this browser, written into one ZIP
// as it is decrypted. With the File System Access API the ZIP streams into the file the person chose, so memory stays
// at a few chunks whatever the vault's size; elsewhere it is assembled as a Blob (Chromium keeps large Blobs on disk)
// up to BLOB_SAVE_LIMIT.

import type { DocumentEntry } from "#app/features/documents/documents.ts";
import { type DownloadStatus, decryptDocument } from "#app/features/documents/download.ts";
import { TransferMeter } from "#app/features/documents/progress.ts";
import { canceledError } from "#app/features/documents/storage-error.ts";
import { saveZipFile } from "./save-zip.ts";
import { type ByteSink, safeEntryNames, ZipWriter } from "./zip.ts";

/** The archive's own description of what it holds, first in the ZIP. */
export const INDEX_NAME = "heirloom-export.json";

export interface ExportStatus extends DownloadStatus {
  /** 1-based position of the document being written, and how many there are. */
  readonly position: number;
  readonly count: number;
  readonly name: string;
}

export interface LeftOut {
  readonly name: string;
  readonly reason: string;
}

export interface ExportResult {
  readonly fileName: string;
  readonly exported: number;
  readonly bytes: number;
  readonly leftOut: readonly LeftOut[];
}

const pad = (n: number) => String(n).padStart(2, "0");
export const exportFileName = (now = new Date()) =>
  `heirloom-documents-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.zip`;

/** What the export can include: complete, verified documents. The rest is named in the index with the reason. */
export function planExport(entries: readonly DocumentEntry[]) {
  const ready = entries.filter((entry) => entry.status === "ready");
  const leftOut: LeftOut[] = entries
    .filter((entry) => entry.status !== "ready")
    .map((entry) => ({
      name: entry.name,
      reason:
        entry.status === "incomplete"
          ? "Its upload never finished, so there is nothing complete to export."
          : "It cannot be verified (its keys, header or signature do not check out), so it was not decrypted.",
    }));
  const files = safeEntryNames(
    ready.map((entry) => entry.name),
    [INDEX_NAME],
  );
  const bytes = ready.reduce((sum, entry) => sum + entry.size, 0);
  return { ready, files, leftOut, bytes };
}

/** The export's index: which file is which document, with what the list shows about it. No keys, no ids. */
export function exportIndex(plan: ReturnType<typeof planExport>, now = new Date()) {
  return {
    format: "heirloom-vault-export",
    version: 1,
    exportedAt: now.toISOString(),
    documents: plan.ready.map((entry, i) => ({
      file: plan.files[i],
      name: entry.name,
      type: entry.type,
      size: entry.size,
      added: entry.added ?? null,
      labels: entry.labels,
    })),
    leftOut: plan.leftOut,
  };
}

/** Writes the ZIP of `entries` into `sink`: the index, then each document as it is decrypted and checked. */
export async function writeVaultZip(
  entries: readonly DocumentEntry[],
  sink: ByteSink,
  options: { signal?: AbortSignal; onStatus?: (status: ExportStatus) => void; now?: Date } = {},
): Promise<{ exported: number; bytes: number; leftOut: readonly LeftOut[] }> {
  const plan = planExport(entries);
  const now = options.now ?? new Date();
  const zip = new ZipWriter(sink);
  const index = new TextEncoder().encode(`${JSON.stringify(exportIndex(plan, now), null, 2)}\n`);
  await zip.add({ name: INDEX_NAME, size: index.length, modified: now }, (write) => write(index));
  const meter = new TransferMeter(plan.bytes);
  for (const [i, entry] of plan.ready.entries()) {
    if (options.signal?.aborted) throw canceledError();
    const name = plan.files[i] as string;
    let before = 0;
    const status = (): ExportStatus => ({
      done: meter.done,
      total: plan.bytes,
      bytesPerSecond: meter.bytesPerSecond(),
      secondsLeft: meter.secondsLeft(),
      position: i + 1,
      count: plan.ready.length,
      name: entry.name,
    });
    options.onStatus?.(status());
    await zip.add({ name, size: entry.size, modified: entry.added ? new Date(entry.added) : now }, (write) =>
      decryptDocument(
        entry,
        { write },
        {
          signal: options.signal,
          onStatus: (s) => {
            meter.add(s.done - before);
            before = s.done;
            options.onStatus?.(status());
          },
        },
      ),
    );
  }
  const bytes = await zip.finish();
  return { exported: plan.ready.length, bytes, leftOut: plan.leftOut };
}

/**
 * Exports the vault to a file: streamed into the file the person picks where the browser can, else saved as a
 * download. Resolves null if the person closed the picker. A failure (a document that does not check out, the
 * network, a cancel) aborts the file, so no partial ZIP is left behind.
 */
export async function exportVault(
  entries: readonly DocumentEntry[],
  options: { signal?: AbortSignal; onStatus?: (status: ExportStatus) => void } = {},
): Promise<ExportResult | null> {
  const saved = await saveZipFile(exportFileName(), planExport(entries).bytes, (sink) =>
    writeVaultZip(entries, sink, options),
  );
  return saved && { fileName: saved.fileName, ...saved.result };
}
