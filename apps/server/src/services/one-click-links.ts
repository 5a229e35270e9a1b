import { createHmac, hash, timingSafeEqual } from "node:crypto";

// [Note: One-click links are signed, not stored] (ADR 052)
// The "I'm still here" link of a reminder and the "refuse" link of a request mail carry everything they need, signed
// with a key derived from the server's secret: which link it is, whose, which request (a refusal), and when it was
// made. Nothing is written when a link is made, so a sweep that sends 100,000 reminders writes no link rows.
// A link is spent by what it does, not by a row that remembers it:
// - a check-in link works only while its owner has not checked in since it was made (`madeAt` after the last
//   check-in), and using it is a check-in: it works once, and any other check-in (a sign-in, the button) ends it too;
// - a refuse link works only while its request is still pending, and using it ends the request.
// Both expire `linkLifetimeDays` after they were made. Changing SECRET_KEY ends every link already sent.
//
// Layout (then base64url): version 1 (1 byte), purpose (1: check-in, 2: refuse), madeAt in milliseconds (6 bytes),
// the user id's length and UTF-8 bytes, the request id's length and bytes (0 for a check-in), then the HMAC-SHA256
// of all that (32 bytes). Ids are at most 255 bytes, so a token is at most 736 characters (the contract allows 800).

/** How long a link in a reminder or request mail works. */
export const linkLifetimeDays = 30;
const dayMs = 24 * 60 * 60 * 1000;
const macBytes = 32;
const purposes = ["checkIn", "refuse"] as const;
export type LinkPurpose = (typeof purposes)[number];

export interface OneClickLink {
  purpose: LinkPurpose;
  userId: string;
  requestId: string | null;
  madeAt: Date;
}

/**
 * HMAC-SHA256 (RFC 2104) under a fixed key, from two one-shot hashes: a sweep makes a link per reminder, and
 * `createHmac` sets up a keyed object each time (12 µs here, against 2 µs). The padded key and the message are put
 * into buffers made once (a message up to `reuseUpTo` bytes; longer ones get a buffer of their own), so a MAC
 * allocates only the two digests. The test checks it against `createHmac`.
 */
export function hmacSha256(key: Buffer, reuseUpTo = 1024): (message: Buffer) => Buffer {
  if (key.length > 64) throw new Error("an HMAC key of at most one block");
  const inner = Buffer.alloc(64 + reuseUpTo, 0x36);
  const outer = Buffer.alloc(64 + 32, 0x5c);
  for (let i = 0; i < key.length; i += 1) {
    inner[i] = (inner[i] ?? 0) ^ (key[i] ?? 0);
    outer[i] = (outer[i] ?? 0) ^ (key[i] ?? 0);
  }
  return (message) => {
    const padded =
      message.length <= reuseUpTo
        ? inner.subarray(0, 64 + message.copy(inner, 64))
        : Buffer.concat([inner.subarray(0, 64), message]);
    hash("sha256", padded, "buffer").copy(outer, 64);
    return hash("sha256", outer, "buffer");
  };
}

/** The longest token body: version, purpose, time, and two ids of at most 255 bytes with their lengths. */
const maxBodyBytes = 1 + 1 + 6 + 1 + 255 + 1 + 255;

export function createOneClickLinks(serverSecret: string) {
  const mac = hmacSha256(createHmac("sha256", serverSecret).update("heirloom one-click link v1").digest());
  // A token is written here, body then MAC, and read off as text: a sweep makes 100,000 of them.
  const token = Buffer.alloc(maxBodyBytes + macBytes);

  /** Writes `id` (UTF-8, after its length byte) at `at` in the token; answers where the next field starts. */
  function writeId(id: string, at: number): number {
    const length = Buffer.byteLength(id, "utf8");
    if (length > 255) throw new Error("an id too long for a link");
    token[at] = length;
    return at + 1 + token.write(id, at + 1, "utf8");
  }

  return {
    /** A token for the link; `madeAt` is the engine's clock. */
    make(link: OneClickLink): string {
      token[0] = 1;
      token[1] = purposes.indexOf(link.purpose) + 1;
      token.writeUIntBE(link.madeAt.getTime(), 2, 6);
      const end = writeId(link.requestId ?? "", writeId(link.userId, 8));
      mac(token.subarray(0, end)).copy(token, end);
      return token.toString("base64url", 0, end + macBytes);
    },

    /** What a token says, when it is one of ours and has not expired at `now`; null otherwise. */
    read(token: string, now: Date): OneClickLink | null {
      const bytes = Buffer.from(token, "base64url");
      if (bytes.length < 1 + 1 + 6 + 1 + 1 + macBytes || bytes.toString("base64url") !== token) return null;
      const body = bytes.subarray(0, bytes.length - macBytes);
      if (!timingSafeEqual(mac(body), bytes.subarray(body.length))) return null;
      const purpose = purposes[body.readUInt8(1) - 1];
      const madeAt = body.readUIntBE(2, 6);
      const userLength = body.readUInt8(8);
      const requestAt = 9 + userLength;
      if (body.readUInt8(0) !== 1 || !purpose || requestAt >= body.length) return null;
      const requestLength = body.readUInt8(requestAt);
      if (requestAt + 1 + requestLength !== body.length) return null;
      if (now.getTime() >= madeAt + linkLifetimeDays * dayMs) return null;
      return {
        purpose,
        userId: body.toString("utf8", 9, requestAt),
        requestId: requestLength ? body.toString("utf8", requestAt + 1) : null,
        madeAt: new Date(madeAt),
      };
    },
  };
}

export type OneClickLinks = ReturnType<typeof createOneClickLinks>;
