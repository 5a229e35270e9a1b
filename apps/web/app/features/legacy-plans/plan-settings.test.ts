import { describe, expect, it } from "vitest";
import {
  emptyPlanForm,
  planFormFrom,
  receiveLead,
  settingsSentences,
  triggerSentence,
  validatePlanForm,
} from "./plan-settings.ts";

const T1 = "11111111-1111-4111-8111-111111111111";
const T2 = "22222222-2222-4222-8222-222222222222";

describe("the plan form", () => {
  it("a name and a trigger make a plan; share now is the default", () => {
    expect(validatePlanForm({ ...emptyPlanForm(), name: "  For Sam " })).toEqual({
      ok: true,
      name: "For Sam",
      settings: { trigger: { kind: "shareNow" }, trustees: null, timeLimitDays: null },
    });
  });

  it("each trigger with its own days; trustees k of n; a time limit", () => {
    const result = validatePlanForm({
      ...emptyPlanForm(),
      name: "Later",
      trigger: "request",
      waitingDays: 30,
      trusteeIds: [T1, T2],
      trusteesRequired: 2,
      timeLimited: true,
      timeLimitDays: "90",
    });
    expect(result).toEqual({
      ok: true,
      name: "Later",
      settings: {
        trigger: { kind: "request", waitingDays: 30 },
        trustees: { contactIds: [T1, T2], required: 2 },
        timeLimitDays: 90,
      },
    });
    const missed = validatePlanForm({
      ...emptyPlanForm(),
      name: "x",
      trigger: "missedCheckIn",
      graceDays: 7,
    });
    expect(missed.ok && missed.settings.trigger).toEqual({ kind: "missedCheckIn", graceDays: 7 });
    if (result.ok)
      expect(planFormFrom("Later", result.settings)).toMatchObject({
        trigger: "request",
        waitingDays: 30,
        timeLimitDays: "90",
      });
  });

  it("refuses an empty name, more trustees needed than chosen, and a time limit out of range", () => {
    const result = validatePlanForm({
      ...emptyPlanForm(),
      name: " ",
      trusteeIds: [T1],
      trusteesRequired: 2,
      timeLimited: true,
      timeLimitDays: "400",
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["name", "timeLimitDays", "trustees"]);
    const bad = validatePlanForm({ ...emptyPlanForm(), name: "x", timeLimited: true, timeLimitDays: "6" });
    expect(bad.ok).toBe(false);
  });

  it("says plainly when recipients receive, with the triggers combined", () => {
    expect(triggerSentence({ kind: "missedCheckIn", graceDays: 7, requestWaitingDays: 2 })).toBe(
      "if you stop checking in, after a grace period of 7 days, or if they ask for it and you don't refuse within 2 days",
    );
    const both = validatePlanForm({
      ...emptyPlanForm(),
      name: "x",
      trigger: "missedCheckIn",
      alsoOnRequest: true,
    });
    expect(both.ok && both.settings.trigger).toEqual({
      kind: "missedCheckIn",
      graceDays: 14,
      requestWaitingDays: 7,
    });
    expect(triggerSentence({ kind: "request", waitingDays: 1 })).toBe(
      "if they ask for it and you don't refuse within 1 day",
    );
    expect(receiveLead({ kind: "shareNow" }, true)).toBe(
      "They receive now: they can open it as soon as it is prepared for them",
    );
    expect(receiveLead({ kind: "missedCheckIn", graceDays: 30 }, true)).toBe(
      "They would receive if you stop checking in, after a grace period of 30 days",
    );
    expect(receiveLead({ kind: "shareNow" }, false)).toMatch(/^Once you confirm them/);
    expect(
      settingsSentences(
        { trigger: { kind: "shareNow" }, trustees: { contactIds: [T1], required: 1 }, timeLimitDays: 7 },
        () => "Ada",
      ),
    ).toEqual([
      "1 of 1 trustees (Ada) must confirm before anything is released.",
      "Access ends 7 days after a release. Copies already downloaded cannot be recalled.",
    ]);
  });
});
