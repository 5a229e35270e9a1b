/**
 * [Note: The session cache] (ADR 042) Every request with a session cookie is still checked by better-auth's
 * getSession; what it answered for a Cookie header is kept for at most `ttlMs` (and never past the session's own
 * expiry), so a page's burst of reads costs one session lookup instead of one each. The key is the whole Cookie
 * header: the same header, the same database rows and the same time give the same answer, and a header that was
 * never checked is never served from here. Only signed-in answers are kept.
 *
 * Revocation on this server takes effect at once: the database plugin of db/table-writes.ts calls `changed()` for
 * every write to better-auth's session and user tables (sign-out, revoking a session, a password change or reset,
 * an account deleted, a name, email or two-factor change), which empties the cache and stops every lookup already
 * under way from storing its answer; a request that wrote those tables empties it once more before its answer goes
 * out, when its transaction has committed (registerSessionCacheHooks). A write made by another server is seen here
 * when the entry expires: at most `ttlMs` later.
 */
export interface SessionCache<T extends { expiresAtMs: number }> {
  /** The answer cached for `key`, or `lookup()`'s (cached when it is a session). */
  read(key: string, lookup: () => Promise<T | undefined>): Promise<T | undefined>;
  /** A session or user row changed on this server: forget every answer, including those being looked up. */
  changed(): void;
  /** How many times changed() was called: a request compares it before and after. */
  changes(): number;
  /** Forget every answer, including those being looked up, without counting a change. */
  forget(): void;
}

export function createSessionCache<T extends { expiresAtMs: number }>(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): SessionCache<T> {
  const { ttlMs, maxEntries = 10_000, now = Date.now } = options;
  const entries = new Map<string, { value: T; untilMs: number }>();
  // Bumped by every forget: a lookup that started under an older generation does not store its answer.
  let generation = 0;
  let changes = 0;
  const forget = () => {
    generation++;
    entries.clear();
  };
  return {
    async read(key, lookup) {
      const hit = entries.get(key);
      if (hit && hit.untilMs > now()) return hit.value;
      if (hit) entries.delete(key);
      const started = generation;
      const value = await lookup();
      if (value && ttlMs > 0 && generation === started) {
        const untilMs = Math.min(now() + ttlMs, value.expiresAtMs);
        if (untilMs > now()) {
          entries.set(key, { value, untilMs });
          // The oldest entry goes first; a page that keeps reading simply looks its session up again.
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
        }
      }
      return value;
    },
    changed() {
      changes++;
      forget();
    },
    changes: () => changes,
    forget,
  };
}
