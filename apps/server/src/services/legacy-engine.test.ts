import { describe, expect, it } from "vitest";
import { formatDay } from "./format-day.ts";
import { reminderDue, reminderSlots } from "./legacy-engine.ts";

// The reminder rules as pure functions (the service and property tests see them through mail; these name the days).

const day = 24 * 60 * 60 * 1000;
const deadline = Date.parse("2027-03-11T09:00:00.000Z");
const days = (times: readonly number[]) => times.map((t) => (t - deadline) / day);

describe("reminder slots", () => {
  it("fall at half the interval, 7, 3 and 1 days before the deadline, then daily through grace", () => {
    expect(days(reminderSlots(deadline, 30, 7))).toEqual([-15, -7, -3, -1, 0, 1, 2, 3, 4, 5, 6]);
    expect(days(reminderSlots(deadline, 365, 0))).toEqual([-182.5, -7, -3, -1]);
  });

  it("name a day once when half the interval is one of the fixed days, and none beyond half the interval", () => {
    expect(days(reminderSlots(deadline, 14, 0))).toEqual([-7, -3, -1]);
    expect(days(reminderSlots(deadline, 4, 1))).toEqual([-2, -1, 0]);
    expect(days(reminderSlots(deadline, 0, 2))).toEqual([0, 1]);
  });
});

describe("the reminder due", () => {
  const slots = reminderSlots(deadline, 30, 7);
  const at = (d: number) => deadline + d * day;
  const none = { lastSlotAt: null, lastSentAt: null };

  it("is none before the first slot, which is when to look again", () => {
    expect(reminderDue(slots, none, at(-20))).toEqual({ slotAt: null, nextAt: at(-15) });
  });

  it("is the latest slot come, once, after a sweep that missed the earlier ones", () => {
    expect(reminderDue(slots, none, at(-2))).toEqual({ slotAt: at(-3), nextAt: at(-1) });
  });

  it("waits 24 hours after the last reminder, even when a slot has come", () => {
    const sent = { lastSlotAt: at(-3), lastSentAt: at(-1.5) };
    expect(reminderDue(slots, sent, at(-1))).toEqual({ slotAt: null, nextAt: at(-0.5) });
    expect(reminderDue(slots, sent, at(-0.5))).toEqual({ slotAt: at(-1), nextAt: at(0.5) });
  });

  it("is none once the last slot was answered", () => {
    expect(reminderDue(slots, { lastSlotAt: at(6), lastSentAt: at(6) }, at(9))).toEqual({
      slotAt: null,
      nextAt: null,
    });
  });
});

describe("formatDay", () => {
  it("states the UTC day, the same on a second call, and a different day differently", () => {
    expect(formatDay(new Date(deadline))).toBe("11 March 2027");
    expect(formatDay(new Date(deadline + 14 * 60 * 60 * 1000))).toBe("11 March 2027");
    expect(formatDay(new Date(deadline + 15 * 60 * 60 * 1000))).toBe("12 March 2027");
    expect(formatDay(new Date(Date.parse("1969-12-31T23:00:00.000Z")))).toBe("31 December 1969");
  });
});
