import type { HealthResponse } from "@heirloom/contract";
import { operationsById } from "@heirloom/contract/operations";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { BlobStore } from "../blobs/blob-store.ts";
import type { Database } from "../db/database.ts";
import type { OperationRoute } from "./operation-route.ts";

type Checks = HealthResponse["checks"];

/** How long a finished check answers the requests that follow it (ADR 067). */
export const healthFreshMs = 1_000;

export function registerHealthRoutes(
  route: OperationRoute,
  deps: { database: Database; blobs: BlobStore; now?: () => number },
) {
  const now = deps.now ?? (() => performance.now());
  async function check(log: FastifyBaseLogger): Promise<Checks> {
    const [database, blobStore] = await Promise.all([
      sql`select 1`.execute(deps.database.db).then(
        () => "ok" as const,
        (error: unknown) => {
          log.error({ err: error }, "health: database check failed");
          return "failing" as const;
        },
      ),
      deps.blobs.check().then(
        () => "ok" as const,
        (error: unknown) => {
          log.error({ err: error }, "health: blob store check failed");
          return "failing" as const;
        },
      ),
    ]);
    return { database, blobStore };
  }

  // Requests that arrive while a check runs share its answer, and so do those in the second after it finished (a
  // balancer and a monitor polling at once, a burst, or someone hammering this unauthenticated route): each answer
  // is at most that old, and a burst costs the database and the blob store one round trip a second (ADR 067).
  let running: Promise<Checks> | undefined;
  let last: { checks: Checks; at: number } | undefined;
  route(operationsById.getHealth, { tiny: true }, async ({ request, reply }) => {
    let checks: Checks;
    if (last && now() - last.at < healthFreshMs) checks = last.checks;
    else {
      running ??= check(request.log)
        .then((result) => {
          last = { checks: result, at: now() };
          return result;
        })
        .finally(() => {
          running = undefined;
        });
      checks = await running;
    }
    const ok = checks.database === "ok" && checks.blobStore === "ok";
    reply.code(ok ? 200 : 503).header("cache-control", "no-store");
    const body: HealthResponse = { status: ok ? "ok" : "degraded", checks };
    return body;
  });
}
