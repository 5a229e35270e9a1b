import { z } from "zod";
import { storageErrorStatus } from "./storage.ts";

/**
 * The closed list of error codes the API can answer with, and the HTTP status of each.
 * The web client turns codes into the exact messages of SPEC.md section 8; servers never send internal details.
 */
export const errorStatus = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
  // The storage API speaks SPEC's storage/* codes (storage.ts), in the same body shape as every other route.
  ...storageErrorStatus,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    requestId: z.string(),
    /** Field name -> message, for validation errors a person can fix. */
    fields: z.record(z.string(), z.string()).optional(),
    /**
     * Under /api/auth: better-auth's own code (INVALID_EMAIL_OR_PASSWORD, TOO_MANY_ATTEMPTS...), which says more
     * than the HTTP-level code beside it.
     */
    reason: z.string().optional(),
    /** A throttled request (rate_limited): seconds until another attempt is accepted; also the Retry-After header. */
    retryAfterSeconds: z.number().int().positive().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Turns a zod error into one message per field, the first issue of each field winning. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}
