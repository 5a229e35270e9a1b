import { accountMessages } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import { reauthFieldsSchema } from "./reauth-schema.ts";

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("reauthFieldsSchema (the re-authentication fields)", () => {
  it("asks for the current password", () => {
    expect(messagesOf(reauthFieldsSchema(false).safeParse({ password: "", totpCode: "" }))).toEqual({
      password: "Enter your current password.",
    });
  });

  it("ignores the code when two-factor is off", () => {
    expect(reauthFieldsSchema(false).safeParse({ password: "pw", totpCode: "" }).success).toBe(true);
  });

  it("asks for six digits when two-factor is on, and accepts them as an app shows them", () => {
    const schema = reauthFieldsSchema(true);
    for (const code of ["", "12345", "12345a", "1234567"]) {
      expect(messagesOf(schema.safeParse({ password: "pw", totpCode: code }))).toEqual({
        totpCode: accountMessages.totpRequired,
      });
    }
    expect(schema.parse({ password: "pw", totpCode: "123 456" })).toEqual({
      password: "pw",
      totpCode: "123 456",
    });
  });
});
