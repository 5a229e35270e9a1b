/** SPEC.md section 9: page prefetch keeps at most 5 preloads in flight. */
export const maxConcurrentPreloads = 5;

export interface PreloadQueue {
  /**
   * Loads `key` with `load` once fewer than the limit are in flight, in the order asked. A key asked for before
   * (waiting, loading or done, whether it worked or not) is not loaded again.
   */
  add(key: string, load: () => Promise<unknown>): void;
  /** How many preloads are in flight now. */
  readonly inFlight: number;
}

/** A first-come queue that never has more than `limit` preloads in flight; a failed one frees its place too. */
export function createPreloadQueue(limit = maxConcurrentPreloads): PreloadQueue {
  const asked = new Set<string>();
  const waiting: (() => Promise<unknown>)[] = [];
  let inFlight = 0;

  const next = () => {
    while (inFlight < limit && waiting.length > 0) {
      const load = waiting.shift() as () => Promise<unknown>;
      inFlight++;
      // A preload is a hint: its failure is the real navigation's to meet, never an error here.
      void Promise.resolve()
        .then(load)
        .catch(() => {})
        .finally(() => {
          inFlight--;
          next();
        });
    }
  };

  return {
    add(key, load) {
      if (asked.has(key)) return;
      asked.add(key);
      waiting.push(load);
      next();
    },
    get inFlight() {
      return inFlight;
    },
  };
}
