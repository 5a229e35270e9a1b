import type { HealthResponse } from "@heirloom/contract";
import { operationsById } from "@heirloom/contract/operations";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { BlobStore } from "../blobs/blob-store.ts";
import type { Database } from "../db/database.ts";
import type { OperationRoute } from "./operation-route.ts";

type Checks = HealthResponse["checks"];

export function registerHealthRoutes(route: OperationRoute, deps: { database: Database; blobs: BlobStore }) {
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

  // Requests that arrive while a check runs share its answer instead of each starting one (a balancer and a monitor
  // polling at once, or a burst): every answer still comes from a check that was running when the request arrived.
  let running: Promise<Checks> | undefined;
  route(operationsById.getHealth, async ({ request, reply }) => {
    running ??= check(request.log).finally(() => {
      running = undefined;
    });
    const checks = await running;
    const ok = checks.database === "ok" && checks.blobStore === "ok";
    reply.code(ok ? 200 : 503).header("cache-control", "no-store");
    const body: HealthResponse = { status: ok ? "ok" : "degraded", checks };
    return body;
  });
}
