import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { CryptoErrorMessage } from "./errors.ts";
import { formatRecoveryKey, normalizeRecoveryKeyText, parseRecoveryKey } from "./recovery-key.ts";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

describe("recovery key text", () => {
  test("14 groups of 4 Crockford base32 characters, round-tripping any 32 bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), async (bytes) => {
        const key = new Uint8Array(bytes);
        const text = await formatRecoveryKey(key);
        expect(text).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){13}$/);
        expect(await parseRecoveryKey(text)).toEqual(key);
        expect(await parseRecoveryKey(text.toLowerCase().replaceAll("-", " "))).toEqual(key);
      }),
      { numRuns: 100 },
    );
  });

  test("look-alike letters read as digits: I and L are 1, O is 0", () => {
    expect(normalizeRecoveryKeyText("oil-OIL ab")).toBe("011011AB");
  });

  test("every single-character typo, at every position, is caught by the checksum or the version", async () => {
    const text = await formatRecoveryKey(new Uint8Array(32).map((_, i) => (i * 37 + 11) & 0xff));
    const compact = normalizeRecoveryKeyText(text);
    let caught = 0;
    for (let i = 0; i < compact.length; i++) {
      for (const replacement of CROCKFORD) {
        if (replacement === compact[i]) continue;
        const typo = compact.slice(0, i) + replacement + compact.slice(i + 1);
        await expect(parseRecoveryKey(typo)).rejects.toThrow(CryptoErrorMessage.invalidRecoveryKey);
        caught++;
      }
    }
    expect(caught).toBe(56 * 31);
  });

  test.each(["", "ABCD", "U".repeat(56), "0".repeat(56)])("rejects %j", async (text) => {
    await expect(parseRecoveryKey(text)).rejects.toThrow(CryptoErrorMessage.invalidRecoveryKey);
  });

  test("a missing or extra character is caught", async () => {
    const compact = normalizeRecoveryKeyText(await formatRecoveryKey(new Uint8Array(32).fill(7)));
    await expect(parseRecoveryKey(compact.slice(1))).rejects.toThrow(CryptoErrorMessage.invalidRecoveryKey);
    await expect(parseRecoveryKey(`${compact}0`)).rejects.toThrow(CryptoErrorMessage.invalidRecoveryKey);
  });
});
