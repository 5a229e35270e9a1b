import { describe, expect, it } from "vitest";
import { chunkReloadGuardMs, shouldReloadAfterChunkError } from "./chunk-reload.ts";

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
