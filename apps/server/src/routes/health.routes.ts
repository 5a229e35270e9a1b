import type { HealthResponse } from "@heirloom/contract";
import { operationsById } from "@heirloom/contract/operations";
import { sql } from "kysely";
import type { BlobStore } from "../blobs/blob-store.ts";
import type { Database } from "../db/database.ts";
import type { OperationRoute } from "./operation-route.ts";

export function registerHealthRoutes(route: OperationRoute, deps: { database: Database; blobs: BlobStore }) {
  route(operationsById.getHealth, async ({ request, reply }) => {
    const [database, blobStore] = await Promise.all([
      sql`select 1`.execute(deps.database.db).then(
        () => "ok" as const,
        (error: unknown) => {
          request.log.error({ err: error }, "health: database check failed");
          return "failing" as const;
        },
      ),
      deps.blobs.check().then(
        () => "ok" as const,
        (error: unknown) => {
          request.log.error({ err: error }, "health: blob store check failed");
          return "failing" as const;
        },
      ),
    ]);
    const ok = database === "ok" && blobStore === "ok";
    reply.code(ok ? 200 : 503).header("cache-control", "no-store");
    const body: HealthResponse = { status: ok ? "ok" : "degraded", checks: { database, blobStore } };
    return body;
  });
}
