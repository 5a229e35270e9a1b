import {
  type ErrorBody,
  type ErrorCode,
  errorStatus,
  fieldMessages,
  type StorageServerErrorCode,
  storageMessages,
} from "@heirloom/contract";
import { ZodError } from "zod";

/** The one error type services and routes throw. Its code decides the HTTP status; its message reaches the client. */
export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** For rate_limited: when another attempt will be accepted (also sent as the Retry-After header). */
  retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.fields = fields;
  }

  /** A throttled attempt that may be tried again after `retryAfterSeconds`. */
  static tooManyAttempts(message: string, retryAfterSeconds: number): AppError {
    const error = new AppError("rate_limited", message);
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function errorBody(
  code: ErrorCode,
  message: string,
  requestId: string,
  fields?: Record<string, string>,
  extra: Pick<ErrorBody["error"], "reason" | "retryAfterSeconds"> = {},
): ErrorBody {
  return { error: { code, message, requestId, ...(fields ? { fields } : {}), ...extra } };
}

const genericMessages: Record<ErrorCode, string> = {
  validation_failed: "Some of the information sent was not valid.",
  unauthenticated: "Please sign in to continue.",
  forbidden: "You do not have permission to do that.",
  not_found: "We couldn't find what you were looking for.",
  request_timeout:
    "The request took too long to arrive, so it was cut off. Check your connection and try again.",
  conflict: "That conflicts with something that already exists.",
  payload_too_large: "That is larger than we accept.",
  unsupported_media_type: "That kind of content is not accepted here; send JSON.",
  rate_limited: "Too many requests. Please wait a little and try again.",
  headers_too_large: "The request's headers were too large. Clear this site's cookies and try again.",
  internal: "Something went wrong on our side. Please try again.",
  unavailable: "The service is temporarily unavailable. Please try again shortly.",
  ...storageGenericMessages(),
};

/** Storage codes are normally thrown with a message naming the path; these are the fallbacks. */
function storageGenericMessages(): Record<StorageServerErrorCode, string> {
  return {
    "storage/unknown": storageMessages.unknown,
    "storage/object-not-found": "Object does not exist.",
    "storage/bucket-not-found": "Bucket does not exist.",
    "storage/quota-exceeded": storageMessages.quotaExceeded("your storage is full."),
    "storage/unauthenticated": storageMessages.unauthenticated,
    "storage/unauthorized": "User does not have permission to access this object.",
    "storage/unauthorized-app": storageMessages.unauthorizedApp,
    "storage/invalid-argument": "Invalid argument.",
    "storage/invalid-url": "Invalid URL.",
    "storage/invalid-root-operation": "This operation cannot be performed on the root.",
    "storage/invalid-format": "Invalid format.",
    "storage/server-file-wrong-size": storageMessages.serverFileWrongSize,
    "storage/no-download-url": storageMessages.noDownloadUrl,
    "storage/internal-error": storageMessages.internalError,
  };
}

/** The code of an answer some library gave as an HTTP status only (Fastify's errors, better-auth's answers). */
const codeOfFrameworkStatus: Partial<Record<number, ErrorCode>> = {
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  408: "request_timeout",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  431: "headers_too_large",
};

/** Any other 4xx is validation_failed, anything else internal. */
export const codeOfStatus = (status: number): ErrorCode =>
  codeOfFrameworkStatus[status] ?? (status >= 400 && status < 500 ? "validation_failed" : "internal");

/**
 * Maps anything thrown while handling a request to a status and a safe body. Only AppError messages are passed
 * through; everything else gets the generic text of its code so no internal detail reaches a client.
 */
export function toErrorResponse(
  error: unknown,
  requestId: string,
): { status: number; body: ErrorBody; internal: boolean } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: errorBody(
        error.code,
        error.message,
        requestId,
        error.fields,
        error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds },
      ),
      internal: false,
    };
  }
  if (error instanceof ZodError) {
    const body = errorBody(
      "validation_failed",
      "Please correct the highlighted fields.",
      requestId,
      fieldMessages(error),
    );
    return { status: 400, body, internal: false };
  }
  const statusCode =
    typeof error === "object" && error !== null && "statusCode" in error ? Number(error.statusCode) : 500;
  const code = codeOfStatus(statusCode);
  return {
    status: errorStatus[code],
    body: errorBody(code, genericMessages[code], requestId),
    internal: code === "internal",
  };
}

export { genericMessages };
