import { describe, expect, it } from "vitest";
import { changeEmailSchema } from "./change-email-schema.ts";

const messages = (values: { newEmail: string; password: string; totpCode: string }, twoFactor = false) => {
  const result = changeEmailSchema("ada@example.com", twoFactor).safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
};

describe("the change-email form's schema", () => {
  it("sends the new address trimmed and lower-cased", () => {
    expect(
      changeEmailSchema("ada@example.com", false).parse({
        newEmail: "  Ada.New@Example.com ",
        password: "pw",
        totpCode: "",
      }).newEmail,
    ).toBe("ada.new@example.com");
  });

  it("refuses an address that is not one, or is already the account's", () => {
    expect(messages({ newEmail: "not an address", password: "pw", totpCode: "" })).toEqual([
      ["newEmail", "The email address is not valid."],
    ]);
    expect(messages({ newEmail: " ADA@example.com", password: "pw", totpCode: "" })).toEqual([
      ["newEmail", "That is already your email address."],
    ]);
  });

  it("asks for the password, and the code when two-factor is on", () => {
    expect(messages({ newEmail: "new@example.com", password: "", totpCode: "" }, true)).toEqual([
      ["password", "Enter your current password."],
      ["totpCode", "Enter the 6-digit code from your authenticator app."],
    ]);
  });
});
