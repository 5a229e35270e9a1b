/**
 * Content-Security-Policy directives. Scripts run only from our origin or with the per-request nonce that
 * @fastify/helmet adds to script-src and style-src; 'wasm-unsafe-eval' lets Argon2id's WebAssembly compile and
 * allows nothing else. No 'unsafe-inline', no 'unsafe-eval'.
 */
export function contentSecurityPolicy(_env: "development" | "production" | "test") {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
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
