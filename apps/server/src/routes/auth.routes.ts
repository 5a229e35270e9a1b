import { apiRoutes } from "@heirloom/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { HeirloomAuth } from "../auth/auth.ts";
import { codeOfStatus, errorBody, genericMessages } from "../errors.ts";

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

/**
 * The Fastify request as a Web Request for better-auth, with the raw body and the client address Fastify resolved. Its
 * URL starts at PUBLIC_URL, never at the Host header the client wrote.
 */
export function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = toWebHeaders(request);
  const url = `${publicUrl}${request.url}`;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const body = hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(url, { method: request.method, headers, ...(body ? { body } : {}) });
}

/**
 * [ADR 036] A reset request for a known address writes a token before answering, one for an unknown address does
 * not: about a millisecond apart, enough to tell the two over many tries. Its answer waits until this long after the
 * request came in, whichever path it took (better-auth gives send-verification-email a 500 ms floor of its own).
 */
const answerFloorsMs: Record<string, number> = { [`${apiRoutes.auth}/request-password-reset`]: 200 };

/** Mounts better-auth's handler under /api/auth/*, in its own scope so its bodies stay raw. */
export async function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: HeirloomAuth; publicUrl: string },
) {
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
        const started = performance.now();
        const response = await deps.auth.handler(toWebRequest(request, deps.publicUrl));
        const floor = answerFloorsMs[(request.url.split("?")[0] ?? "").toLowerCase()];
        if (floor) await new Promise((resolve) => setTimeout(resolve, floor - (performance.now() - started)));
        reply.code(response.status);
        for (const [name, value] of response.headers) {
          if (name === "set-cookie" || name === "content-length") continue;
          reply.header(name, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header("set-cookie", cookies);
        reply.header("cache-control", "no-store");
        const bytes = Buffer.from(await response.arrayBuffer());
        if (response.status >= 400) {
          const body = ourErrorBody(response.status, readJson(bytes), request.id, response.headers);
          if (body.error.retryAfterSeconds) reply.header("retry-after", String(body.error.retryAfterSeconds));
          return reply.type("application/json; charset=utf-8").send(body);
        }
        if (!bytes.length || !response.headers.get("content-type")?.includes("application/json"))
          return reply.send(bytes);
        return reply.send(withoutSessionTokens(readJson(bytes)));
      },
    });
  });
}

function readJson(bytes: Buffer): unknown {
  if (!bytes.length) return null;
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return null;
  }
}

/**
 * better-auth's error answer ({ code, message }, or nothing) in the one error shape of every route. Its own code
 * stays as `reason`; a server-side failure's message is replaced by the generic one, so nothing internal leaks.
 */
function ourErrorBody(status: number, parsed: unknown, requestId: string, headers: Headers) {
  const fields = (parsed && typeof parsed === "object" ? parsed : {}) as Record<string, unknown>;
  const code = codeOfStatus(status);
  const message =
    status < 500 && typeof fields.message === "string" && fields.message
      ? fields.message
      : genericMessages[code];
  // Our lockout puts the wait into the body; better-auth's per-address limiter into X-Retry-After.
  const retry = Number(fields.retryAfterSeconds ?? headers.get("x-retry-after") ?? Number.NaN);
  return errorBody(code, message, requestId, undefined, {
    ...(typeof fields.code === "string" && fields.code ? { reason: fields.code } : {}),
    ...(Number.isInteger(retry) && retry > 0 ? { retryAfterSeconds: retry } : {}),
  });
}

/**
 * [Note: Session tokens stay in the cookie] better-auth puts the session token into the JSON of sign-in, sign-up,
 * get-session and list-sessions. The HttpOnly cookie is the only place a page needs it; a script that could read it
 * from an answer (an injected one, an extension) could carry the session elsewhere. Sessions are named by id instead
 * (DELETE /api/account/sessions/{id}).
 */
function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSessionTokens);
  if (!value || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "token") continue;
    copy[key] = key === "session" || key === "sessions" ? withoutSessionTokens(inner) : inner;
  }
  return copy;
}
