import type { Clock } from "../services/clock.ts";

/** Test-only: a clock that starts at `startIso` and moves `stepMs` forward each time it is read. */
export function steppingClock(startIso: string, stepMs = 1000): Clock {
  let now = Date.parse(startIso);
  return () => {
    now += stepMs;
    return new Date(now);
  };
}
