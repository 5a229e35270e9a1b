import { useCallback, useEffect, useState } from "react";
import { type BrowserCheck, browserChecks } from "./browser-checks.ts";

export type CheckStatus = "pending" | "running" | "pass" | "fail";

export interface CheckState {
  readonly check: BrowserCheck;
  readonly status: CheckStatus;
  readonly detail: string;
  readonly ms?: number;
}

const perCheckTimeoutMs = 15_000;

function initial(): CheckState[] {
  return browserChecks.map((check) => ({ check, status: "pending", detail: "Waiting to run." }));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`No answer within ${ms / 1000} seconds.`)), ms);
    promise.then(
      (v) => {
        window.clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        window.clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Runs the browser checks one after another, once after mount and again on demand. */
export function useBrowserChecks() {
  const [states, setStates] = useState<CheckState[]>(initial);
  const [running, setRunning] = useState(false);
  const [runId, setRunId] = useState(0);

  const runAgain = useCallback(() => setRunId((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runId is the trigger for another run.
  useEffect(() => {
    let cancelled = false;
    const update = (i: number, next: Partial<CheckState>) =>
      setStates((prev) => prev.map((s, j) => (j === i ? { ...s, ...next } : s)));

    (async () => {
      setRunning(true);
      setStates(initial());
      for (const [i, check] of browserChecks.entries()) {
        if (cancelled) return;
        update(i, { status: "running", detail: "Checking…" });
        const start = performance.now();
        try {
          const detail = await withTimeout(check.run(), perCheckTimeoutMs);
          if (!cancelled) update(i, { status: "pass", detail, ms: performance.now() - start });
        } catch (error) {
          const detail = error instanceof Error ? error.message : String(error);
          if (!cancelled) update(i, { status: "fail", detail, ms: performance.now() - start });
        }
      }
      if (!cancelled) setRunning(false);
    })();

    return () => {
      cancelled = true;
    };
  }, [runId]);

  return { states, running, runAgain };
}
