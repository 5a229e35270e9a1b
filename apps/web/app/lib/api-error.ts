import type { ErrorCode } from "@heirloom/contract";

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
