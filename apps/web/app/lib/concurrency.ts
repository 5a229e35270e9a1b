// Bounded concurrency for the page's network and crypto work.

/** Runs `work` over `items`, at most `limit` at a time, keeping their order in the answer. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(runners);
  return results;
}

/**
 * At most `limit` calls of `run` at work at once; the rest wait their turn, first come first served. (mapLimited
 * bounds whole items; this bounds one step of them, such as the upload after an item's encryption.)
 */
export function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<R>(work: () => Promise<R>): Promise<R> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot take it in between.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
