import type { Socket } from "node:net";
import { apiRoutes, type ErrorCode, errorStatus } from "@heirloom/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, errorBody, genericMessages } from "../errors.ts";
import { isForeignRequest } from "../own-origin.ts";
import { plainErrorHeaders } from "../web/security-headers.ts";

/**
 * How long a request body may take to arrive: `baseMs`, plus the declared length at `minBytesPerSecond`. A 16 MiB
 * chunk upload then has 20 s + 512 s, enough on a slow but live 256 kbit/s line; a body that trickles in slower than
 * that is cut, and so is a 64 KiB JSON body still arriving after 22 s.
 */
export const defaultBodyDeadline = { baseMs: 20_000, minBytesPerSecond: 32 * 1024 };

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * What every request goes through, whatever its route: our own pages only for state-changing calls, and a deadline
 * for its body. (No caching of an API answer unless the route says otherwise: web/security-headers-hook.ts.)
 */
export function registerRequestHygiene(
  app: FastifyInstance,
  deps: {
    origins: readonly string[];
    bodyDeadline: typeof defaultBodyDeadline;
    /** The time a body of undeclared length (chunked) gets is that of the largest body any route takes. */
    largestBodyBytes: number;
  },
) {
  // Callback-form hooks: none of them waits for anything, and an async hook costs every request a promise.
  app.addHook("onRequest", (request, _reply, done) => {
    // better-auth checks Origin on its own routes (and must take providers' form posts on its callback); the storage
    // API refuses foreign pages with its own storage/* code (storage.routes.ts).
    if (!stateChanging.has(request.method)) return done();
    const url = request.url.toLowerCase();
    if (!url.startsWith("/api/") || url.startsWith(`${apiRoutes.auth}/`)) return done();
    if (isForeignRequest(request.headers, deps.origins)) {
      return done(
        new AppError(
          "forbidden",
          `This request came from a page of another site, so it was refused. Open Heirloom at ${deps.origins[0]} and try again.`,
        ),
      );
    }
    done();
  });

  app.addHook("onRequest", (request, reply, done) => {
    if (!hasBody(request)) return done();
    const declared = Number(request.headers["content-length"] ?? Number.NaN);
    const bytes = Number.isFinite(declared) ? declared : deps.largestBodyBytes;
    const deadlineMs = deps.bodyDeadline.baseMs + (bytes / deps.bodyDeadline.minBytesPerSecond) * 1000;
    const timer = setTimeout(() => {
      if (request.raw.complete) return;
      request.log.info({ deadlineMs }, "request body too slow: cut");
      const socket = request.raw.socket;
      if (!reply.raw.headersSent && socket.writable) {
        const body = JSON.stringify(
          errorBody("request_timeout", genericMessages.request_timeout, request.id),
        );
        reply.raw.writeHead(errorStatus.request_timeout, {
          ...plainErrorHeaders,
          "content-length": Buffer.byteLength(body),
          "x-request-id": request.id,
        });
        reply.raw.end(body);
      }
      socket.destroySoon();
    }, deadlineMs);
    timer.unref();
    // Done when the body has arrived, or when the answer has gone out without reading it (a refused upload): Node
    // then discards the rest, and its own timeouts (connectionTimeout, requestTimeout) watch that.
    request.raw.once("end", () => clearTimeout(timer));
    request.raw.once("close", () => clearTimeout(timer));
    reply.raw.once("finish", () => clearTimeout(timer));
    done();
  });
}

function hasBody(request: FastifyRequest): boolean {
  const headers = request.headers;
  return headers["content-length"] !== undefined
    ? headers["content-length"] !== "0"
    : headers["transfer-encoding"] !== undefined;
}

/**
 * Fastify's clientErrorHandler: HTTP framing Node could not parse (a bad request line, oversized headers, a header
 * timeout) is answered with our error body and security headers, then the connection is closed.
 */
export function sendClientError(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const code: ErrorCode =
    error.code === "HPE_HEADER_OVERFLOW"
      ? "headers_too_large"
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? "request_timeout"
        : "validation_failed";
  const message =
    code === "validation_failed" ? "The request could not be read as HTTP." : genericMessages[code];
  const body = JSON.stringify(errorBody(code, message, "none"));
  const status = errorStatus[code];
  const headers = { ...plainErrorHeaders, "content-length": String(Buffer.byteLength(body)) };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  socket.end(`HTTP/1.1 ${status} ${statusText[status] ?? "Bad Request"}\r\n${head}\r\n\r\n${body}`);
}

const statusText: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};
