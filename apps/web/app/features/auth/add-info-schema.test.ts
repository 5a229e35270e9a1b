import { profileMessages } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import { addInfoSchema } from "./add-info-schema.ts";

const empty = { dobDay: "", dobMonth: "", dobYear: "", zipCode: "" };

describe("addInfoSchema (/AddInfo)", () => {
  it("turns a full date of birth and a postcode into the profile update the server takes", () => {
    const parsed = addInfoSchema.parse({
      dobDay: "7",
      dobMonth: "3",
      dobYear: "1961",
      zipCode: " sw1a 1aa ",
    });
    expect(parsed).toEqual({
      dateOfBirth: { dobDay: "07", dobMonth: "03", dobYear: "1961" },
      zipCode: "SW1A 1AA",
    });
  });

  it("saves nothing when nothing was entered (the page can be skipped)", () => {
    expect(addInfoSchema.parse(empty)).toBeNull();
  });

  it("refuses part of a date, a date that does not exist, and someone under 18, on the date's field", () => {
    const year = new Date().getUTCFullYear();
    for (const [dob, message] of [
      [{ dobDay: "12", dobMonth: "", dobYear: "" }, profileMessages.dobInvalid],
      [{ dobDay: "31", dobMonth: "2", dobYear: "1980" }, profileMessages.dobInvalid],
      [{ dobDay: "1", dobMonth: "1", dobYear: String(year - 10) }, profileMessages.dobUnder18],
    ] as const) {
      const result = addInfoSchema.safeParse({ ...empty, ...dob });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["dobYear", message]]);
    }
  });

  it("refuses a postcode with other characters", () => {
    const result = addInfoSchema.safeParse({ ...empty, zipCode: "12#45" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["zipCode", profileMessages.zipInvalid],
    ]);
  });
});
