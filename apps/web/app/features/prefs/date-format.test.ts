import { describe, expect, it } from "vitest";
import { dateFormat } from "./date-format.ts";

describe("one date format for the signed-in pages", () => {
  const iso = "2026-03-01T15:04:00.000Z";

  it("writes a day and a time in the person's chosen zone, whatever this device's zone is", () => {
    expect(dateFormat("Asia/Tokyo").dayAndTime(iso)).toBe("2 March 2026 at 00:04");
    expect(dateFormat("America/New_York").dayAndTime(iso)).toBe("1 March 2026 at 10:04");
    expect(dateFormat("UTC").dayAndTime(iso)).toBe("1 March 2026 at 15:04");
  });

  it("writes a day alone the same way, in the same zone", () => {
    expect(dateFormat("Asia/Tokyo").day(iso)).toBe("2 March 2026");
    expect(dateFormat("UTC").day(iso)).toBe("1 March 2026");
  });

  it("gives back what it cannot read", () => {
    expect(dateFormat("UTC").day("not a time")).toBe("not a time");
    expect(dateFormat("UTC").dayAndTime("not a time")).toBe("not a time");
  });
});
