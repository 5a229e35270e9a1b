/**
 * Blob keys are chosen by services, never by clients, but we still refuse anything that could escape the store's
 * root or mean different things on different backends. The same rules apply to every store, so switching BLOB_STORE
 * never turns a valid key invalid:
 * - slash-separated segments of A-Z a-z 0-9 . _ - (portable on every filesystem and S3, no Unicode look-alikes,
 *   no NUL, no backslash, no absolute paths);
 * - no empty segment and none starting with "." (this rules out "." and "..", and leaves dot-names to the file
 *   store's temporary files);
 * - no segment ending in ".blob", the suffix the file store gives object files (see fs-blob-store.ts);
 * - at most 1024 bytes in all (S3's limit) and 200 per segment (filesystems allow 255).
 */
export class InvalidBlobKeyError extends Error {
  override name = "InvalidBlobKeyError";
}

export class BlobRangeError extends Error {
  override name = "BlobRangeError";
}

const segmentPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
export const objectFileSuffix = ".blob";

export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  // JSON.stringify shows control characters visibly and keeps the message on one line.
  if (problem)
    throw new InvalidBlobKeyError(`Invalid blob key ${JSON.stringify(key.slice(0, 80))}: ${problem}`);
}

/** A list prefix is any leading part of a valid key: "" (everything), "docs/", "docs/ab". */
export function assertValidPrefix(prefix: string): void {
  if (prefix === "") return;
  const key = prefix.endsWith("/") ? `${prefix}x` : prefix;
  // A partial last segment such as "docs/.hid" is refused like the key it would start.
  const problem = keyProblem(key);
  if (problem)
    throw new InvalidBlobKeyError(`Invalid blob prefix ${JSON.stringify(prefix.slice(0, 80))}: ${problem}`);
}

function keyProblem(key: string): string | undefined {
  if (key.length === 0) return "it is empty";
  if (Buffer.byteLength(key) > 1024) return "it is longer than 1024 bytes";
  if (key.includes("\0")) return "it contains a NUL character";
  if (key.includes("\\")) return "it contains a backslash";
  if (key.startsWith("/")) return "it is absolute";
  for (const segment of key.split("/")) {
    if (segment === "") return "it has an empty segment";
    if (segment === "." || segment === "..") return "it has a . or .. segment";
    if (segment.startsWith(".")) return "a segment starts with a dot";
    if (segment.endsWith(objectFileSuffix)) return `a segment ends in ${objectFileSuffix}, which is reserved`;
    if (!segmentPattern.test(segment))
      return "a segment is too long or uses characters outside A-Z a-z 0-9 . _ -";
  }
  return undefined;
}

/** Checks a byte range (end inclusive) before asking a store for it. */
export function assertValidRange(range: { start: number; end: number }): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new BlobRangeError(`Invalid byte range ${start}-${end}`);
  }
}
