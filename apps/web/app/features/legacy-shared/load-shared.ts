import type { LegacyShared } from "@heirloom/contract";
import { digestHex } from "@heirloom/crypto";
import { queryOptions } from "@tanstack/react-query";
import { getObject } from "#app/features/documents/documents.ts";
import { getCryptoClient, unlockFromStorage } from "#app/features/session/index.ts";
import { callApi } from "#app/lib/api.ts";
import { type OpenedShared, openShared } from "./verify-shared.ts";

export interface LoadedShared {
  readonly shared: LegacyShared;
  readonly opened: OpenedShared;
}

/**
 * A release or drill as the server serves it, then checked and opened in this tab's crypto workers with my own keys
 * (verify-shared.ts). Nothing unverified leaves this function.
 */
export async function loadShared(id: string, signal?: AbortSignal): Promise<LoadedShared> {
  const shared = await callApi("getLegacyShared", { params: { id }, signal });
  const [crypto, account] = await Promise.all([getCryptoClient(), unlockFromStorage()]);
  const opened = await openShared(shared, {
    crypto: crypto.api,
    me: account,
    fetchObject: (path, s) => getObject(path, { signal: s }),
    digestHex,
    signal,
  });
  return { shared, opened };
}

/**
 * Opened in the browser, so not a row of the API table (ADR 037, like the document list). Kept while the page is open:
 * a re-read would make new document keys and restart a viewer. A 404 is a verdict and is not retried.
 */
export const sharedQuery = (id: string) =>
  queryOptions({
    queryKey: ["legacyShared", id],
    queryFn: ({ signal }) => loadShared(id, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
