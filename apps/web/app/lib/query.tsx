import type { OperationId } from "@heirloom/contract/operations";
import { infiniteQueryOptions, queryOptions, useMutation } from "@tanstack/react-query";
import type { CallInput, CallResult } from "./api.ts";
import { callApi } from "./api.ts";
import { getQueryClient } from "./query-client.tsx";

export { clearApiCache, getQueryClient } from "./query-client.tsx";

// [ADR 037] One way to load and change server state: TanStack Query over the typed client (api.ts callApi). A page
// reads with useQuery(apiQuery(id, input)), shows the three moments with <QueryView> (components/ui/query-view.tsx),
// and changes with useMutation, writing the answer back with setApiData or invalidating with invalidateApi.

type Input<K extends OperationId> = Omit<CallInput<K>, "signal">;

/** The cache key of an operation's answer: its id, then its input (so each page of a list has its own entry). */
export const apiKey = <K extends OperationId>(id: K, input?: Input<K>) =>
  input === undefined ? ([id] as const) : ([id, input] as const);

/** The query of one operation: useQuery(apiQuery("getProfile")), useQuery(apiQuery("listActivity", { query })). */
export function apiQuery<K extends OperationId>(id: K, input?: Input<K>) {
  return queryOptions({
    queryKey: apiKey(id, input),
    queryFn: ({ signal }) => (callApi as CallAny)(id, { ...input, signal }) as Promise<CallResult<K>>,
  });
}

// callApi's rest-parameter typing cannot be followed through a generic id; the row still decides the call.
type CallAny = (id: OperationId, input: object) => Promise<unknown>;

/** Puts a fresh answer (a mutation's result) where the operation's query keeps it. */
export function setApiData<K extends OperationId>(id: K, data: CallResult<K>, input?: Input<K>): void {
  getQueryClient().setQueryData(apiKey(id, input), data);
}

/** Marks every cached answer of these operations stale; mounted pages read them again. */
export function invalidateApi(...ids: OperationId[]): Promise<void> {
  return getQueryClient().invalidateQueries({
    predicate: (query) => ids.includes(query.queryKey[0] as OperationId),
  });
}

/** The operations that answer a page of a list with a `next` cursor. */
type PagedOperation = "listActivity" | "listNotifications";

/** A list read page by page, newest first: useInfiniteQuery(apiPagesQuery("listActivity")), fetchNextPage for more. */
export function apiPagesQuery<K extends PagedOperation>(id: K) {
  return infiniteQueryOptions({
    queryKey: [id, "pages"] as const,
    queryFn: ({ signal, pageParam }) =>
      (callApi as CallAny)(id, { query: pageParam ? { cursor: pageParam } : {}, signal }) as Promise<
        CallResult<K>
      >,
    initialPageParam: null as string | null,
    getNextPageParam: (last: CallResult<K>) => (last as { next: string | null } | undefined)?.next ?? null,
  });
}

/** What <QueryView> shows for several queries read together: failed if one failed, ready when all are. */
export interface JoinedQuery<T> {
  status: "pending" | "error" | "success";
  data: T | undefined;
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
}

/** The part of a query (plain or paged) that joinQueries reads. */
interface QueryLike {
  status: "pending" | "error" | "success";
  data: unknown;
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
}
type DataOf<Q extends readonly QueryLike[]> = { [I in keyof Q]: Exclude<Q[I]["data"], undefined> };

/**
 * A query the panel can do without: once it has settled, a failure reads as `fallback` (null, say) instead of failing
 * the whole panel, so joinQueries waits for it but is never held up or failed by it.
 */
export function orFallback<D, F>(
  query: {
    status: QueryLike["status"];
    data: D | undefined;
    isRefetching: boolean;
    refetch: () => Promise<unknown>;
  },
  fallback: F,
): {
  status: QueryLike["status"];
  data: D | F | undefined;
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
} {
  if (query.status === "pending") return query;
  return { ...query, status: "success", data: query.data === undefined ? fallback : query.data };
}

/**
 * Joins queries a panel needs together into one for <QueryView>, `build` making the panel's data from theirs. A query
 * that has data counts as ready even if a later read failed (a failed "Load more" keeps the list on screen).
 */
export function joinQueries<const Q extends readonly QueryLike[], T>(
  queries: Q,
  build: (...data: DataOf<Q>) => T,
): JoinedQuery<T> {
  const status = queries.every((q) => q.data !== undefined)
    ? "success"
    : queries.some((q) => q.status === "error")
      ? "error"
      : "pending";
  return {
    status,
    data: status === "success" ? build(...(queries.map((q) => q.data) as DataOf<Q>)) : undefined,
    isRefetching: queries.some((q) => q.isRefetching),
    refetch: () => Promise.all(queries.filter((q) => q.status === "error").map((q) => q.refetch())),
  };
}

/**
 * A change through one operation: `const save = useApiMutation("updateProfile", { onSuccess: (p) =>
 * setApiData("getProfile", p) })`, then `await save.mutateAsync({ body })` from a form's submit.
 */
export function useApiMutation<K extends OperationId>(
  id: K,
  options: { onSuccess?: (data: CallResult<K>) => unknown } = {},
) {
  return useMutation({
    mutationFn: (input: Input<K>) => (callApi as CallAny)(id, input) as Promise<CallResult<K>>,
    onSuccess: options.onSuccess,
  });
}
