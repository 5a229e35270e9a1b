import { apiRoutes } from "@heirloom/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { HeirloomAuth } from "../auth/auth.ts";

/** The request's headers as Web Headers, with x-forwarded-for set to the address Fastify resolved. */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // better-auth keys its rate limits on this header: always the address Fastify resolved (TRUST_PROXY aware), never
  // what the client sent.
  headers.set("x-forwarded-for", request.ip);
  return headers;
}

/** The Fastify request as a Web Request for better-auth, with the raw body and the client address Fastify resolved. */
export function toWebRequest(request: FastifyRequest): Request {
  const headers = toWebHeaders(request);
  const url = `${request.protocol}://${request.host}${request.url}`;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const body = hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(url, { method: request.method, headers, ...(body ? { body } : {}) });
}

/** Mounts better-auth's handler under /api/auth/*, in its own scope so its bodies stay raw. */
export async function registerAuthRoutes(app: FastifyInstance, deps: { auth: HeirloomAuth }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // better-auth parses bodies itself (JSON, and form posts from OAuth providers): hand it the bytes untouched.
    scope.addContentTypeParser(
      ["application/json", "application/x-www-form-urlencoded"],
      { parseAs: "buffer" },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: ["GET", "POST"],
      url: `${apiRoutes.auth}/*`,
      async handler(request, reply) {
        const response = await deps.auth.handler(toWebRequest(request));
        reply.code(response.status);
        for (const [name, value] of response.headers) {
          if (name === "set-cookie") continue;
          reply.header(name, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header("set-cookie", cookies);
        reply.header("cache-control", "no-store");
        return reply.send(Buffer.from(await response.arrayBuffer()));
      },
    });
  });
}
