import { totpPeriodSeconds } from "../auth/totp.ts";

// Test-only: what an authenticator app does with the otpauth:// secret, for the two-factor tests.

/** Decodes the base32 secret of an otpauth:// URI. */
export function base32Decode(text: string): Uint8Array {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of text.replace(/[\s=]/g, "").toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  return new Uint8Array((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
}

/** The current time step, after waiting out the last seconds of one, so a code computed now stays current. */
export async function stepNow(): Promise<number> {
  const into = (Date.now() / 1000) % totpPeriodSeconds;
  if (into > totpPeriodSeconds - 5)
    await new Promise((r) => setTimeout(r, (totpPeriodSeconds - into + 0.1) * 1000));
  return Math.floor(Date.now() / 1000 / totpPeriodSeconds);
}
