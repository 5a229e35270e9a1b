import { articleMessages } from "@heirloom/contract";
import type { ApiAccess, ApiOperation, NamedSchema, OperationResult } from "@heirloom/contract/operations";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../errors.ts";
import { isAdmin } from "../services/admins.ts";
import { apiCompression } from "./api-compression.ts";
import { parse } from "./parse.ts";
import type { RequestSession, Sessions } from "./session.ts";

// Registers a route from its row of the operations table (packages/contract/src/api-operations.ts): the method, path,
// access and schemas come from the row, so the table, the server and docs/openapi.json cannot drift apart.

export interface OperationRouteDeps {
  sessions: Sessions;
  /** Lowercased ADMIN_EMAILS: who passes the check of an "admin" row. */
  adminEmails: readonly string[];
}

export interface OperationRouteOptions {
  /** The route's rate limit: spread rate-limits.ts `perMinute(n)` and its kin here. */
  readonly config?: FastifyContextConfig;
  /**
   * The service checks the JSON body itself, to answer with messages of its own (the preliminary check's
   * { success: false, error }): the handler gets the body unparsed, as `unknown`.
   */
  readonly bodyCheckedByService?: true;
  /**
   * A path parameter that fails its schema names nothing that exists: 404 not_found with this message, instead of
   * 400 validation_failed.
   */
  readonly paramsNotFound?: string;
  /** A larger JSON body than the app's 64 KiB default (a plan's wraps), in bytes. */
  readonly bodyLimit?: number;
  /**
   * The answer is mostly base64 of ciphertext, which compresses by a quarter at best (the keys: 4.7 KiB to 3.5 at
   * any level), for as much CPU as the rest of the read: sent as it is.
   */
  readonly ciphertext?: true;
  /**
   * The answer is always far under the compression threshold (the health check's 60 bytes): no compression hook
   * at all, which would look at every answer for nothing (and, at a server's first answer, load Node's fetch
   * classes to do so: 45 ms of a restart before its first health check answered, issue 16).
   */
  readonly tiny?: true;
}

/** The session a handler gets: always one behind "session" and "admin", maybe one for "optional-session". */
export type SessionFor<A extends ApiAccess> = A extends "session" | "admin"
  ? RequestSession
  : A extends "optional-session"
    ? RequestSession | undefined
    : undefined;

/** A row's path parameters, query and JSON body as its schemas parsed them (z.output, defaults applied). */
export type ParsedInput<O extends ApiOperation, Options extends OperationRouteOptions = object> = (O extends {
  params: infer P extends z.ZodType;
}
  ? { params: z.output<P> }
  : unknown) &
  (O extends { query: infer Q extends z.ZodType } ? { query: z.output<Q> } : unknown) &
  (O extends { body: NamedSchema<infer B> }
    ? { body: Options extends { bodyCheckedByService: true } ? unknown : z.output<B> }
    : unknown);

/** What a handler receives: the parsed input, the session its row's access promises, the request and the reply. */
export type OperationCall<
  O extends ApiOperation,
  Options extends OperationRouteOptions = object,
> = ParsedInput<O, Options> & {
  session: SessionFor<O["access"]>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** Returns the row's result, which the helper sends with the row's status; nothing for a row without a body (204). */
export type OperationHandler<O extends ApiOperation, Options extends OperationRouteOptions = object> = (
  call: OperationCall<O, Options>,
) => [OperationResult<O>] extends [undefined] ? Promise<void> : Promise<OperationResult<O>>;

export interface OperationRoute {
  <O extends ApiOperation>(row: O, handler: OperationHandler<O>): void;
  <O extends ApiOperation, const Options extends OperationRouteOptions>(
    row: O,
    options: Options,
    handler: OperationHandler<O, Options>,
  ): void;
}

/**
 * Returns `route(row, options?, handler)`, which registers the row's method and path and, in this order, checks the
 * row's access (401 without a session, 403 for a non-admin), parses the path parameters, the query and the body with
 * the row's schemas (400 validation_failed with a message per field), and sends the handler's result with the
 * status of the row's first response (204 with no body, 201, 200). A handler may set another status the row lists
 * (the health check's 503), and headers, on the reply before it returns.
 */
export function operationRoutes(app: FastifyInstance, deps: OperationRouteDeps): OperationRoute {
  async function sessionFor(access: ApiAccess, request: FastifyRequest): Promise<RequestSession | undefined> {
    switch (access) {
      case "public":
        return undefined;
      case "optional-session":
        return deps.sessions.optional(request);
      case "session":
        return deps.sessions.require(request);
      case "admin": {
        const session = await deps.sessions.require(request);
        // The articles editor's rows are the only admin rows.
        if (!isAdmin(deps.adminEmails, session.caller))
          throw new AppError("forbidden", articleMessages.adminOnly);
        return session;
      }
    }
  }

  function register(
    row: ApiOperation,
    optionsOrHandler: OperationRouteOptions | OperationHandler<ApiOperation>,
    maybeHandler?: OperationHandler<ApiOperation>,
  ): void {
    const options = typeof optionsOrHandler === "function" ? {} : optionsOrHandler;
    const handler = typeof optionsOrHandler === "function" ? optionsOrHandler : maybeHandler;
    if (!handler) throw new Error(`${row.operationId}: no handler`);
    const status = row.responses[0]?.status ?? 200;
    app.route({
      method: row.method,
      url: row.path,
      ...(options.config ? { config: options.config } : {}),
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
      compress:
        options.ciphertext || options.tiny
          ? false
          : { ...apiCompression, encodings: [...apiCompression.encodings] },
      async handler(request, reply) {
        const session = await sessionFor(row.access, request);
        const input: Record<string, unknown> = {};
        if (row.params) input.params = parseParams(row.params, request.params, options.paramsNotFound);
        if (row.query) input.query = parse(row.query, request.query);
        if (row.body)
          input.body = options.bodyCheckedByService ? request.body : parse(row.body.schema, request.body);
        reply.code(status);
        const result = await handler({ ...input, session, request, reply } as OperationCall<ApiOperation>);
        return reply.send(result);
      },
    });
  }

  return register as OperationRoute;
}

function parseParams(schema: z.ZodType, params: unknown, notFoundMessage: string | undefined): unknown {
  if (notFoundMessage === undefined) return parse(schema, params);
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new AppError("not_found", notFoundMessage);
  return parsed.data;
}
