import {
  buildOpenApiDocument,
  formatOpenApiDocument,
  type OpenApiDocument,
} from "@heirloom/contract/openapi";
import { operationsById } from "@heirloom/contract/operations";
import type { OperationRoute } from "./operation-route.ts";

/**
 * The OpenAPI 3.1 document of this API, generated from packages/contract on the first request and sent as the same
 * text `npm run openapi` writes to docs/openapi.json (formatOpenApiDocument). Public: it describes routes, never data.
 */
export function registerOpenApiRoutes(route: OperationRoute) {
  let document: OpenApiDocument | undefined;
  route(operationsById.getOpenApiDocument, async ({ reply }) => {
    document ??= buildOpenApiDocument();
    reply
      .header("cache-control", "public, max-age=300")
      .type("application/json; charset=utf-8")
      .serializer(formatOpenApiDocument);
    return document;
  });
}
