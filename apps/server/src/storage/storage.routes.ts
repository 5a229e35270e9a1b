import { Readable } from "node:stream";
import {
  listQuerySchema,
  maxUploadMetadataBytes,
  storageAppId,
  storageHeaders,
  storageMessages,
} from "@heirloom/contract";
import { type ApiOperation, operationsById } from "@heirloom/contract/operations";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { acceptedEncoding } from "../accepted-encoding.ts";
import { AppError, errorBody, toErrorResponse } from "../errors.ts";
import { isForeignRequest } from "../own-origin.ts";
import { apiCompression } from "../routes/api-compression.ts";
import type { Sessions } from "../routes/session.ts";
import { parseRange } from "./byte-range.ts";
import { multipartBoundary, readUploadParts } from "./multipart.ts";
import { decodePathComponent } from "./object-path.ts";
import type { StorageService } from "./storage.service.ts";

export interface StorageRoutesDeps {
  sessions: Sessions;
  storage: StorageService;
  /** Our own pages' origins (routes/own-origin.ts): the only pages that may call the storage API with a session. */
  origins: readonly string[];
}

// Ciphertext does not compress, and compressing would break Content-Length and ranges.
const noCompression = { compress: false } as const;

/**
 * A row's method and path. The storage routes take only these from their rows, not routes/operation-route.ts: they
 * answer storage/* codes (the app check before the session, storage/unauthenticated, storage/invalid-argument for a
 * bad query) where the helper answers unauthenticated and validation_failed, read the object path from the raw URL
 * (it may hold %2F) and the upload body as a stream.
 */
const at = (row: ApiOperation) => ({ method: row.method, url: row.path });

/**
 * The storage API (docs/storage-api.md): Firebase Storage REST v0 paths, our session cookie, storage/* errors.
 * Routes only parse and map; every rule is in storage.service.ts.
 */
export async function registerStorageRoutes(app: FastifyInstance, deps: StorageRoutesDeps) {
  const { storage } = deps;

  async function callerId(request: FastifyRequest): Promise<string | undefined> {
    return (await deps.sessions.optional(request))?.caller.id;
  }

  /**
   * What stands in for Firebase App Check here (ADR 024): the app id header, when sent, must be ours, and a request
   * that carries a session must come from our own pages (Fetch Metadata and Origin), so another site cannot spend a
   * visitor's session on the storage API.
   */
  function checkApp(request: FastifyRequest, { withSession }: { withSession: boolean }) {
    const appId = request.headers[storageHeaders.appId];
    if (appId !== undefined && appId !== storageAppId) {
      throw new AppError("storage/unauthorized-app", storageMessages.unauthorizedApp);
    }
    if (withSession && isForeignRequest(request.headers, deps.origins)) {
      throw new AppError("storage/unauthorized-app", storageMessages.unauthorizedApp);
    }
  }

  async function sessionCaller(request: FastifyRequest) {
    checkApp(request, { withSession: true });
    return callerId(request);
  }

  /** The bucket and object path of /v0/b/{bucket}/o/{path}, decoded from the raw URL (the path may hold %2F). */
  function objectTarget(request: FastifyRequest): { bucket: string; fullPath: string } {
    const rawPath = (request.raw.url ?? "").split("?")[0] ?? "";
    const match = /^\/v0\/b\/([^/]+)\/o\/(.*)$/i.exec(rawPath);
    if (!match) throw new AppError("storage/invalid-url", "Invalid URL.");
    return { bucket: decodePathComponent(match[1] ?? ""), fullPath: decodePathComponent(match[2] ?? "") };
  }

  function bucketOf(request: FastifyRequest): string {
    return (request.params as { bucket: string }).bucket;
  }

  function query(request: FastifyRequest): Record<string, string | undefined> {
    const raw = request.query as Record<string, string | string[] | undefined>;
    const single: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (Array.isArray(value))
        throw new AppError("storage/invalid-argument", `'${key}' is given more than once.`);
      single[key] = value;
    }
    return single;
  }

  await app.register(async (scope) => {
    // Upload bodies reach the handler as the raw stream; storage/multipart.ts reads them as they arrive, so the
    // app-wide 64 KiB body limit does not apply here (the service enforces the object and quota limits instead).
    // Every body, whatever its type, reaches the handler unread, so a wrong one gets a storage/* answer.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    // Errors that are not ours (Fastify's own, a failing store) still answer with storage/* codes here.
    scope.setErrorHandler((error, request, reply) => {
      // The person cancelled (or lost the connection) while the body was arriving: a normal event, and nobody is
      // left to answer. Whatever was stored of it has already been removed (storage.service.ts upload).
      if (
        request.raw.aborted ||
        (request.raw.destroyed && (error as { code?: unknown }).code === "ECONNRESET")
      ) {
        request.log.info({ reason: (error as Error).message }, "upload cancelled");
        return reply.code(499).send();
      }
      const { status, body } = toErrorResponse(asStorageError(error), request.id);
      if (status >= 500) request.log.error({ err: error }, "storage request failed");
      else request.log.info({ code: body.error.code }, "storage request refused");
      return reply.code(status).header("cache-control", "no-store").send(body);
    });

    scope.route({
      ...at(operationsById.uploadObject),
      ...noCompression,
      handler: async (request, reply) => {
        const caller = await sessionCaller(request);
        const protocol = request.headers["x-goog-upload-protocol"];
        if (protocol !== undefined && protocol !== "multipart") {
          throw new AppError(
            "storage/invalid-argument",
            "Only multipart uploads are supported; upload large files as chunk objects.",
          );
        }
        const params = query(request);
        // Anonymous callers learn nothing about the body's validity: authentication comes first.
        if (!caller) throw new AppError("storage/unauthenticated", storageMessages.unauthenticated);
        // With ?name= the target is checked before a byte of the body is read.
        if (params.name !== undefined) storage.checkWriteTarget(caller, bucketOf(request), params.name);
        const boundary = multipartBoundary(request.headers["content-type"]);
        const parts = await readUploadParts(request.body as Readable, boundary, maxUploadMetadataBytes);
        const metadata = await storage.upload({
          callerId: caller,
          bucket: bucketOf(request),
          queryName: params.name,
          metadataJson: parts.metadataJson,
          dataHeaders: parts.dataHeaders,
          data: parts.data,
          userAgent: request.headers["user-agent"] ?? null,
        });
        return reply.code(200).header("cache-control", "no-store").send(metadata);
      },
    });

    scope.route({
      ...at(operationsById.listObjects),
      compress: { ...apiCompression, encodings: [...apiCompression.encodings] },
      handler: async (request, reply) => {
        const caller = await sessionCaller(request);
        const parsed = listQuerySchema.safeParse(query(request));
        if (!parsed.success) {
          const field = parsed.error.issues[0]?.path.join(".") ?? "query";
          throw new AppError("storage/invalid-argument", `The list parameter '${field}' is not valid.`);
        }
        const listing = await storage.list(caller, bucketOf(request), parsed.data);
        reply.header("cache-control", "no-store").type("application/json; charset=utf-8");
        // A listing comes compressed once (storage/listing-cache.ts); the route's compression leaves an answer that
        // already names its encoding as it is.
        const encoding = acceptedEncoding(request.headers["accept-encoding"]);
        if (encoding === undefined || listing.json.length < apiCompression.threshold)
          return reply.send(listing.json);
        return reply
          .header("vary", "accept-encoding")
          .header("content-encoding", encoding)
          .send(listing.encoded(encoding));
      },
    });

    scope.route({
      ...at(operationsById.getObject),
      ...noCompression,
      handler: async (request, reply) => {
        const { bucket, fullPath } = objectTarget(request);
        const params = query(request);
        if (params.alt === undefined || params.alt === "json") {
          const metadata = await storage.metadata(await sessionCaller(request), bucket, fullPath);
          return reply.header("cache-control", "no-store").send(metadata);
        }
        if (params.alt !== "media")
          throw new AppError("storage/invalid-argument", "alt must be json or media.");
        // A download URL (with its token) works from anywhere, like Firebase's; without a token the session decides.
        const token = params.token;
        checkApp(request, { withSession: token === undefined });
        const caller = await callerId(request);
        const object = await storage.media(caller, bucket, fullPath, token);
        return sendMedia(request, reply, object, storage);
      },
    });

    scope.route({
      ...at(operationsById.deleteObject),
      handler: async (request, reply) => {
        const { bucket, fullPath } = objectTarget(request);
        await storage.remove(await sessionCaller(request), bucket, fullPath, request.headers["user-agent"]);
        return reply.code(204).header("cache-control", "no-store").send();
      },
    });
  });

  app.route({
    ...at(operationsById.getStorageUsage),
    handler: async (request, reply) => {
      const caller = await sessionCaller(request);
      return reply.header("cache-control", "no-store").send(await storage.usage(caller));
    },
  });
}

async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  object: Awaited<ReturnType<StorageService["media"]>>,
  storage: StorageService,
) {
  // The bytes are ciphertext for the browser to decrypt, never a page: they are served as an inert download, so a
  // stored object can never run as HTML or script on our origin whatever contentType its uploader claimed.
  reply
    .header("content-type", "application/octet-stream")
    .header("content-disposition", "attachment")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("x-content-type-options", "nosniff")
    .header("accept-ranges", "bytes")
    .header("etag", `"${object.generation}"`)
    .header("cache-control", "private, no-store");
  const range = parseRange(request.headers.range, object.size);
  if (range === "unsatisfiable") {
    return reply
      .code(416)
      .header("content-range", `bytes */${object.size}`)
      .header("content-type", "application/json; charset=utf-8")
      .send(
        errorBody(
          "storage/invalid-argument",
          `The requested range is not satisfiable: the object has ${object.size} bytes.`,
          request.id,
        ),
      );
  }
  if (range) {
    const stream = await storage.openBlob(object, range, reply.raw);
    return reply
      .code(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${object.size}`)
      .header("content-length", range.end - range.start + 1)
      .send(toReadable(stream));
  }
  if (object.size === 0) return reply.code(200).header("content-length", 0).send(Buffer.alloc(0));
  const stream = await storage.openBlob(object, undefined, reply.raw);
  return reply.code(200).header("content-length", object.size).send(toReadable(stream));
}

function toReadable(stream: AsyncIterable<Uint8Array>): Readable {
  return stream instanceof Readable ? stream : Readable.from(stream);
}

/**
 * Maps an error raised outside our code (Fastify, a blob store, the database) to the storage/* code of its status;
 * AppErrors and rate limiting pass through. The original error is logged; the client gets only the generic text.
 */
function asStorageError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status =
    typeof error === "object" && error !== null && "statusCode" in error ? Number(error.statusCode) : 500;
  if (status === 429) return error;
  if (status >= 400 && status < 500) {
    return new AppError("storage/invalid-argument", "The request is not valid for the storage API.");
  }
  return new AppError("storage/internal-error", storageMessages.internalError);
}
