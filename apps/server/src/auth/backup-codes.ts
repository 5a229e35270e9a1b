import { randomInt } from "node:crypto";

/**
 * The letters and digits of a backup code: capitals and digits a person copies onto paper without doubt, so none of
 * the look-alikes I, L, O, U, 0 and 1 (Crockford's base 32 without U). 30 symbols, 10 per code: about 49 bits each.
 */
export const backupCodeAlphabet = "ABCDEFGHJKMNPQRSTVWXYZ23456789";

/** Ten codes written "XXXXX-XXXXX", as better-auth's own generator writes them, from our alphabet. */
export function generateBackupCodes(amount = 10): string[] {
  return Array.from({ length: amount }, () => {
    const code = Array.from(
      { length: 10 },
      () => backupCodeAlphabet[randomInt(backupCodeAlphabet.length)],
    ).join("");
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}
