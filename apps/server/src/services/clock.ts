/** Time as services see it: pass `() => new Date()` in production and a fixed or stepping function in tests. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * A clock that can be moved forward (TEST_CLOCK only: config.ts refuses it with a public PUBLIC_URL). It runs with real
 * time, plus the offset tests add, so journeys can cross 60 days without waiting for them.
 */
export function adjustableClock(): Clock & { advance(ms: number): Date } {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  return Object.assign(clock, {
    advance(ms: number) {
      offsetMs += ms;
      return clock();
    },
  });
}
