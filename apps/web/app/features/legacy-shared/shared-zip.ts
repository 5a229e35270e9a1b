// "Download everything" on a release: the owner's letter and every verified document in one ZIP, each document
// decrypted and checked exactly as a single download is (features/documents/download.ts), written as it goes with
// the vault export's ZIP writer (features/export/zip.ts, ADR 034). Streamed into the file the person picks where the
// browser can; otherwise assembled as a Blob up to BLOB_SAVE_LIMIT. A cancel or a failed check leaves no file.

import type { DocumentEntry } from "#app/features/documents/documents.ts";
import { type ChunkSink, type DownloadStatus, decryptDocument } from "#app/features/documents/download.ts";
import { TransferMeter } from "#app/features/documents/progress.ts";
import { canceledError } from "#app/features/documents/storage-error.ts";
import { saveZipFile } from "#app/features/export/save-zip.ts";
import { type ByteSink, safeEntryNames, ZipWriter } from "#app/features/export/zip.ts";

export interface SharedZipInput {
  readonly ownerName: string;
  /** The owner's letter (or a drill's text), already verified and opened. */
  readonly text: { readonly purpose: "letter" | "drill"; readonly text: string } | null;
  /** Verified documents (status "ready"). */
  readonly documents: readonly DocumentEntry[];
}

export interface SharedZipStatus extends DownloadStatus {
  /** 1-based position of the document being written, and how many there are. */
  readonly position: number;
  readonly count: number;
  readonly name: string;
}

type Decrypt = (
  entry: DocumentEntry,
  sink: ChunkSink,
  options: { signal?: AbortSignal; onStatus?: (status: DownloadStatus) => void },
) => Promise<void>;

const pad = (n: number) => String(n).padStart(2, "0");

/** "Shared by Olive Owner 2026-11-24.zip", made safe as a file name. */
export function sharedZipFileName(ownerName: string, now = new Date()): string {
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return safeEntryNames([`Shared by ${ownerName || "a Heirloom member"} ${day}.zip`])[0] as string;
}

/** Entry names (unique, safe) for the letter and each document, and the bytes of documents to decrypt. */
export function planSharedZip(input: SharedZipInput) {
  const textName = input.text
    ? `${input.text.purpose === "drill" ? "Drill message" : "Letter"} from ${input.ownerName || "the owner"}.txt`
    : null;
  const names = safeEntryNames([...(textName ? [textName] : []), ...input.documents.map((d) => d.name)]);
  const textFile = textName ? (names.shift() as string) : null;
  const bytes = input.documents.reduce((sum, entry) => sum + entry.size, 0);
  return { textFile, files: names, bytes };
}

/** Writes the ZIP into `sink`: the letter first, then each document as it is decrypted and checked. */
export async function writeSharedZip(
  input: SharedZipInput,
  sink: ByteSink,
  options: {
    signal?: AbortSignal;
    onStatus?: (status: SharedZipStatus) => void;
    now?: Date;
    decrypt?: Decrypt;
  } = {},
): Promise<{ documents: number; bytes: number }> {
  const plan = planSharedZip(input);
  const now = options.now ?? new Date();
  const decrypt = options.decrypt ?? decryptDocument;
  const zip = new ZipWriter(sink);
  if (input.text && plan.textFile) {
    const bytes = new TextEncoder().encode(input.text.text);
    await zip.add({ name: plan.textFile, size: bytes.length, modified: now }, (write) => write(bytes));
  }
  const meter = new TransferMeter(plan.bytes);
  for (const [i, entry] of input.documents.entries()) {
    if (options.signal?.aborted) throw canceledError();
    let before = 0;
    const status = (): SharedZipStatus => ({
      done: meter.done,
      total: plan.bytes,
      bytesPerSecond: meter.bytesPerSecond(),
      secondsLeft: meter.secondsLeft(),
      position: i + 1,
      count: input.documents.length,
      name: entry.name,
    });
    options.onStatus?.(status());
    await zip.add({ name: plan.files[i] as string, size: entry.size, modified: now }, (write) =>
      decrypt(
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
  if (options.signal?.aborted) throw canceledError();
  const bytes = await zip.finish();
  return { documents: input.documents.length, bytes };
}

/** Saves the ZIP (picked file or browser download). Resolves null if the person closed the picker. */
export async function saveSharedZip(
  input: SharedZipInput,
  options: { signal?: AbortSignal; onStatus?: (status: SharedZipStatus) => void } = {},
): Promise<{ fileName: string; documents: number; bytes: number } | null> {
  const saved = await saveZipFile(sharedZipFileName(input.ownerName), planSharedZip(input).bytes, (sink) =>
    writeSharedZip(input, sink, options),
  );
  return saved && { fileName: saved.fileName, ...saved.result };
}
