import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  base64AnyToBytes,
  base64ToBytes,
  base64UrlToBytes,
  bytesToBase64,
  bytesToBase64Url,
  bytesToHex,
  derToPem,
  hexToBytes,
  pemToDer,
  utf8Decode,
  utf8Encode,
} from "./encoding.ts";

describe("encodings (property tests)", () => {
  test("base64 and base64url round-trip and agree with Node's Buffer", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const b64 = bytesToBase64(bytes);
        const b64url = bytesToBase64Url(bytes);
        expect(b64).toBe(Buffer.from(bytes).toString("base64"));
        expect(b64url).toBe(Buffer.from(bytes).toString("base64url"));
        expect(base64ToBytes(b64)).toEqual(bytes);
        expect(base64UrlToBytes(b64url)).toEqual(bytes);
        expect(base64AnyToBytes(b64)).toEqual(bytes);
        expect(base64AnyToBytes(b64url)).toEqual(bytes);
        // Padding is optional on input.
        expect(base64ToBytes(b64.replace(/=+$/, ""))).toEqual(bytes);
      }),
    );
  });

  test("hex round-trips and accepts upper case", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const hex = bytesToHex(bytes);
        expect(hex).toBe(Buffer.from(bytes).toString("hex"));
        expect(hexToBytes(hex)).toEqual(bytes);
        expect(hexToBytes(hex.toUpperCase())).toEqual(bytes);
      }),
    );
  });

  test("UTF-8 round-trips any well-formed string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(utf8Decode(utf8Encode(text))).toBe(text);
      }),
    );
  });

  test("decoding is canonical: every accepted string re-encodes to itself (so no two strings give the same bytes)", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 40 }), (text) => {
        let bytes: Uint8Array;
        try {
          bytes = base64ToBytes(text);
        } catch {
          return;
        }
        const canonical = bytesToBase64(bytes);
        expect(text === canonical || `${text}${"=".repeat((4 - (text.length % 4)) % 4)}` === canonical).toBe(
          true,
        );
      }),
    );
  });

  test("PEM round-trips DER", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 600 }), (der) => {
        const pem = derToPem(der, "PUBLIC KEY");
        expect(pem.split("\n").every((line) => line.length <= 64)).toBe(true);
        expect(pemToDer(pem, "PUBLIC KEY")).toEqual(der);
      }),
    );
  });
});

describe("encodings (strictness)", () => {
  test.each([
    ["base64 with url characters", () => base64ToBytes("ab-_")],
    ["base64url with standard characters", () => base64UrlToBytes("ab+/")],
    ["mixed alphabets", () => base64AnyToBytes("a+b_")],
    ["non-zero padding bits", () => base64ToBytes("QR==")],
    ["one character too many", () => base64ToBytes("QUJDR")],
    ["wrong padding count", () => base64ToBytes("QUJD=")],
    ["spaces", () => base64ToBytes("QU JD")],
    ["non-ASCII", () => base64ToBytes("QUJDé")],
    ["odd-length hex", () => hexToBytes("abc")],
    ["non-hex", () => hexToBytes("zz")],
    ["invalid UTF-8", () => utf8Decode(new Uint8Array([0xc3, 0x28]))],
  ])("rejects %s", (_name, run) => {
    expect(run).toThrow();
  });

  test("accepts input without padding", () => {
    expect(base64ToBytes("QUI")).toEqual(new Uint8Array([0x41, 0x42]));
    expect(base64UrlToBytes("QUI=")).toEqual(new Uint8Array([0x41, 0x42]));
  });
});
