import { describe, expect, it } from "vitest";
import { backupCodeAlphabet, generateBackupCodes } from "./backup-codes.ts";

describe("backup codes", () => {
  it("are ten codes of capitals and digits without look-alikes, written XXXXX-XXXXX", () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      expect(code).not.toMatch(/[ILOU01]/);
    }
    expect(backupCodeAlphabet).not.toMatch(/[a-z]/);
  });
});
