// [Note: What a resumable upload remembers in this browser]
// Per unfinished upload, localStorage keeps the document id, the file's size and last-modified time (ADR 013: a
// resume must start over if the file changed on disk) and the SHA-256 of each chunk object already sealed (for the
// signed manifest, so stored chunks need not be read back). No name, no key, nothing of the file's content.

export interface PendingUpload {
  readonly documentId: string;
  readonly size: number;
  readonly lastModified: number;
  /** chunk index -> hex SHA-256 of the chunk object. */
  readonly digests: Record<number, string>;
}

const prefix = "heirloom.upload.";

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readPendingUpload(documentId: string): PendingUpload | undefined {
  const raw = storage()?.getItem(prefix + documentId);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as PendingUpload;
    return value && value.documentId === documentId ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writePendingUpload(upload: PendingUpload): void {
  try {
    storage()?.setItem(prefix + upload.documentId, JSON.stringify(upload));
  } catch {
    // A full or disabled localStorage only means a resume reads the stored chunks back to hash them.
  }
}

export function forgetPendingUpload(documentId: string): void {
  storage()?.removeItem(prefix + documentId);
}
