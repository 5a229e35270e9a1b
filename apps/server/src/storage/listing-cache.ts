/**
 * Listings this server answered, as the JSON it sent, each with the version of its owner's objects it was made at
 * (StorageObjectsRepo.listingVersion). A listing is answered again from here only while its owner's version is still
 * that one: any commit or removal, on any server, moves the version in the same transaction as the change. The
 * version is read before the objects, so a listing that already holds a later change is kept under an older version,
 * which no longer matches: it is made again, never answered stale. Bounded by the bytes held; the least recently
 * used go first.
 */
export interface ListingCache {
  get(key: string, version: string): string | undefined;
  set(key: string, version: string, json: string): void;
}

export function createListingCache(maxBytes = 4 * 1024 * 1024): ListingCache {
  const entries = new Map<string, { version: string; json: string }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.json.length;
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
      return entry.json;
    },
    set(key, version, json) {
      drop(key);
      if (json.length > maxBytes / 4) return;
      entries.set(key, { version, json });
      bytes += json.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
