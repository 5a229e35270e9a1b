import { describe, expect, it } from "vitest";
import { timeOrderedId } from "./time-ordered-id.ts";

const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("timeOrderedId", () => {
  it("is a version 7 UUID whose first 48 bits are the time given", () => {
    const at = Date.parse("2027-03-01T12:00:00.000Z");
    const id = timeOrderedId(at + 1000);
    expect(id).toMatch(uuidV7);
    expect(Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at + 1000);
  });

  it("sorts as text in the order made, within a millisecond, across many, and when the clock steps back", () => {
    const at = Date.parse("2030-01-01T00:00:00.000Z");
    const ids = [
      ...Array.from({ length: 10_000 }, () => timeOrderedId(at)),
      timeOrderedId(at - 5000),
      timeOrderedId(at + 60_000),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(uuidV7);
  });

  it("is not guessable from its neighbour: the random tail differs", () => {
    const at = Date.parse("2031-01-01T00:00:00.000Z");
    const a = timeOrderedId(at);
    const b = timeOrderedId(at);
    expect(a.slice(19)).not.toBe(b.slice(19));
  });
});
