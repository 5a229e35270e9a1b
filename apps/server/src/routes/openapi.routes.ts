import { apiRoutes } from "@heirloom/contract";
import { formatOpenApiDocument } from "@heirloom/contract/openapi";
import type { FastifyInstance } from "fastify";

/**
 * The OpenAPI 3.1 document of this API, generated from packages/contract on the first request (the same text
 * `npm run openapi` writes to docs/openapi.json). Public: it describes routes, never data.
 */
export function registerOpenApiRoutes(app: FastifyInstance) {
  let document: string | undefined;
  app.get(apiRoutes.openapi, async (_request, reply) => {
    document ??= formatOpenApiDocument();
    return reply
      .header("cache-control", "public, max-age=300")
      .type("application/json; charset=utf-8")
      .send(document);
  });
}
