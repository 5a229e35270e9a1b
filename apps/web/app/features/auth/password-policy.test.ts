import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORDS_REFUSED,
  checkNewPassword,
  checkPasswordRules,
  PASSWORD_MAX_LENGTH,
  passwordMessages,
} from "./password-policy.ts";

describe("new password rules", () => {
  it("asks for 8 to 256 characters, counted as characters, not bytes", () => {
    expect(checkPasswordRules("")).toBe(passwordMessages.empty);
    expect(checkPasswordRules("seven77")).toBe(passwordMessages.tooShort);
    expect(checkPasswordRules("eight888")).toBeUndefined();
    expect(checkPasswordRules("ü".repeat(8))).toBeUndefined();
    expect(checkPasswordRules("🔑".repeat(7))).toBe(passwordMessages.tooShort);
    expect(checkPasswordRules("a".repeat(PASSWORD_MAX_LENGTH))).toBeUndefined();
    expect(checkPasswordRules("a".repeat(PASSWORD_MAX_LENGTH + 1))).toBe(passwordMessages.tooLong);
  });

  it("has no composition rules: a long lowercase passphrase is accepted and rated strong", async () => {
    const check = await checkNewPassword("copper kettle winter lantern");
    expect(check.ok).toBe(true);
    expect(check.score).toBeGreaterThanOrEqual(3);
  });

  it("refuses the most common passwords whatever their case, and rates them very weak", async () => {
    for (const password of ["password", "PASSWORD", "12345678", "iloveyou"]) {
      const check = await checkNewPassword(password);
      expect(check, password).toMatchObject({ ok: false, message: passwordMessages.common });
      expect(check.score).toBeLessThanOrEqual(1);
    }
    expect(COMMON_PASSWORDS_REFUSED).toBe(3_000);
  });

  it("refuses the email address as the password and scores names down", async () => {
    const email = "ada.lovelace@example.com";
    expect((await checkNewPassword(email, { email })).message).toBe(passwordMessages.isEmail);
    const withName = await checkNewPassword("lovelace1815", { name: "Ada Lovelace" });
    const without = await checkNewPassword("lovelace1815");
    expect(withName.score).toBeLessThanOrEqual(without.score);
  });

  it("gives feedback a person can act on for a weak password", async () => {
    const check = await checkNewPassword("abcdefgh");
    expect(check.score).toBeLessThanOrEqual(1);
    expect(`${check.warning} ${check.suggestions.join(" ")}`.trim().length).toBeGreaterThan(0);
  });
});
