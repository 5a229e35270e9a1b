import { createHmac } from "node:crypto";

/**
 * [ADR 022] The salt prelogin answers for an email without a vault: HMAC-SHA256(server secret,
 * "heirloom/salt/v1:" + email) as 64 hex characters. Stable, so asking twice gives the same answer; used as the real
 * salt at sign-up, so the answer does not change when the account comes to exist.
 */
export function createFakeSalter(secret: string): (email: string) => string {
  return (email) =>
    createHmac("sha256", secret).update(`heirloom/salt/v1:${email.trim().toLowerCase()}`).digest("hex");
}
