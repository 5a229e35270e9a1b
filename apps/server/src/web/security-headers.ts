/**
 * Content-Security-Policy directives. Scripts run only from our origin or with the per-request nonce that
 * web/security-headers-hook.ts adds to script-src and style-src; 'wasm-unsafe-eval' lets Argon2id's WebAssembly compile and
 * allows nothing else. No 'unsafe-inline', no 'unsafe-eval'.
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
 * The security headers of an error answer written straight to the socket (broken HTTP framing, a body cut for
 * arriving too slowly), where helmet never runs: nothing in it may load or frame anything.
 */
export const plainErrorHeaders = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  connection: "close",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "strict-transport-security": `max-age=${hsts.maxAge}; includeSubDomains; preload`,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": permissionsPolicy,
};
