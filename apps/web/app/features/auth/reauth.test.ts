import { accountMessages } from "@heirloom/contract";
import type { VaultKey } from "@heirloom/crypto";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "#app/lib/api.ts";
import { AuthError } from "./auth-api.ts";
import { describeReauthError, normaliseTotpCode, ReauthInputError, reauthenticate } from "./reauth.ts";
import { testKdf } from "./test-kdf.ts";

const kdf = testKdf;
const derive = vi.fn(async (_email: string, _password: string, known?: { saltHex: string }) => ({
  saltHex: known?.saltHex ?? "c".repeat(64),
  kdf,
  vaultKey: {} as VaultKey,
  vaultKeyB64: "k".repeat(44),
  authKey: "A".repeat(43),
}));

describe("re-authentication", () => {
  it("turns the password into the auth key and adds the code only when two-factor is on", async () => {
    const off = await reauthenticate(
      { derive },
      { email: "a@x.test", password: "pw", twoFactorEnabled: false, totpCode: "111111" },
    );
    expect(off.proof).toEqual({ currentAuthKey: "A".repeat(43) });
    const on = await reauthenticate(
      { derive },
      { email: "a@x.test", password: "pw", twoFactorEnabled: true, totpCode: " 123 456 " },
    );
    expect(on.proof).toEqual({ currentAuthKey: "A".repeat(43), totpCode: "123456" });
    expect(JSON.stringify([off.proof, on.proof])).not.toContain('"pw"');
  });

  it("derives with the salt it is given, so a password change uses the account's own salt", async () => {
    derive.mockClear();
    await reauthenticate(
      { derive },
      { email: "a@x.test", password: "pw", twoFactorEnabled: false },
      { saltHex: "d".repeat(64), kdf },
    );
    expect(derive).toHaveBeenCalledWith("a@x.test", "pw", { saltHex: "d".repeat(64), kdf });
  });

  it("refuses an empty password or a malformed code before deriving anything", async () => {
    derive.mockClear();
    await expect(
      reauthenticate({ derive }, { email: "a@x.test", password: "", twoFactorEnabled: false }),
    ).rejects.toMatchObject({ field: "password" });
    await expect(
      reauthenticate(
        { derive },
        { email: "a@x.test", password: "pw", twoFactorEnabled: true, totpCode: "12345" },
      ),
    ).rejects.toMatchObject({ field: "totpCode", message: accountMessages.totpRequired });
    expect(derive).not.toHaveBeenCalled();
    expect(() => normaliseTotpCode("abcdef")).toThrow(ReauthInputError);
  });

  it("maps the server's answers to SPEC texts on the field to fix", () => {
    const wrongPassword = new ApiError({
      status: 403,
      code: "forbidden",
      message: accountMessages.incorrectPassword,
    });
    expect(describeReauthError(wrongPassword)).toEqual({
      message: accountMessages.incorrectPassword,
      field: "password",
    });
    const wrongCode = new ApiError({ status: 403, code: "forbidden", message: accountMessages.invalidTotp });
    expect(describeReauthError(wrongCode)).toEqual({
      message: accountMessages.invalidTotp,
      field: "totpCode",
    });
    const missingCode = new ApiError({
      status: 400,
      code: "validation_failed",
      message: "Please correct the highlighted fields.",
      fields: { totpCode: accountMessages.totpRequired },
    });
    expect(describeReauthError(missingCode)).toEqual({
      message: accountMessages.totpRequired,
      field: "totpCode",
    });
    expect(describeReauthError(new ApiError({ status: 429, code: "rate_limited", message: "x" }))).toEqual({
      message: accountMessages.tooManyAttempts,
    });
    expect(describeReauthError(new AuthError(400, "INVALID_PASSWORD", "Invalid password")).field).toBe(
      "password",
    );
    expect(
      describeReauthError(
        new ApiError({
          status: 0,
          code: "network",
          message: "Could not reach Heirloom. Check your connection.",
        }),
      ).message,
    ).toMatch(/connection/);
    expect(describeReauthError(new Error("boom"))).toMatchObject({ unknown: true });
  });
});
