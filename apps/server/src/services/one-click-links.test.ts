import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createOneClickLinks, hmacSha256, linkLifetimeDays } from "./one-click-links.ts";

const day = 24 * 60 * 60 * 1000;
const madeAt = new Date("2027-03-01T12:00:00.000Z");
const later = (ms: number) => new Date(madeAt.getTime() + ms);

describe("one-click links (signed, not stored)", () => {
  const links = createOneClickLinks("a server secret");
  const checkIn = {
    purpose: "checkIn" as const,
    userId: "0f8e7d6c-1111-4222-8333-444455556666",
    requestId: null,
    madeAt,
  };
  const refuse = { ...checkIn, purpose: "refuse" as const, requestId: "request-7" };

  it("reads back what it was made with, for its whole lifetime, and fits the contract's token pattern", () => {
    for (const link of [checkIn, refuse]) {
      const token = links.make(link);
      expect(token).toMatch(/^[A-Za-z0-9_-]{40,800}$/);
      expect(links.read(token, madeAt)).toEqual(link);
      expect(links.read(token, later(linkLifetimeDays * day - 1))).toEqual(link);
    }
    const longest = links.make({ ...refuse, userId: "u".repeat(255), requestId: "r".repeat(255) });
    expect(longest.length).toBeLessThanOrEqual(800);
    expect(links.read(longest, madeAt)?.requestId).toBe("r".repeat(255));
    // Tokens are written into one buffer: a short one made after the longest is still whole and its own.
    const after = links.make(checkIn);
    expect(links.read(after, madeAt)).toEqual(checkIn);
    expect(after).toBe(createOneClickLinks("a server secret").make(checkIn));
  });

  it("stops working when its lifetime is over", () => {
    expect(links.read(links.make(checkIn), later(linkLifetimeDays * day))).toBeNull();
  });

  it("is refused when any byte was changed, when cut short or lengthened, or when made with another secret", () => {
    const bytes = Buffer.from(links.make(refuse), "base64url");
    for (let i = 0; i < bytes.length; i += 1) {
      const changed = Buffer.from(bytes);
      changed[i] = (changed[i] ?? 0) ^ 1;
      expect(links.read(changed.toString("base64url"), madeAt)).toBeNull();
    }
    expect(links.read(bytes.subarray(0, -1).toString("base64url"), madeAt)).toBeNull();
    expect(links.read(Buffer.concat([bytes, Buffer.from([0])]).toString("base64url"), madeAt)).toBeNull();
    expect(links.read(createOneClickLinks("another secret").make(refuse), madeAt)).toBeNull();
  });

  it("is refused for tokens it never made: a stored link's old 43 characters, nothing, padding, junk", () => {
    for (const token of ["A".repeat(43), "", "====", "not base64 at all!", `${links.make(checkIn)}=`]) {
      expect(links.read(token, madeAt)).toBeNull();
    }
  });

  it("does not take an id too long to be one of ours", () => {
    expect(() => links.make({ ...checkIn, userId: "u".repeat(256) })).toThrow();
  });
});

describe("hmacSha256", () => {
  it("is HMAC-SHA256, as createHmac computes it, for keys up to a block and messages of any length", () => {
    for (const keyLength of [0, 1, 32, 63, 64]) {
      const key = randomBytes(keyLength);
      const mac = hmacSha256(key);
      // Longest first: a shorter message after it must not read the longer one's bytes left in the buffer. 1024
      // is the longest message the buffers made once take; 1025 and 5000 get buffers of their own.
      for (const length of [5000, 1025, 1024, 1000, 119, 64, 56, 55, 1, 0]) {
        const message = randomBytes(length);
        expect(mac(message).toString("hex")).toBe(createHmac("sha256", key).update(message).digest("hex"));
      }
    }
    // RFC 4231, test case 2.
    expect(hmacSha256(Buffer.from("Jefe"))(Buffer.from("what do ya want for nothing?")).toString("hex")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
    expect(() => hmacSha256(randomBytes(65))).toThrow();
  });
});
