import { createHash, randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { bytesToHex } from "./encoding.ts";
import { sha256OfParts } from "./primitives.ts";

const expected = (...parts: Uint8Array[]) => createHash("sha256").update(Buffer.concat(parts)).digest("hex");

describe("sha256OfParts (a chunk object's digest in the signed manifest)", () => {
  test("is SHA-256 of the parts joined: FIPS 180-2's 'abc' split anywhere, a chunk's nonce and ciphertext", async () => {
    const abc = new TextEncoder().encode("abc");
    const abcDigest = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    expect(bytesToHex(await sha256OfParts([abc]))).toBe(abcDigest);
    expect(bytesToHex(await sha256OfParts([abc.subarray(0, 1), abc.subarray(1)]))).toBe(abcDigest);
    expect(bytesToHex(await sha256OfParts([new Uint8Array(0), abc, new Uint8Array(0)]))).toBe(abcDigest);
    const nonce = new Uint8Array(randomBytes(12));
    const ciphertext = new Uint8Array(randomBytes(4 * 1024 * 1024 + 16));
    expect(bytesToHex(await sha256OfParts([nonce, ciphertext]))).toBe(expected(nonce, ciphertext));
  });

  test("hashes only the bytes a view shows, not its whole buffer, and leaves the parts as they were", async () => {
    const buffer = new Uint8Array(randomBytes(64));
    const before = Buffer.from(buffer).toString("hex");
    const a = buffer.subarray(8, 20);
    const b = buffer.subarray(30, 62);
    expect(bytesToHex(await sha256OfParts([a, b]))).toBe(expected(a, b));
    expect(bytesToHex(await sha256OfParts([b]))).toBe(expected(b));
    expect(Buffer.from(buffer).toString("hex")).toBe(before);
  });

  test("calls made before the earlier ones have answered each get their own parts' digest", async () => {
    const chunks = Array.from({ length: 4 }, (_, i) => [
      new Uint8Array(randomBytes(12)),
      new Uint8Array(randomBytes(1024 * 1024 * (4 - i) + 16)),
    ]);
    const digests = await Promise.all(chunks.map((parts) => sha256OfParts(parts)));
    expect(digests.map(bytesToHex)).toEqual(chunks.map((parts) => expected(...parts)));
  });
});
