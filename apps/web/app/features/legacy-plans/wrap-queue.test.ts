import { legacyPlanMessages } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api.ts";
import { isNewerPlan, isStaleVersion } from "./wrap-queue.ts";

describe("the wrap queue's cache rules", () => {
  it("an answer replaces a cached plan only when it is at least as new", () => {
    const at = (version: number, updatedAt: string) => ({ version, updatedAt });
    expect(isNewerPlan(at(4, "2026-01-01T00:00:00.000Z"), at(3, "2026-01-02T00:00:00.000Z"))).toBe(true);
    expect(isNewerPlan(at(3, "2026-01-01T00:00:01.000Z"), at(3, "2026-01-01T00:00:00.000Z"))).toBe(true);
    expect(isNewerPlan(at(3, "2026-01-01T00:00:00.000Z"), at(3, "2026-01-01T00:00:00.000Z"))).toBe(true);
    expect(isNewerPlan(at(3, "2026-01-01T00:00:00.000Z"), at(4, "2026-01-01T00:00:00.000Z"))).toBe(false);
    expect(isNewerPlan(at(3, "2026-01-01T00:00:00.000Z"), at(3, "2026-01-01T00:00:01.000Z"))).toBe(false);
  });

  it("only the server's 'plan changed' answer restarts a pass", () => {
    const conflict = (message: string) => new ApiError({ status: 409, code: "conflict", message });
    expect(isStaleVersion(conflict(legacyPlanMessages.staleVersion))).toBe(true);
    expect(isStaleVersion(conflict(legacyPlanMessages.keyMismatch))).toBe(false);
    expect(isStaleVersion(new Error(legacyPlanMessages.staleVersion))).toBe(false);
  });
});
