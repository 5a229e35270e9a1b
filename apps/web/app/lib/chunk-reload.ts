const storageKey = "heirloom:chunk-reload-at";
/** SPEC.md section 8: a failed page-chunk load reloads the page once; another reload is suppressed for 10 s. */
export const chunkReloadGuardMs = 10_000;

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt > chunkReloadGuardMs;
}

export function installChunkReloadGuard(win: Window) {
  win.addEventListener("vite:preloadError", (event) => {
    const last = Number(win.sessionStorage.getItem(storageKey)) || null;
    const now = Date.now();
    if (!shouldReloadAfterChunkError(last, now)) return;
    event.preventDefault();
    win.sessionStorage.setItem(storageKey, String(now));
    win.location.reload();
  });
}
