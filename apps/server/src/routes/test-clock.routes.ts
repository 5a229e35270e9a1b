import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { LegacySweep } from "../jobs/legacy-sweep.ts";

/**
 * TEST_CLOCK only (config.ts refuses it with a public PUBLIC_URL; the server warns at boot): journeys move the legacy
 * clock forward and run one sweep pass, so 60 days pass in a request. Not in the operations table or OpenAPI: no
 * deployment has this route.
 */
export function registerTestClockRoutes(
  app: FastifyInstance,
  deps: { clock: { advance(ms: number): Date }; sweep: LegacySweep },
) {
  const body = z
    .object({
      advanceMs: z
        .int()
        .min(0)
        .max(10 * 365 * 24 * 60 * 60 * 1000),
    })
    .strict();
  app.post("/api/test/clock", async (request) => {
    const { advanceMs } = body.parse(request.body ?? {});
    const now = deps.clock.advance(advanceMs);
    const sweep = await deps.sweep.runOnce();
    return { now: now.toISOString(), sweep };
  });
}
