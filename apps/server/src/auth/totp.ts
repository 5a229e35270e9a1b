import { createHmac, timingSafeEqual } from "node:crypto";

export const totpPeriodSeconds = 30;
const digits = 6;

/** RFC 4226 HOTP with SHA-1, as authenticator apps and better-auth's two-factor plugin compute it. */
export function hotp(secret: Uint8Array, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/**
 * The time step a TOTP code belongs to, looking one step either side of now (the same window better-auth accepts),
 * or undefined when the code matches none. `secret` is the decrypted secret as better-auth stores it (its UTF-8 bytes
 * are the HMAC key).
 */
export function matchTotpStep(secret: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const key = Buffer.from(secret, "utf8");
  const current = Math.floor(nowMs / 1000 / totpPeriodSeconds);
  let matched: number | undefined;
  for (const step of [current - 1, current, current + 1]) {
    const expected = Buffer.from(hotp(key, step));
    // Check every step (no early exit) so timing says nothing about which one matched.
    if (timingSafeEqual(expected, Buffer.from(code))) matched = step;
  }
  return matched;
}
