import { createHmac } from "node:crypto";
import type { HttpClient } from "./accounts.ts";

// RFC 6238 TOTP computed here with node:crypto, as an authenticator app would, so the journeys check the server's
// codes against an independent implementation. 30-second steps, 6 digits, HMAC-SHA1 (what better-auth enrols).

export const totpPeriodSeconds = 30;

/** Decodes a base32 secret (of an otpauth:// URI, or a setup key as shown, in groups with spaces). */
export function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of text.replace(/[\s=]/g, "").toUpperCase()) {
    const value = alphabet.indexOf(c);
    if (value < 0) throw new Error(`not base32: ${c}`);
    bits += value.toString(2).padStart(5, "0");
  }
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
}

/** RFC 4226 HOTP for one counter (a TOTP time step). */
export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", secret).update(message).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/**
 * The current time step, after waiting out the last seconds of a step, so a code computed now is still current when
 * the server checks it.
 */
export async function currentStep(marginSeconds = 8): Promise<number> {
  const into = (Date.now() / 1000) % totpPeriodSeconds;
  if (into > totpPeriodSeconds - marginSeconds) {
    await new Promise((r) => setTimeout(r, (totpPeriodSeconds - into + 0.2) * 1000));
  }
  return Math.floor(Date.now() / 1000 / totpPeriodSeconds);
}

/**
 * Turns on two-factor sign-in for the signed-in `http` client, as /mfa/setup does: POST two-factor/enable with the
 * auth key, then confirm with a code. The confirming code uses the previous step, so a sign-in may still use the
 * current one (a code, once accepted, can never be used again). Returns the code maker and the backup codes.
 */
export async function enrolTotp(http: HttpClient, authKey: string) {
  const enabled = await http.ok<{ totpURI: string; backupCodes: string[] }>(
    "POST",
    "/api/auth/two-factor/enable",
    {
      password: authKey,
    },
  );
  const secret = base32Decode(new URL(enabled.totpURI).searchParams.get("secret") ?? "");
  const code = (step: number) => hotp(secret, step);
  const step = await currentStep();
  await http.ok("POST", "/api/auth/two-factor/verify-totp", { code: code(step - 1) });
  return { code, backupCodes: enabled.backupCodes };
}
