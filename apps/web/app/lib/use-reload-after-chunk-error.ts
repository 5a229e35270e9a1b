import { useEffect, useState } from "react";
import { chunkReloadAllowed, isChunkLoadError, reloadAfterChunkError } from "./chunk-reload.ts";

/** The failures this tab is already reloading for: a render while the reload lands must not show the error. */
const reloadingFor = new WeakSet<object>();

/**
 * For an error boundary: whether `error` is a page module that could not be loaded and the page is reloading for it
 * (show a loading screen, not the error). Within 10 seconds of the last such reload it is not: the error shows.
 * [Note: React Router's reload goes through the chunk-reload guard] (route-module-reload.ts)
 */
export function useReloadAfterChunkError(error: unknown): boolean {
  const [declined, setDeclined] = useState<unknown>(null);
  const reloading =
    typeof window !== "undefined" &&
    isChunkLoadError(error) &&
    declined !== error &&
    (reloadingFor.has(error as object) || chunkReloadAllowed(window));
  useEffect(() => {
    if (!reloading || reloadingFor.has(error as object)) return;
    if (reloadAfterChunkError(window)) reloadingFor.add(error as object);
    else setDeclined(error);
  }, [reloading, error]);
  return reloading;
}
