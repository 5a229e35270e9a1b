import { describe, expect, it } from "vitest";
import { displayNameOf } from "./display-name.ts";

describe("display name (SPEC.md section 3)", () => {
  it("is the name when there is one", () => {
    expect(displayNameOf({ name: "Ada Lovelace", email: "ada@example.com" })).toBe("Ada Lovelace");
  });
  it("falls back to the username, the email before the at-sign", () => {
    expect(displayNameOf({ name: "  ", email: "ada.l@example.com" })).toBe("ada.l");
    expect(displayNameOf({ name: null, email: "ada.l@example.com" })).toBe("ada.l");
  });
  it("falls back to the email when there is no username", () => {
    expect(displayNameOf({ name: "", email: "@example.com" })).toBe("@example.com");
  });
});
