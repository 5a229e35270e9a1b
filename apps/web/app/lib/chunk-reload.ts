const storageKey = "heirloom:chunk-reload-at";
/** SPEC.md section 8: a failed page-chunk load reloads the page once; another reload is suppressed for 10 s. */
export const chunkReloadGuardMs = 10_000;
/**
 * The name of the error a page whose module could not be loaded throws when it renders
 * ([Note: React Router's reload goes through the chunk-reload guard] in route-module-reload.ts).
 */
export const chunkLoadErrorName = "ChunkLoadError";

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt > chunkReloadGuardMs;
}

/** Whether the guard lets a failed chunk reload this tab now: no such reload in the last 10 seconds. */
export function chunkReloadAllowed(win: Window, now = Date.now()): boolean {
  return shouldReloadAfterChunkError(Number(win.sessionStorage.getItem(storageKey)) || null, now);
}

/**
 * The one place that reloads the page after a chunk failed to load, whether Vite's or React Router's: reloads and
 * answers true, or answers false within 10 seconds of the last such reload (the failure then shows as an error).
 */
export function reloadAfterChunkError(win: Window): boolean {
  const now = Date.now();
  if (!chunkReloadAllowed(win, now)) return false;
  win.sessionStorage.setItem(storageKey, String(now));
  win.location.reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === chunkLoadErrorName;
}

/** Vite's own chunks: a cancelled vite:preloadError means "reloading"; otherwise Vite throws the error on. */
export function installChunkReloadGuard(win: Window) {
  win.addEventListener("vite:preloadError", (event) => {
    if (reloadAfterChunkError(win)) event.preventDefault();
  });
}
