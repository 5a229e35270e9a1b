import { canceledError, isRetryable, retryLimitError } from "./storage-error.ts";

// SPEC.md section 9: retry on 5xx, 408 and 429 with exponential backoff capped at 64 s; give up after 2 minutes for one
// operation and after 10 minutes for a whole upload, with storage/retry-limit-exceeded. A request that got no answer
// at all (the connection dropped, the server restarts) is retried too: that is the network drop uploads must survive.

export const MAX_OPERATION_RETRY_MS = 2 * 60_000;
export const MAX_UPLOAD_RETRY_MS = 10 * 60_000;
export const MAX_BACKOFF_MS = 64_000;
export const FIRST_BACKOFF_MS = 1_000;

export interface RetryClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: RetryClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(canceledError());
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(canceledError());
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

/** Backoff before retry number `attempt` (0-based): 1 s, 2 s, 4 s, ... capped at 64 s, with up to 20% jitter. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.2 * random()));
}

export interface RetryBudget {
  spentMs: number;
  readonly limitMs: number;
}

export const uploadRetryBudget = (): RetryBudget => ({ spentMs: 0, limitMs: MAX_UPLOAD_RETRY_MS });

export interface RetryOptions {
  readonly signal?: AbortSignal;
  readonly clock?: RetryClock;
  /**
   * Shared by every operation of one upload: the time spent waiting to retry, summed over all of them. When it would
   * pass `limitMs` (10 minutes for an upload), the upload gives up. A long upload on a slow line that never fails is
   * never cut off; one that keeps failing is.
   */
  readonly budget?: RetryBudget;
  readonly random?: () => number;
  /** Told before each wait, e.g. to show "Connection lost, retrying". */
  readonly onRetry?: (error: unknown, waitMs: number) => void;
}

/**
 * Runs `operation` until it succeeds, fails with an error that is not worth retrying, or the time budget is spent
 * (then storage/retry-limit-exceeded). A wait that would end past the budget is not started.
 */
export async function withRetry<T>(
  operation: (signal?: AbortSignal) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const clock = options.clock ?? realClock;
  const started = clock.now();
  const limit = started + MAX_OPERATION_RETRY_MS;
  const budget = options.budget;
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) throw canceledError();
    try {
      return await operation(options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw canceledError();
      if (!isRetryable(error)) throw error;
      const wait = backoffMs(attempt, options.random);
      if (clock.now() + wait > limit) throw retryLimitError();
      if (budget && budget.spentMs + wait > budget.limitMs) throw retryLimitError();
      if (budget) budget.spentMs += wait;
      options.onRetry?.(error, wait);
      await clock.sleep(wait, options.signal);
    }
  }
}
