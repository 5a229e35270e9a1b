import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

/** A listing's JSON, and the same compressed, each made once, when first asked for. */
export interface Listing {
  readonly json: string;
  encoded(encoding: "br" | "gzip"): Buffer;
}

/**
 * Listings this server answered, each with the version of its owner's objects it was made at
 * (StorageObjectsRepo.listingVersion). A listing is answered again from here only while its owner's version is still
 * that one: any commit or removal, on any server, moves the version in the same transaction as the change. The
 * version is read before the objects, so a listing that already holds a later change is kept under an older version,
 * which no longer matches: it is made again, never answered stale. Bounded by the bytes held (the JSON; compressed
 * copies are a tenth of it); the least recently used go first.
 */
export interface ListingCache {
  get(key: string, version: string): Listing | undefined;
  set(key: string, version: string, json: string): Listing;
}

export function createListingCache(maxBytes = 4 * 1024 * 1024): ListingCache {
  const entries = new Map<string, { version: string; listing: Listing }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.listing.json.length;
  };
  return {
    get(key, version) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version) {
        drop(key);
        return undefined;
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return entry.listing;
    },
    set(key, version, json) {
      drop(key);
      const listing = listingOf(json);
      if (json.length > maxBytes / 4) return listing;
      entries.set(key, { version, listing });
      bytes += json.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
      return listing;
    },
  };
}

/** Compressed once per listing, so at brotli's level 5 and gzip's 6 (per-answer JSON uses 1: api-compression.ts). */
export function listingOf(json: string): Listing {
  const copies: { br?: Buffer; gzip?: Buffer } = {};
  return {
    json,
    encoded(encoding) {
      let copy = copies[encoding];
      if (!copy) {
        copy =
          encoding === "br"
            ? brotliCompressSync(json, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
                },
              })
            : gzipSync(json, { level: 6 });
        copies[encoding] = copy;
      }
      return copy;
    },
  };
}
