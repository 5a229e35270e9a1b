import { describe, expect, it, vi } from "vitest";
import {
  chunkLoadErrorName,
  chunkReloadGuardMs,
  isChunkLoadError,
  reloadAfterChunkError,
  shouldReloadAfterChunkError,
} from "./chunk-reload.ts";

describe("shouldReloadAfterChunkError", () => {
  it("reloads the first time a chunk fails", () => {
    expect(shouldReloadAfterChunkError(null, 1_000)).toBe(true);
  });

  it("does not reload again within 10 seconds of the last reload", () => {
    expect(shouldReloadAfterChunkError(50_000, 50_000 + chunkReloadGuardMs - 1)).toBe(false);
    expect(shouldReloadAfterChunkError(50_000, 50_000 + chunkReloadGuardMs)).toBe(false);
  });

  it("reloads again once the 10 seconds have passed", () => {
    expect(shouldReloadAfterChunkError(50_000, 50_000 + chunkReloadGuardMs + 1)).toBe(true);
  });
});

describe("reloadAfterChunkError", () => {
  /** A tab: its sessionStorage and how often it reloaded. */
  function tab() {
    const stored = new Map<string, string>();
    const win = {
      reloads: 0,
      sessionStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
      },
      location: { reload: () => win.reloads++ },
    };
    return win;
  }

  it("is the one reload of every failed chunk: once, then not again for 10 seconds", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const win = tab();
      expect(reloadAfterChunkError(win as unknown as Window)).toBe(true);
      vi.advanceTimersByTime(chunkReloadGuardMs - 1);
      expect(reloadAfterChunkError(win as unknown as Window)).toBe(false);
      expect(win.reloads).toBe(1);
      vi.advanceTimersByTime(2);
      expect(reloadAfterChunkError(win as unknown as Window)).toBe(true);
      expect(win.reloads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("knows a page module that could not be loaded from any other error", () => {
    expect(isChunkLoadError(Object.assign(new Error("x"), { name: chunkLoadErrorName }))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module"))).toBe(false);
    expect(isChunkLoadError({ name: chunkLoadErrorName })).toBe(false);
  });
});
