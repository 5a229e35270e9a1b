import { apiRoutes } from "@heirloom/contract";

// Calls to better-auth's endpoints under /api/auth (sign-up, sign-in, verification, two-factor, sessions, social).
// better-auth answers errors with its own body, { code, message }, not ours (packages/contract/src/errors.ts); this is
// the one place that reads it. Every credential sent here is derived in the browser: see features/auth/credentials.ts.

/** A failed better-auth call: its HTTP status, its error code (e.g. INVALID_EMAIL_OR_PASSWORD) and message. */
export class AuthError extends Error {
  readonly status: number;
  /** better-auth's code, or "NETWORK" when no answer came, or "UNKNOWN" when the answer had no code. */
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    this.code = code;
  }
}

function readErrorBody(body: unknown): { code?: string; message?: string } {
  if (!body || typeof body !== "object") return {};
  const { code, message } = body as Record<string, unknown>;
  return {
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof message === "string" ? { message } : {}),
  };
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
    const { code, message } = readErrorBody(parsed);
    throw new AuthError(
      response.status,
      code ?? (response.status === 429 ? "TOO_MANY_REQUESTS" : "UNKNOWN"),
      message ?? `Unexpected response (HTTP ${response.status}).`,
    );
  }
  return parsed as T;
}
