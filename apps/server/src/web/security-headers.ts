/**
 * Content-Security-Policy directives of pages and assets. Scripts run only from our origin, or inline where a page's
 * policy lists the script's hash (web/page-cache.ts: every page is rendered without a nonce, so the same bytes serve
 * everyone); 'wasm-unsafe-eval' lets Argon2id's WebAssembly compile and allows nothing else. No 'unsafe-inline', no
 * 'unsafe-eval'.
 */
export function contentSecurityPolicy(env: "development" | "production" | "test") {
  // Development only: Vite injects styles as <style> elements and talks to its HMR server over a websocket.
  const dev = env === "development";
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": dev ? ["'self'", "ws:"] : ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "media-src": ["'self'", "blob:"],
    "frame-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

export const permissionsPolicy =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()";

/** Two years, with subdomains, preload-ready: helmet's HSTS and the answers written without Fastify share it. */
export const hsts = { maxAge: 63_072_000, includeSubDomains: true, preload: true } as const;

/**
 * The security headers of every answer of the API (`/api/`, the storage API's `/v0/`, `/healthz`): JSON, a
 * redirect or an error, never a document that runs anything, so a policy that allows nothing, and only the headers a
 * browser reads on such an answer (OWASP's REST Security Cheat Sheet lists the same). The ones only a document reads
 * (COOP, Permissions-Policy, the script and style sources, DNS prefetch...) come with pages and assets (ADR 060).
 * A route may still replace one (the storage API's downloads set their own CSP, public answers their own caching).
 */
export const apiHeaders = {
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "strict-transport-security": `max-age=${hsts.maxAge}; includeSubDomains; preload`,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-resource-policy": "same-origin",
} as const;

/**
 * The security headers of an error answer written straight to the socket (broken HTTP framing, a body cut for
 * arriving too slowly), where Fastify's hooks never run: the API's, whatever the path.
 */
export const plainErrorHeaders = {
  "content-type": "application/json; charset=utf-8",
  connection: "close",
  ...apiHeaders,
  "permissions-policy": permissionsPolicy,
};
