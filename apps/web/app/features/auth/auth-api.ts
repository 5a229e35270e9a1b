import { apiRoutes, errorBodySchema } from "@heirloom/contract";

// Calls to better-auth's endpoints under /api/auth (sign-up, sign-in, verification, two-factor, sessions, social).
// Their errors come in our one error body (packages/contract/src/errors.ts) with better-auth's own code as `reason`;
// this is the one place that reads it. Every credential sent here is derived in the browser: see
// features/auth/credentials.ts.

/** A failed better-auth call: its HTTP status, better-auth's error code (e.g. INVALID_EMAIL_OR_PASSWORD), message. */
export class AuthError extends Error {
  readonly status: number;
  /** better-auth's code, or "NETWORK" when no answer came, or "UNKNOWN" when the answer had no code. */
  readonly code: string;
  /** A throttled attempt: seconds until another is accepted. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * POSTs (or GETs, when `body` is undefined and method says so) to better-auth at `/api/auth{path}`. Resolves with the
 * JSON body of a 2xx answer (null when empty); rejects with an AuthError otherwise.
 */
export async function authRequest<T = unknown>(
  path: `/${string}`,
  body?: unknown,
  init: { method?: "GET" | "POST"; signal?: AbortSignal } = {},
): Promise<T> {
  const method = init.method ?? (body === undefined ? "GET" : "POST");
  let response: Response;
  try {
    response = await fetch(`${apiRoutes.auth}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(method === "POST" ? { "content-type": "application/json" } : {}),
      },
      body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new AuthError(0, "NETWORK", "Could not reach Heirloom. Check your connection.");
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) {
    const error = errorBodySchema.safeParse(parsed).data?.error;
    throw new AuthError(
      response.status,
      error?.reason ?? (response.status === 429 ? "TOO_MANY_REQUESTS" : "UNKNOWN"),
      error?.message ?? `Unexpected response (HTTP ${response.status}).`,
      error?.retryAfterSeconds,
    );
  }
  return parsed as T;
}
