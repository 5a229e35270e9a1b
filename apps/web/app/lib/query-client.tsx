import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "./api-error.ts";

// [ADR 037] The tab's one TanStack Query client and its provider. Kept apart from lib/query.tsx (the hooks over the
// typed client) so that the root of every page, public ones included, does not load the contract's schemas.

/** A 4xx answer is a verdict (signed out, not found, bad input), not a hiccup: only network and 5xx are retried. */
const isRetryable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 2 && isRetryable(error),
        // Pages read fresh data when they open; within a page, what it shows is what it last read or wrote.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one client, so that the session code can empty it at sign-in (one person's answers are
 * never shown to the next). The server renders with a fresh one each time; queries never run there.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/** Forgets every answer: called at sign-in (sign-out loads another page, which forgets them too). */
export function clearApiCache(): void {
  browserClient?.clear();
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
