/** Per-address limits of one route (Fastify's rate limiter, counted per client address as Fastify resolved it). */
export const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: "1 minute" } } });
export const perQuarterHour = (max: number) => ({ config: { rateLimit: { max, timeWindow: "15 minutes" } } });
export const perHour = (max: number) => ({ config: { rateLimit: { max, timeWindow: "1 hour" } } });
