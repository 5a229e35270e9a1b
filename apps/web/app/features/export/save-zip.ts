import {
  BLOB_SAVE_LIMIT,
  canStreamToDisk,
  saveBlob,
  TooLargeForBrowserError,
  writePickedFile,
} from "#app/features/documents/download.ts";
import type { ByteSink } from "./zip.ts";

/**
 * Saves a ZIP that `write` produces as it goes: streamed into the file the person picks where the browser can (null
 * when they cancel the picker), otherwise assembled as a Blob and saved, refused beforehand above BLOB_SAVE_LIMIT.
 */
export async function saveZipFile<R>(
  fileName: string,
  bytes: number,
  write: (sink: ByteSink) => Promise<R>,
): Promise<{ fileName: string; result: R } | null> {
  if (canStreamToDisk()) {
    const saved = await writePickedFile(
      {
        suggestedName: fileName,
        types: [{ description: "ZIP archive", accept: { "application/zip": [".zip"] } }],
      },
      (sink) => write(sink),
    );
    return saved && { fileName, result: saved.result };
  }
  if (bytes > BLOB_SAVE_LIMIT) throw new TooLargeForBrowserError();
  // Each piece is copied into the Blob as it arrives (chunk buffers are reused for the next chunk).
  let blob = new Blob([], { type: "application/zip" });
  const result = await write({
    write: (piece) => {
      blob = new Blob([blob, piece], { type: "application/zip" });
    },
  });
  saveBlob(blob, fileName);
  return { fileName, result };
}
