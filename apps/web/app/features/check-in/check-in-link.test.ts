import { describe, expect, it } from "vitest";
import { readCheckInLink } from "./check-in-link.ts";

const token = "a".repeat(43);

describe("the one-click link of a reminder or request mail", () => {
  it("reads what the link is for and its token", () => {
    expect(readCheckInLink(`#token=${token}`)).toEqual({ purpose: "checkIn", token });
    expect(readCheckInLink(`refuse=${token}`)).toEqual({ purpose: "refuse", token });
    // A signed link carries its account and time: about 100 characters for a check-in, 150 for a refusal.
    const signed = `AQ${"b".repeat(150)}`;
    expect(readCheckInLink(`#refuse=${signed}`)).toEqual({ purpose: "refuse", token: signed });
  });

  it("finds nothing in an address without a usable token", () => {
    expect(readCheckInLink("")).toBeNull();
    expect(readCheckInLink("#token=short")).toBeNull();
    expect(readCheckInLink(`#token=${token}!`)).toBeNull();
    expect(readCheckInLink(`#token=${"a".repeat(801)}`)).toBeNull();
  });
});
