import { describe, expect, it } from "vitest";
import { backoffMs, type RetryClock, uploadRetryBudget, withRetry } from "./retry.ts";
import { StorageError } from "./storage-error.ts";

function fakeClock() {
  const waits: number[] = [];
  let now = 0;
  const clock: RetryClock = {
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
  return { clock, waits };
}

const failing = (status: number, times: number) => {
  let calls = 0;
  return {
    calls: () => calls,
    operation: async () => {
      calls++;
      if (calls <= times) throw new StorageError("storage/internal-error", "boom", status);
      return "stored";
    },
  };
};

describe("withRetry (SPEC.md 9)", () => {
  it("retries 5xx, 408, 429 and dropped connections with doubling waits, then succeeds", async () => {
    for (const status of [500, 503, 408, 429, 0]) {
      const { clock, waits } = fakeClock();
      const op = failing(status, 3);
      const operation =
        status === 0
          ? async () => {
              if (op.calls() < 3) {
                await op.operation().catch(() => {});
                throw new StorageError("storage/network", "offline");
              }
              return "stored";
            }
          : op.operation;
      await expect(withRetry(operation, { clock, random: () => 0.5 })).resolves.toBe("stored");
      expect(waits).toEqual([900, 1800, 3600]);
    }
  });

  it("does not retry what a retry cannot fix (403, 402, 400)", async () => {
    for (const status of [400, 402, 403, 404]) {
      const { clock, waits } = fakeClock();
      const op = failing(status, 1);
      await expect(withRetry(op.operation, { clock })).rejects.toMatchObject({ status });
      expect(op.calls()).toBe(1);
      expect(waits).toEqual([]);
    }
  });

  it("caps the backoff at 64 s", () => {
    expect(backoffMs(0, () => 1)).toBe(1000);
    expect(backoffMs(6, () => 1)).toBe(64_000);
    expect(backoffMs(12, () => 1)).toBe(64_000);
  });

  it("gives up after 2 minutes for one operation with storage/retry-limit-exceeded", async () => {
    const { clock, waits } = fakeClock();
    const op = failing(503, Number.POSITIVE_INFINITY);
    await expect(withRetry(op.operation, { clock, random: () => 1 })).rejects.toMatchObject({
      code: "storage/retry-limit-exceeded",
      message: "Max retry time for operation exceeded, please try again.",
    });
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(120_000);
    expect(waits).toEqual(
      [1000, 2000, 4000, 8000, 16_000, 32_000, 64_000].filter((_, i) => i < waits.length),
    );
  });

  it("gives up when one upload's retries together pass 10 minutes", async () => {
    const budget = uploadRetryBudget();
    let failures = 0;
    const run = async () => {
      const { clock } = fakeClock();
      const op = failing(500, 5);
      await withRetry(op.operation, { clock, budget, random: () => 1 });
    };
    // Each operation waits 1+2+4+8+16 = 31 s before succeeding; the 20th would pass 600 s.
    for (let i = 0; i < 25; i++) {
      try {
        await run();
      } catch (error) {
        expect(error).toMatchObject({ code: "storage/retry-limit-exceeded" });
        failures++;
        break;
      }
    }
    expect(failures).toBe(1);
    expect(budget.spentMs).toBeLessThanOrEqual(600_000);
    expect(budget.spentMs).toBeGreaterThan(550_000);
  });

  it("stops at once when canceled", async () => {
    const controller = new AbortController();
    const { clock } = fakeClock();
    controller.abort();
    await expect(withRetry(async () => "x", { clock, signal: controller.signal })).rejects.toMatchObject({
      code: "storage/canceled",
    });
  });
});
