/** Time as services see it: pass `() => new Date()` in production and a fixed or stepping function in tests. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
