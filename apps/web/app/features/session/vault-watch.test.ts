import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkVaultOnLoad, startVaultWatch } from "./vault-watch.ts";

describe("5-second vault key check", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("signs out within 5 seconds of the key going missing, once", () => {
    let hasKey = true;
    const onMissing = vi.fn();
    startVaultWatch({ hasVaultKey: () => hasKey, onMissing });
    vi.advanceTimersByTime(15_000);
    expect(onMissing).not.toHaveBeenCalled();
    hasKey = false;
    vi.advanceTimersByTime(4_999);
    expect(onMissing).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onMissing).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onMissing).toHaveBeenCalledTimes(1);
  });

  it("stops when the shell unmounts", () => {
    const onMissing = vi.fn();
    startVaultWatch({ hasVaultKey: () => false, onMissing })();
    vi.advanceTimersByTime(60_000);
    expect(onMissing).not.toHaveBeenCalled();
  });
});

function deps(overrides: Partial<Parameters<typeof checkVaultOnLoad>[0]> = {}) {
  return {
    hasVaultKey: () => true,
    hasVaultSalt: () => true,
    onInvalidKey: vi.fn(),
    fetchSalt: vi.fn(async () => "b".repeat(64) as string | undefined),
    storeSalt: vi.fn(),
    logUserError: vi.fn(async () => {}),
    ...overrides,
  };
}

describe("check on page load", () => {
  it("an invalid key signs out and nothing else happens", async () => {
    const d = deps({ hasVaultKey: () => false, hasVaultSalt: () => false });
    await expect(checkVaultOnLoad(d)).resolves.toBe("invalid-key");
    expect(d.onInvalidKey).toHaveBeenCalledTimes(1);
    expect(d.fetchSalt).not.toHaveBeenCalled();
  });

  it("valid key and salt: nothing to do", async () => {
    const d = deps();
    await expect(checkVaultOnLoad(d)).resolves.toBe("ok");
    expect(d.fetchSalt).not.toHaveBeenCalled();
  });

  it("an invalid salt is fetched again and stored", async () => {
    const d = deps({ hasVaultSalt: () => false });
    await expect(checkVaultOnLoad(d)).resolves.toBe("salt-refreshed");
    expect(d.storeSalt).toHaveBeenCalledWith("b".repeat(64));
    expect(d.onInvalidKey).not.toHaveBeenCalled();
  });

  it("an answer without a salt logs 'Salt not found in response.' and does not sign out", async () => {
    const d = deps({ hasVaultSalt: () => false, fetchSalt: vi.fn(async () => undefined) });
    await expect(checkVaultOnLoad(d)).resolves.toBe("salt-missing");
    expect(d.logUserError).toHaveBeenCalledWith("getUserSalt", "Salt not found in response.");
    expect(d.onInvalidKey).not.toHaveBeenCalled();
    expect(d.storeSalt).not.toHaveBeenCalled();
  });

  it("a failed request logs 'Salt retrieval failed' and does not sign out", async () => {
    const d = deps({
      hasVaultSalt: () => false,
      fetchSalt: vi.fn(async () => {
        throw new Error("HTTP 503");
      }),
    });
    await expect(checkVaultOnLoad(d)).resolves.toBe("salt-failed");
    expect(d.logUserError).toHaveBeenCalledWith("getUserSalt", "Salt retrieval failed: HTTP 503");
    expect(d.onInvalidKey).not.toHaveBeenCalled();
  });
});
