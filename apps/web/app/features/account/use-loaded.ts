import { useCallback, useEffect, useState } from "react";

export type Loaded<T> =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "ready"; data: T };

/** Runs `load` once on mount (and on retry()); the page shows a loader, the data, or the failure with a retry. */
export function useLoaded<T>(
  load: () => Promise<T>,
): [Loaded<T>, { retry: () => void; set: (data: T) => void }] {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a module function; attempt re-runs it.
  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    load().then(
      (data) => current && setState({ status: "ready", data }),
      () =>
        current &&
        setState({
          status: "failed",
          message: "We couldn't load this page's details. Check your connection and try again.",
        }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ status: "ready", data }), []);
  return [state, { retry, set }];
}
