import { z } from "zod";
import {
  type ApiOperation,
  type ApiResponse,
  apiOperations,
  apiTags,
  type NamedSchema,
} from "./api-operations.ts";
import { type ErrorCode, errorBodySchema, errorStatus } from "./errors.ts";
import { uploadMetadataSchema } from "./storage.ts";

// The OpenAPI 3.1 document of the API, generated from the operations table (api-operations.ts) with zod 4's own
// z.toJSONSchema (ADR 033). `npm run openapi` writes it to docs/openapi.json; the server serves the same document at
// GET /api/openapi.json. Everything here is deterministic, so the committed file can be compared with a fresh one.

export * from "./api-operations.ts";
export * from "./better-auth.ts";

export const openApiVersion = "3.1.0";
export const apiVersion = "0.1.0";
/** better-auth's session cookie (auth.ts: cookiePrefix "heirloom", secure cookies). */
export const sessionCookieName = "__Secure-heirloom.session_token";

type JsonSchema = Record<string, unknown>;
type Direction = "request" | "response";

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorComponent = { name: "Error", schema: errorBodySchema } satisfies NamedSchema;
const uploadMetadataComponent = {
  name: "UploadMetadata",
  schema: uploadMetadataSchema,
} satisfies NamedSchema;

/** A sort that does not depend on the machine's locale. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const methodOrder = ["GET", "PUT", "POST", "PATCH", "DELETE"] as const;

/** Fastify's `/a/:id/*` as OpenAPI's `/a/{id}/{path}`. */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\/\*$/, "/{path}");
}

/** Every named schema, by name, with the direction it is generated for; a name means one schema only. */
function collectSchemas(operations: readonly ApiOperation[]) {
  const found = new Map<string, { schema: z.ZodType; direction: Direction }>();
  const add = (named: NamedSchema, direction: Direction) => {
    const seen = found.get(named.name);
    if (seen && (seen.schema !== named.schema || seen.direction !== direction)) {
      throw new Error(`OpenAPI: the component name ${named.name} is given to two different schemas.`);
    }
    found.set(named.name, { schema: named.schema, direction });
  };
  add(errorComponent, "response");
  add(uploadMetadataComponent, "request");
  for (const operation of operations) {
    if (operation.body) add(operation.body, "request");
    for (const response of operation.responses) if (response.json) add(response.json, "response");
  }
  return found;
}

/** A schema as it sits in the document: no $schema or $id (the document's dialect is 2020-12 already). */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * components.schemas: requests as zod's input type (what a client sends: defaults optional, before transforms),
 * responses as its output type (what the server sends: unknown keys never appear, so objects are closed).
 */
function componentSchemas(operations: readonly ApiOperation[]): Record<string, JsonSchema> {
  const all = collectSchemas(operations);
  const components: Record<string, JsonSchema> = {};
  for (const direction of ["request", "response"] as const) {
    const registry = z.registry<{ id: string }>();
    for (const [name, { schema, direction: d }] of all)
      if (d === direction) registry.add(schema, { id: name });
    const generated = z.toJSONSchema(registry, {
      target: "draft-2020-12",
      io: direction === "request" ? "input" : "output",
      unrepresentable: "throw",
      uri: (id) => `#/components/schemas/${id}`,
    });
    for (const [name, schema] of Object.entries(generated.schemas))
      components[name] = bare(schema as JsonSchema);
  }
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => byCodeUnits(a, b)));
}

function parameters(operation: ApiOperation): JsonSchema[] {
  const result: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", operation.params],
    ["query", operation.query],
  ] as const) {
    if (!schema) continue;
    const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "throw" });
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = property;
      result.push({
        name,
        in: where,
        required: where === "path" || required.has(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      });
    }
  }
  return result;
}

function requestBody(operation: ApiOperation): JsonSchema | undefined {
  if (operation.body) {
    return { required: true, content: { "application/json": { schema: schemaRef(operation.body.name) } } };
  }
  if (operation.rawBody) {
    const multipart = {
      schema: {
        type: "object",
        properties: {
          metadata: schemaRef(uploadMetadataComponent.name),
          file: { contentMediaType: "application/octet-stream" },
        },
        required: ["file"],
      },
      encoding: { metadata: { contentType: "application/json" } },
    };
    return {
      required: true,
      description: operation.rawBody.description,
      content: { [operation.rawBody.contentType]: multipart, "multipart/form-data": multipart },
    };
  }
  return undefined;
}

function successResponse(response: ApiResponse): JsonSchema {
  const content: Record<string, unknown> = {};
  if (response.json) content["application/json"] = { schema: schemaRef(response.json.name) };
  if (response.binary)
    content["application/octet-stream"] = { schema: { contentMediaType: "application/octet-stream" } };
  return { description: response.description, ...(Object.keys(content).length ? { content } : {}) };
}

/** The error responses of an operation: one per status, listing its codes (x-error-codes) and the error body. */
function errorResponses(operation: ApiOperation): [string, JsonSchema][] {
  if (operation.betterAuth) {
    return operation.betterAuth.errorStatuses.map((status) => [
      String(status),
      {
        description:
          "better-auth's error in the one error body; its own code (e.g. INVALID_EMAIL_OR_PASSWORD) is `reason`.",
        content: { "application/json": { schema: schemaRef(errorComponent.name) } },
      },
    ]);
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operation.errors) {
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus].map(([status, codes]) => [
    String(status),
    {
      description: codes.join(", "),
      "x-error-codes": codes,
      content: { "application/json": { schema: schemaRef(errorComponent.name) } },
    },
  ]);
}

function security(operation: ApiOperation): JsonSchema[] | undefined {
  switch (operation.access) {
    case "session":
    case "admin":
      return [{ session: [] }];
    case "optional-session":
      return [{}, { session: [] }];
    case "public":
      return undefined;
  }
}

function operationObject(operation: ApiOperation): JsonSchema {
  const params = parameters(operation);
  const body = requestBody(operation);
  const responses = [
    ...operation.responses.map((response) => [String(response.status), successResponse(response)] as const),
    ...errorResponses(operation),
  ].sort(([a], [b]) => Number(a) - Number(b));
  const auth = security(operation);
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(operation.specCall ? { "x-spec-call": operation.specCall } : {}),
    ...(operation.access === "admin" ? { "x-access": "admin" } : {}),
    ...(operation.betterAuth ? { "x-owner": "better-auth" } : {}),
    ...(auth ? { security: auth } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: Object.fromEntries(responses),
  };
}

/** The whole document, in a fixed key order: paths sorted, methods in methodOrder, components by name. */
export function buildOpenApiDocument(operations: readonly ApiOperation[] = apiOperations) {
  const paths = new Map<string, ApiOperation[]>();
  for (const operation of operations) {
    const path = openApiPath(operation.path);
    paths.set(path, [...(paths.get(path) ?? []), operation]);
  }
  const sortedPaths = [...paths].sort(([a], [b]) => byCodeUnits(a, b));
  return {
    openapi: openApiVersion,
    info: {
      title: "Heirloom API",
      version: apiVersion,
      description:
        "The HTTP API of Heirloom's server, for its web app. Generated from packages/contract (npm run openapi); served at GET /api/openapi.json. Errors answer { error: { code, message, requestId, fields? } } (x-error-codes lists each status's codes), except under /api/auth, which better-auth answers with { code, message }.",
    },
    tags: Object.entries(apiTags).map(([name, description]) => ({ name, description })),
    paths: Object.fromEntries(
      sortedPaths.map(([path, list]) => [
        path,
        Object.fromEntries(
          [...list]
            .sort((a, b) => methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method))
            .map((operation) => [operation.method.toLowerCase(), operationObject(operation)]),
        ),
      ]),
    ),
    components: {
      schemas: componentSchemas(operations),
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: sessionCookieName,
          description:
            "better-auth's session cookie, set by sign-in (HttpOnly: the browser sends it by itself).",
        },
      },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** The document as docs/openapi.json holds it: two-space JSON and a final newline. */
export function formatOpenApiDocument(document: OpenApiDocument = buildOpenApiDocument()): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
