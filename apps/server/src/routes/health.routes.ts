import { apiRoutes, type HealthResponse } from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { BlobStore } from "../blobs/blob-store.ts";
import type { Database } from "../db/database.ts";

export function registerHealthRoutes(app: FastifyInstance, deps: { database: Database; blobs: BlobStore }) {
  app.get(apiRoutes.health, async (request, reply) => {
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
    const body: HealthResponse = { status: ok ? "ok" : "degraded", checks: { database, blobStore } };
    return reply
      .code(ok ? 200 : 503)
      .header("cache-control", "no-store")
      .send(body);
  });
}
