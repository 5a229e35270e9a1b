import { createHmac } from "node:crypto";

/**
 * Returns a function that turns an IP address into a keyed hash (HMAC-SHA256, hex). We keep hashes, not addresses:
 * enough to see that many messages came from one sender, not enough to recover who that was, because the key never
 * leaves the server. IPv4 addresses seen through an IPv6 socket ("::ffff:1.2.3.4") hash like the plain IPv4 form.
 */
export function createIpHasher(secret: string | Uint8Array): (ip: string) => string {
  if (secret.length < 16) throw new Error("The IP hashing secret must be at least 16 bytes long");
  return (ip) =>
    createHmac("sha256", secret)
      .update(
        ip
          .trim()
          .toLowerCase()
          .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, ""),
      )
      .digest("hex");
}
