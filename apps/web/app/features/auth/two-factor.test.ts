import { accountMessages } from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import { describe, expect, it, vi } from "vitest";
import { AuthError } from "./auth-api.ts";
import { testKdf } from "./test-kdf.ts";
import {
  backupCodesFileText,
  confirmTotpEnrolment,
  describeTwoFactorError,
  disableTwoFactor,
  groupInFours,
  secretFromOtpauthUri,
  startTotpEnrolment,
  type TwoFactorDeps,
} from "./two-factor.ts";

const kdf = testKdf;
const uri =
  "otpauth://totp/Heirloom:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Heirloom&digits=6&period=30";

function setup(answers: Record<string, unknown> = {}) {
  const calls: [string, unknown][] = [];
  const deps: TwoFactorDeps = {
    derive: vi.fn(async () => ({
      saltHex: "c".repeat(64),
      kdf,
      vaultKey: {} as VaultKey,
      vaultKeyB64: "k".repeat(44),
      authKey: "AUTHKEY",
    })),
    authRequest: async <T>(path: string, body?: unknown) => {
      calls.push([path, body]);
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      return answer as T;
    },
    refreshSession: vi.fn(async () => {
      calls.push(["refresh", undefined]);
    }),
  };
  return { deps, calls };
}

describe("two-factor enrolment", () => {
  it("sends the auth key, never the password, and reads the secret and backup codes", async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}`);
    const { deps, calls } = setup({ "/two-factor/enable": { totpURI: uri, backupCodes: codes } });
    const enrolment = await startTotpEnrolment(deps, {
      email: "ada@example.com",
      password: "my secret words",
    });
    expect(calls).toEqual([["/two-factor/enable", { password: "AUTHKEY" }]]);
    expect(enrolment).toEqual({ totpURI: uri, secret: "JBSWY3DPEHPK3PXP", backupCodes: codes });
    expect(JSON.stringify(calls)).not.toContain("my secret words");
  });

  it("confirms with the typed code (spaces removed), then refreshes the session so twoFactorEnabled shows", async () => {
    const { deps, calls } = setup({ "/two-factor/verify-totp": { token: "t" } });
    await confirmTotpEnrolment(deps, "123 456");
    expect(calls).toEqual([
      ["/two-factor/verify-totp", { code: "123456" }],
      ["refresh", undefined],
    ]);
  });

  it("refuses a code that is not six digits without asking the server", async () => {
    const { deps, calls } = setup();
    await expect(confirmTotpEnrolment(deps, "12ab56")).rejects.toMatchObject({
      message: accountMessages.totpRequired,
    });
    expect(calls).toEqual([]);
  });

  it("turns two-factor off with the auth key and a fresh code, then refreshes", async () => {
    const { deps, calls } = setup({ "/two-factor/disable": { status: true } });
    await disableTwoFactor(deps, {
      email: "ada@example.com",
      password: "my secret words",
      totpCode: "123 456",
    });
    expect(calls).toEqual([
      ["/two-factor/disable", { password: "AUTHKEY", code: "123456" }],
      ["refresh", undefined],
    ]);
  });

  it("asks for the code before anything slow starts when turning two-factor off", async () => {
    const { deps, calls } = setup();
    await expect(
      disableTwoFactor(deps, { email: "ada@example.com", password: "my secret words", totpCode: "" }),
    ).rejects.toMatchObject({ field: "totpCode", message: accountMessages.totpRequired });
    expect(deps.derive).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it("says what went wrong in SPEC's words", () => {
    expect(describeTwoFactorError(new AuthError(401, "INVALID_CODE", "Invalid code"))).toEqual({
      message: accountMessages.invalidTotp,
      field: "code",
    });
    expect(describeTwoFactorError(new AuthError(400, "INVALID_PASSWORD", "Invalid password"))).toEqual({
      message: accountMessages.incorrectPassword,
      field: "password",
    });
    expect(describeTwoFactorError(new AuthError(429, "TOO_MANY_REQUESTS", "x")).message).toBe(
      accountMessages.tooManyAttempts,
    );
    expect(describeTwoFactorError(new AuthError(500, "UNKNOWN", "x"))).toMatchObject({ unknown: true });
  });
});

describe("setup key and backup codes", () => {
  it("reads the secret from the otpauth URI and groups it in fours", () => {
    expect(secretFromOtpauthUri(uri)).toBe("JBSWY3DPEHPK3PXP");
    expect(groupInFours("JBSWY3DPEHPK3PXPAB")).toBe("JBSW Y3DP EHPK 3PXP AB");
    expect(() => secretFromOtpauthUri("otpauth://totp/x?issuer=H")).toThrow();
  });

  it("writes a text file with the account and every code", () => {
    const text = backupCodesFileText(
      ["aaaa-1", "bbbb-2"],
      "ada@example.com",
      new Date("2026-11-23T10:00:00Z"),
    );
    expect(text).toContain("Account: ada@example.com");
    expect(text).toContain("Created: 2026-11-23");
    expect(text.split("\n")).toEqual(expect.arrayContaining(["aaaa-1", "bbbb-2"]));
  });
});
