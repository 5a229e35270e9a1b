import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { contentSecurityPolicy, hsts } from "./security-headers.ts";

declare module "fastify" {
  interface FastifyReply {
    /** This answer's CSP nonces (hex, 128 random bits each): a page's inline script and style carry them. */
    cspNonce: { script: string; style: string } | null;
  }
}

const scriptMark = "heirloom-script-nonce";
const styleMark = "heirloom-style-nonce";

/**
 * helmet's headers on every answer, with a fresh CSP nonce for scripts and one for styles (ADR 043). helmet itself
 * writes the headers, once at start: the CSP with two marks where the nonces go, which each answer fills in.
 * (@fastify/helmet built a new helmet, and parsed the policy again, for every request: a tenth of a signed-in read.)
 * A route may still replace a header (the storage API's downloads set their own CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, env: "development" | "production" | "test") {
  const directives = contentSecurityPolicy(env);
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...directives,
        "script-src": [...directives["script-src"], `'nonce-${scriptMark}'`],
        "style-src": [...directives["style-src"], `'nonce-${styleMark}'`],
      },
    },
    hsts,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
  });
  const policy = headers["content-security-policy"] ?? "";
  const [beforeScript = "", rest = ""] = policy.split(scriptMark);
  const [betweenNonces = "", afterStyle = ""] = rest.split(styleMark);
  if (!rest || !afterStyle) throw new Error("security headers: the CSP nonces have no place in the policy");
  const { "content-security-policy": _, ...fixed } = headers;
  const nonces = noncePool();

  app.decorateReply("cspNonce", null);
  app.addHook("onRequest", (_request, reply, done) => {
    const script = nonces();
    const style = nonces();
    reply.cspNonce = { script, style };
    reply.headers(fixed);
    reply.header("content-security-policy", beforeScript + script + betweenNonces + style + afterStyle);
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

/** 128-bit nonces as hex, cut from random bytes drawn 256 nonces at a time (one draw instead of one per nonce). */
function noncePool(): () => string {
  const size = 16;
  let pool = randomBytes(0);
  let offset = 0;
  return () => {
    if (offset >= pool.length) {
      pool = randomBytes(size * 256);
      offset = 0;
    }
    const nonce = pool.toString("hex", offset, offset + size);
    offset += size;
    return nonce;
  };
}
