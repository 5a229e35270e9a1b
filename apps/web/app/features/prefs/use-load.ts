import { useCallback, useEffect, useState } from "react";

export type Loaded<T> =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "ready"; data: T };

/** Loads once on mount (and again on reload()); the page shows a loader, the data, or what failed with a retry. */
export function useLoad<T>(load: () => Promise<T>, failedMessage: string) {
  const [result, setResult] = useState<Loaded<T>>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load is the page's fixed call; `attempt` re-runs it.
  useEffect(() => {
    let live = true;
    setResult({ state: "loading" });
    load().then(
      (data) => live && setResult({ state: "ready", data }),
      () => live && setResult({ state: "failed", message: failedMessage }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setResult({ state: "ready", data }), []);
  return { result, reload, setData };
}
