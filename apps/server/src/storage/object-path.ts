import { documentIdPattern, maxObjectNameBytes } from "@heirloom/contract";
import { AppError } from "../errors.ts";

/**
 * Object names as clients send them. A name is refused with storage/invalid-argument when it could mean different
 * things to different readers or escape its owner's prefix: empty, over 1024 bytes of UTF-8, a leading or trailing
 * slash, an empty, "." or ".." segment, a backslash, or a control character (C0, DEL, C1). Names never become file
 * paths or blob keys (blob keys are random, see storage.service.ts); these rules keep them unambiguous all the same.
 */
export interface ObjectPath {
  fullPath: string;
  /** The uid of `users/{uid}/...`, or undefined for a path outside every user's prefix. */
  ownerId: string | undefined;
  /** The document folder `users/{uid}/documents/{id}/...` the object belongs to, if any. */
  documentId: string | undefined;
  /** The last segment (the SDK's `name`). */
  name: string;
}

/** C0 controls, DEL and C1 controls (written as a test of code units: lint forbids them inside a regex). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit <= 0x1f || (unit >= 0x7f && unit <= 0x9f)) return true;
  }
  return false;
}
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// better-auth's ids are 32 alphanumerics; a uid segment must also be a valid blob key segment.
const uidPattern = /^[A-Za-z0-9_-]{1,128}$/;

function invalid(message: string): AppError {
  return new AppError("storage/invalid-argument", message);
}

/** Decodes one percent-encoded URL part; malformed escapes or invalid UTF-8 are refused. */
export function decodePathComponent(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw invalid("The object path is not correctly URL-encoded.");
  }
}

export function parseObjectPath(fullPath: string): ObjectPath {
  if (fullPath.length === 0) throw invalid("The object path is empty.");
  if (Buffer.byteLength(fullPath, "utf8") > maxObjectNameBytes) {
    throw invalid(`The object path is longer than ${maxObjectNameBytes} bytes.`);
  }
  if (hasControlCharacter(fullPath)) throw invalid("The object path contains a control character.");
  if (fullPath.includes("\\")) throw invalid("The object path contains a backslash.");
  if (loneSurrogate.test(fullPath)) throw invalid("The object path is not valid Unicode.");
  const segments = fullPath.split("/");
  for (const segment of segments) {
    if (segment === "")
      throw invalid("The object path has an empty segment (a leading, trailing or double slash).");
    if (segment === "." || segment === "..") throw invalid("The object path has a '.' or '..' segment.");
  }
  const [root, uid, folder, documentId] = segments;
  const ownerId =
    root === "users" && uid !== undefined && uidPattern.test(uid) && segments.length > 2 ? uid : undefined;
  const inDocument =
    ownerId !== undefined && folder === "documents" && documentId !== undefined && segments.length > 4;
  if (inDocument && !documentIdPattern.test(documentId)) {
    throw invalid("A document folder id must be 1-64 characters of A-Z a-z 0-9 _ -.");
  }
  return {
    fullPath,
    ownerId,
    documentId: inDocument ? documentId : undefined,
    name: segments.at(-1) ?? fullPath,
  };
}

/**
 * A list prefix: "" or a path prefix ending in "/" (a folder), checked with the same rules; the uid it names
 * decides who may list it.
 */
export function parseListPrefix(prefix: string): { prefix: string; ownerId: string | undefined } {
  if (prefix === "") return { prefix, ownerId: undefined };
  if (!prefix.endsWith("/")) throw invalid("A list prefix must be a folder: end it with '/'.");
  const parsed = parseObjectPath(`${prefix}x`);
  return { prefix, ownerId: parsed.ownerId };
}
