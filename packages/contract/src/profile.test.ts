import { describe, expect, it } from "vitest";
import { ageOn, checkDateOfBirth, profileMessages, zipCodeSchema } from "./profile.ts";

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("date of birth rules", () => {
  it("counts age by the calendar, birthdays included", () => {
    expect(ageOn(on("2026-06-14"), 2008, 6, 15)).toBe(17);
    expect(ageOn(on("2026-06-15"), 2008, 6, 15)).toBe(18);
  });

  it("treats a 29 February birthday as passed on 1 March", () => {
    expect(checkDateOfBirth("29", "2", "2008", on("2026-02-28"))).toBe(profileMessages.dobUnder18);
    expect(checkDateOfBirth("29", "2", "2008", on("2026-03-01"))).toBeUndefined();
  });

  it("refuses dates that do not exist and dates to come", () => {
    expect(checkDateOfBirth("29", "2", "2007", on("2026-03-01"))).toBe(profileMessages.dobInvalid);
    expect(checkDateOfBirth("31", "4", "1990", on("2026-03-01"))).toBe(profileMessages.dobInvalid);
    expect(checkDateOfBirth("0", "1", "1990", on("2026-03-01"))).toBe(profileMessages.dobInvalid);
    expect(checkDateOfBirth("2", "3", "2026", on("2026-03-01"))).toBe(profileMessages.dobFuture);
  });
});

describe("zip codes", () => {
  it("accepts the world's formats and normalises case and spaces at the ends", () => {
    for (const zip of ["90210", "SW1A 1AA", "10115", "75008", "M5V 3L9", "1010", "560-0001"])
      expect(zipCodeSchema.safeParse(zip).success, zip).toBe(true);
    expect(zipCodeSchema.parse(" m5v 3l9 ")).toBe("M5V 3L9");
  });
  it("refuses markup, one character and very long values", () => {
    for (const zip of ["<b>1</b>", "1", "12345678901", "-1234"])
      expect(zipCodeSchema.safeParse(zip).success, zip).toBe(false);
  });
});
