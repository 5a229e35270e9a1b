import { type ErrorCode, errorBodySchema } from "@heirloom/contract";
import { announceUnauthorized } from "./unauthorized-event.ts";

/**
 * A failed call to /api/*: the server's error body (packages/contract/src/errors.ts) when it sent one, or a
 * stand-in when the request never got an answer in that shape (offline, proxy error page, timeout).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | "network";
  readonly requestId: string | undefined;
  /** Field name -> message, for validation errors a person can fix. */
  readonly fields: Readonly<Record<string, string>>;
  /** A throttled call: seconds until the server takes another attempt. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode | "network";
    message: string;
    requestId?: string;
    fields?: Record<string, string>;
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.fields = init.fields ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, requestId, fields, retryAfterSeconds } = parsed.data.error;
    return new ApiError({ status: response.status, code, message, requestId, fields, retryAfterSeconds });
  }
  return new ApiError({
    status: response.status,
    code:
      response.status === 429 ? "rate_limited" : response.status >= 500 ? "internal" : "validation_failed",
    message: `Unexpected response (HTTP ${response.status}).`,
    requestId: response.headers.get("x-request-id") ?? undefined,
  });
}

/**
 * Calls one of our JSON endpoints (a path from `apiRoutes`). Resolves with the parsed JSON body of a 2xx answer;
 * rejects with an ApiError for anything else. Same-origin only, so the session cookie goes along.
 */
export async function apiRequest<T>(
  path: string,
  init: { method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError({
      status: 0,
      code: "network",
      message: "Could not reach Heirloom. Check your connection.",
    });
  }
  if (!response.ok) {
    if (response.status === 401) announceUnauthorized(path);
    throw await toApiError(response);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
