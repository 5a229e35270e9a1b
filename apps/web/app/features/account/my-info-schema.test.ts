import { profileMessages } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import { myInfoDefaults, myInfoSchema } from "./my-info-schema.ts";

const base = { name: "ada lovelace", dobDay: "", dobMonth: "", dobYear: "", zipCode: "" };
const messages = (values: typeof base) => {
  const result = myInfoSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
};

describe("the My info form's schema", () => {
  it("sends the name, a padded date of birth and an upper-cased postcode", () => {
    expect(
      myInfoSchema.parse({ ...base, dobDay: "7", dobMonth: "3", dobYear: "1961", zipCode: " sw1a 1aa " }),
    ).toEqual({
      name: "ada lovelace",
      dateOfBirth: { dobDay: "07", dobMonth: "03", dobYear: "1961" },
      zipCode: "SW1A 1AA",
    });
  });

  it("clears the date of birth and postcode when they are emptied", () => {
    expect(myInfoSchema.parse(base)).toEqual({ name: "ada lovelace", dateOfBirth: null, zipCode: null });
  });

  it("shows the contract's messages: future, under 18, half a date, bad postcode, no name", () => {
    const nextYear = String(new Date().getUTCFullYear() + 1);
    const tenYearsAgo = String(new Date().getUTCFullYear() - 10);
    expect(messages({ ...base, dobDay: "1", dobMonth: "1", dobYear: nextYear })).toEqual([
      ["dobYear", profileMessages.dobFuture],
    ]);
    expect(messages({ ...base, dobDay: "1", dobMonth: "1", dobYear: tenYearsAgo })).toEqual([
      ["dobYear", profileMessages.dobUnder18],
    ]);
    expect(messages({ ...base, dobDay: "12" })).toEqual([["dobYear", profileMessages.dobInvalid]]);
    expect(messages({ ...base, zipCode: "!!" })).toEqual([["zipCode", profileMessages.zipInvalid]]);
    expect(messages({ ...base, name: "  " })).toEqual([["name", "Please enter your name."]]);
  });

  it("fills the form from the saved profile", () => {
    expect(
      myInfoDefaults({ name: "Ada", dobDay: "07", dobMonth: "03", dobYear: "1961", zipCode: null }),
    ).toEqual({ name: "Ada", dobDay: "7", dobMonth: "3", dobYear: "1961", zipCode: "" });
  });
});
