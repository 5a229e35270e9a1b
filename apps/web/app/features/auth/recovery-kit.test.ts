import { describe, expect, it } from "vitest";
import { recoveryKitFileName, recoveryKitText } from "./recovery-kit.ts";

describe("recovery kit file", () => {
  it("holds the key, the account and the date, and tells how to use it", () => {
    const text = recoveryKitText({
      email: "ada@example.com",
      recoveryKeyText: "0ABC-DEFG-HJKM",
      createdAt: new Date(2026, 10, 23, 12),
    });
    expect(text).toContain("0ABC-DEFG-HJKM");
    expect(text).toContain("Account:      ada@example.com");
    expect(text).toContain("23 November 2026");
    expect(text).toMatch(/Forgot password\?/);
    expect(text.split("\r\n").length).toBeGreaterThan(8);
  });

  it("names the file after the account without odd characters", () => {
    expect(recoveryKitFileName("Ada+Work@Example.com")).toBe(
      "heirloom-recovery-kit-ada-work@example.com.txt",
    );
  });
});
