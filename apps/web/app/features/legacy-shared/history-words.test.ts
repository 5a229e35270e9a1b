import { describe, expect, it } from "vitest";
import { dateFormat } from "#app/features/prefs/date-format.ts";
import { historyLines } from "./history-words.ts";

const dates = dateFormat("UTC");
const history = {
  events: [
    { at: "2026-11-01T10:00:00.000Z", from: "active", to: "requested", reason: "requested", contactId: "c1" },
    { at: "2026-11-02T10:00:00.000Z", from: "requested", to: "active", reason: "refused", contactId: null },
    { at: "2026-11-09T10:00:00.000Z", from: "active", to: "requested", reason: "requested", contactId: "c1" },
    {
      at: "2026-11-16T10:00:00.000Z",
      from: "requested",
      to: "released",
      reason: "waitingEnded",
      contactId: null,
    },
  ],
} as const;

describe("a plan's history in words", () => {
  it("tells the owner who did what, newest first", () => {
    const lines = historyLines({ events: [...history.events] }, dates, {
      nameOf: (id) => (id === "c1" ? "Ada" : "?"),
    });
    expect(lines.map((l) => l.what)).toEqual([
      "The waiting period ended without a refusal → released",
      "Ada asked for access → requested",
      "You refused the request → waiting",
      "Ada asked for access → requested",
    ]);
    expect(lines[0]?.when).toBe("16 November 2026 at 10:00");
  });

  it("tells a recipient the owner's part by name, and nobody else's", () => {
    const lines = historyLines({ events: [...history.events] }, dates, { ownerName: "Grace" });
    expect(lines.map((l) => l.what)).toContain("Grace refused the request → waiting");
    expect(lines.map((l) => l.what)).toContain("Someone asked for access → requested");
  });
});
