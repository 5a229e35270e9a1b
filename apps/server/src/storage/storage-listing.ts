import type { ListResponse } from "@heirloom/contract";
import { AppError } from "../errors.ts";
import type { ListCursor, ListedObject, StorageObjectsRepo } from "./storage-objects.repo.ts";

export interface ListQuery {
  delimiter?: "/" | undefined;
  maxResults: number;
  pageToken?: string | undefined;
}

/**
 * One page of a listing under `prefix` (already authorized), Firebase's way: objects in byte order of path; with
 * delimiter "/", the sub-folders as prefixes instead of their objects.
 */
export async function listObjects(
  repo: StorageObjectsRepo,
  bucket: string,
  prefix: string,
  query: ListQuery,
): Promise<ListResponse> {
  let after = query.pageToken === undefined ? undefined : decodePageToken(query.pageToken, prefix);
  const items: ListedObject[] = [];
  const prefixes: string[] = [];
  let lastEntry: string | undefined;
  let more = false;
  // Pages of rows; with a delimiter every sub-folder shows once, and its rows are skipped in one step (so small
  // batches there: most rows of a batch may sit in a folder that is skipped).
  const batch = query.delimiter ? Math.min(query.maxResults + 1, 64) : query.maxResults + 1;
  outer: for (;;) {
    const rows = await repo.list(bucket, prefix, after, batch);
    for (const row of rows) {
      if (items.length + prefixes.length === query.maxResults) {
        more = true;
        break outer;
      }
      const rest = row.fullPath.slice(prefix.length);
      const slash = query.delimiter ? rest.indexOf("/") : -1;
      if (slash >= 0) {
        const folder = `${prefix}${rest.slice(0, slash + 1)}`;
        prefixes.push(folder);
        lastEntry = folder;
        after = cursorAfter(folder);
        continue outer;
      }
      items.push(row);
      lastEntry = row.fullPath;
      after = cursorAfter(row.fullPath);
    }
    if (rows.length < batch) break;
  }
  const reference = (fullPath: string) => {
    // The last segment: a folder's ("a/b/" -> "b") or an object's ("a/b" -> "b").
    const end = fullPath.endsWith("/") ? fullPath.length - 1 : fullPath.length;
    return { bucket, fullPath, name: fullPath.slice(fullPath.lastIndexOf("/", end - 1) + 1, end) };
  };
  return {
    prefixes: prefixes.map(reference),
    items: items.map((item) => ({
      ...reference(item.fullPath),
      size: item.size,
      generation: item.generation,
      md5Hash: item.md5Hash,
      updated: item.updated,
    })),
    ...(more && lastEntry !== undefined ? { nextPageToken: encodePageToken(lastEntry) } : {}),
  };
}

/**
 * Where a listing goes on after an entry. After an object: the next path. After a folder "a/b/": "a/b0" onwards,
 * since "0" follows "/" in byte order, so every path inside the folder sorts before it (object paths never end in
 * "/", so the two cases cannot be confused).
 */
function cursorAfter(entry: string): ListCursor {
  return entry.endsWith("/")
    ? { path: `${entry.slice(0, -1)}0`, inclusive: true }
    : { path: entry, inclusive: false };
}

/** Page tokens are the last entry of the page, base64url; a token from another prefix is refused. */
function encodePageToken(lastEntry: string): string {
  return Buffer.from(lastEntry, "utf8").toString("base64url");
}

function decodePageToken(token: string, prefix: string): ListCursor {
  const lastEntry = Buffer.from(token, "base64url").toString("utf8");
  if (!lastEntry.startsWith(prefix) || encodePageToken(lastEntry) !== token) {
    throw new AppError("storage/invalid-argument", "The pageToken does not belong to this listing.");
  }
  return cursorAfter(lastEntry);
}
