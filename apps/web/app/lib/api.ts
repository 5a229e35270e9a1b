import { errorBodySchema } from "@heirloom/contract";
import {
  type ApiOperation,
  type OperationId,
  type OperationInput,
  type OperationResult,
  type OperationsById,
  operationsById,
} from "@heirloom/contract/operations";
import { ApiError } from "./api-error.ts";
import { announceUnauthorized } from "./unauthorized-event.ts";

export { ApiError };

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

type Operation<K extends OperationId> = OperationsById[K];
/** The input of a call: the row's params, query and body (a query whose fields are all optional may be left out). */
export type CallInput<K extends OperationId> = OperationInput<Operation<K>> & { signal?: AbortSignal };
export type CallResult<K extends OperationId> = OperationResult<Operation<K>>;
type CallArgs<K extends OperationId> =
  object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

const unexpectedShape =
  "Heirloom answered in a way this page does not understand. Reload the page and try again.";

/** The row's path with its `:name` parameters filled in, and its query string. */
function urlOf(path: string, input: { params?: object; query?: object }): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${filled}?${query}` : filled;
}

/**
 * Calls one of our operations by its id in the contract's table (packages/contract/src/api-operations.ts): the
 * method, path, input and answer are the row's, so a call cannot name a route, a field or a shape the server does not
 * have. Resolves with the answer parsed by the row's response schema (undefined for 204); rejects with an ApiError for
 * anything else. Same-origin only, so the session cookie goes along.
 */
export async function callApi<K extends OperationId>(id: K, ...[input]: CallArgs<K>): Promise<CallResult<K>> {
  const row: ApiOperation = operationsById[id];
  const call = (input ?? {}) as { params?: object; query?: object; body?: unknown; signal?: AbortSignal };
  const url = urlOf(row.path, call);
  let response: Response;
  try {
    response = await fetch(url, {
      method: row.method,
      headers: {
        accept: "application/json",
        ...(row.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: row.body === undefined ? undefined : JSON.stringify(call.body ?? {}),
      credentials: "same-origin",
      signal: call.signal,
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
    if (response.status === 401) announceUnauthorized(url);
    throw await toApiError(response);
  }
  const answer = row.responses.find((r) => r.status === response.status) ?? row.responses[0];
  if (!answer?.json || response.status === 204) return undefined as CallResult<K>;
  const parsed = answer.json.schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: "internal",
      message: unexpectedShape,
      requestId: response.headers.get("x-request-id") ?? undefined,
    });
  }
  return parsed.data as CallResult<K>;
}
