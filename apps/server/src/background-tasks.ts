/**
 * Work that runs after a response has gone (mail that must not delay or time an answer). Failures are reported, never
 * thrown at a caller; closing the server waits for what is still running.
 */
export interface BackgroundTasks {
  run(work: Promise<unknown>): void;
  /** Resolves once nothing is running (tests, shutdown). */
  settled(): Promise<void>;
}

export function createBackgroundTasks(onError: (error: unknown) => void): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(work) {
      const tracked = work.catch(onError).finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async settled() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
