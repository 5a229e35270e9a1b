import type { IncomingMessage, ServerResponse } from "node:http";
import { apiRoutes } from "@heirloom/contract";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { apiHeaders, contentSecurityPolicy, hsts, permissionsPolicy } from "./security-headers.ts";

const apiPath = new RegExp(`^(?:/api|/v0|${apiRoutes.health})(?:[/?]|$)`);

/**
 * Whether a request's answer is the API's (JSON, a redirect, an error, a download that sets its own policy) rather
 * than a page or an asset: `/api` and `/v0` and what is under them, and `/healthz`. Decided by the path as routing
 * reads it (case and all): `/API/x` is no route of the API, so it is answered as a page is. The page route sends
 * these paths to the API's JSON 404 by the same test (web/ssr.ts).
 */
export function isApiPath(url: string): boolean {
  return apiPath.test(url);
}

/**
 * The security headers of every answer, each set made once at start and given whole by one `onRequest` hook, with
 * the request's id (ADR 043, ADR 060):
 * - the API's answers get `apiHeaders` (a policy that allows nothing, no caching unless the route says otherwise);
 * - pages and assets get helmet's headers for our policy (web/security-headers.ts) and the Permissions-Policy; a
 *   page's answer then adds its inline scripts' hashes to script-src (web/ssr.ts). No answer carries a nonce: pages
 *   are rendered without one (ADR 044), and an asset or an API answer runs no inline script.
 * A route may still replace a header (the storage API's downloads set their own CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, env: "development" | "production" | "test") {
  const pageHeaders: Record<string, string> = {
    ...headersOf({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
      hsts,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      frameguard: { action: "deny" },
    }),
    "permissions-policy": permissionsPolicy,
  };
  if (!pageHeaders["content-security-policy"]?.includes("frame-ancestors 'none'"))
    throw new Error("security headers: helmet wrote no content security policy for pages");

  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : pageHeaders);
    reply.header("x-request-id", request.id);
    done();
  });
}

/** The headers helmet writes with these options. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
