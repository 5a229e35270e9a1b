import { describe, expect, it } from "vitest";
import { dateFormat } from "#app/features/prefs/date-format.ts";
import { checkInSummary, showsCheckInCard } from "./check-in-words.ts";

const dates = dateFormat("UTC");
const status = {
  lastCheckInAt: "2026-11-01T10:00:00.000Z",
  deadlineAt: "2026-12-01T10:00:00.000Z",
  intervalDays: 30,
  plansWatching: 1,
  overdue: false,
  remindNow: false,
};

describe("the check-in card's words", () => {
  it("says when the next check-in is due, how often, and what depends on it", () => {
    const summary = checkInSummary(status, dates);
    expect(summary.deadline).toBe(
      "Next check-in by 1 December 2026. One plan is released if you miss it and its grace period passes.",
    );
    expect(summary.detail).toMatch(/^You check in every 30 days/);
    expect(checkInSummary({ ...status, plansWatching: 0 }, dates).deadline).toMatch(
      /nothing happens if you miss/,
    );
  });

  it("says a missed check-in is missed, not due", () => {
    expect(checkInSummary({ ...status, overdue: true }, dates).deadline).toBe(
      "Your check-in was due on 1 December 2026. Check in now: a plan is in its grace period.",
    );
  });
});

describe("the app-wide check-in reminder", () => {
  it("stays off the pages that show the check-in card", () => {
    for (const path of ["/app", "/account/", "/app/LegacySettings", "/account/legacysettings"])
      expect(showsCheckInCard(path)).toBe(true);
    for (const path of ["/app/MyData", "/account/settings", "/app/LegacySettingsX"])
      expect(showsCheckInCard(path)).toBe(false);
  });
});
