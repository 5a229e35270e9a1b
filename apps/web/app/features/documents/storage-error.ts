import { type StorageErrorCode, storageErrorStatus, storageMessages } from "@heirloom/contract";

/** A failed storage call: the server's `storage/*` code, or one the browser raises itself (retry limit, canceled). */
export class StorageError extends Error {
  readonly code: StorageErrorCode | "storage/network";
  readonly status: number;

  constructor(code: StorageErrorCode | "storage/network", message: string, status = 0) {
    super(message);
    this.name = "StorageError";
    this.code = code;
    this.status = status;
  }
}

export const canceledError = () => new StorageError("storage/canceled", storageMessages.canceled);
export const retryLimitError = () =>
  new StorageError("storage/retry-limit-exceeded", storageMessages.retryLimitExceeded);
export const networkError = () =>
  new StorageError("storage/network", "Could not reach Heirloom. Check your connection.");

export function isStorageError(error: unknown): error is StorageError {
  return error instanceof StorageError;
}

/** SPEC section 9: 5xx, 408 and 429 are worth retrying; so is a request that never got an answer. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof StorageError)) return false;
  if (error.code === "storage/network") return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Builds a StorageError from a non-2xx answer, with the server's code when the body has one. */
export async function storageErrorFrom(response: Response): Promise<StorageError> {
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code?: unknown; message?: unknown } }
    | undefined;
  const code = body?.error?.code;
  const message = body?.error?.message;
  if (typeof code === "string" && (code in storageErrorStatus || code.startsWith("storage/"))) {
    return new StorageError(
      code as StorageErrorCode,
      typeof message === "string" ? message : storageMessages.unknown,
      response.status,
    );
  }
  const fallback = response.status >= 500 ? "storage/internal-error" : "storage/unknown";
  return new StorageError(
    fallback,
    response.status >= 500 ? storageMessages.internalError : storageMessages.unknown,
    response.status,
  );
}

/** What a person reads for a failed operation: what happened and what to do. */
export function describeStorageError(error: unknown): string {
  if (!(error instanceof Error)) return storageMessages.unknown;
  if (!(error instanceof StorageError)) return error.message || storageMessages.unknown;
  switch (error.code) {
    case "storage/quota-exceeded":
      return `${error.message} Delete documents you no longer need, or upgrade your plan.`;
    case "storage/unauthenticated":
      return "Your session has ended. Sign in again, then retry.";
    case "storage/retry-limit-exceeded":
      return `${error.message} Check your connection, then choose Retry: stored parts are not sent again.`;
    default:
      return error.message;
  }
}
