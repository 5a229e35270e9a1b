import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { contentTypeForName, DEFAULT_CONTENT_TYPE } from "./content-type.ts";
import { bytesToBase64, bytesToBase64Url } from "./encoding.ts";
import {
  isBase64,
  isBase64Url,
  isDataUrl,
  isValidRetryTime,
  isValidVaultKey,
  isValidVaultSalt,
  parseDataUrl,
} from "./validators.ts";

describe("vault key and salt validity (SPEC sections 3 and 5)", () => {
  test("valid exactly when a string longer than 10 characters that is not 'null' or 'undefined'", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom("null", "undefined", "0123456789", "0123456789a")),
        (value) => {
          const expected = value.length > 10 && value !== "null" && value !== "undefined";
          expect(isValidVaultKey(value)).toBe(expected);
          expect(isValidVaultSalt(value)).toBe(expected);
        },
      ),
    );
  });

  test.each([null, undefined, 12345678901, {}, ["a".repeat(20)], "null", "undefined", "", "short"])(
    "%s is not valid",
    (value) => {
      expect(isValidVaultKey(value)).toBe(false);
      expect(isValidVaultSalt(value)).toBe(false);
    },
  );

  test("a real stored vault key (32 bytes, base64) is valid", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) =>
        isValidVaultKey(bytesToBase64(bytes)),
      ),
    );
  });
});

describe("storage string formats", () => {
  test("every base64 encoding passes isBase64; it passes isBase64Url only without + and /", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const b64 = bytesToBase64(bytes);
        expect(isBase64(b64)).toBe(true);
        expect(isBase64Url(b64)).toBe(!/[+/]/.test(b64));
      }),
    );
  });

  test("every base64url encoding passes isBase64Url; it passes isBase64 only without - and _", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const b64url = bytesToBase64Url(bytes);
        expect(isBase64Url(b64url)).toBe(true);
        expect(isBase64(b64url)).toBe(!/[-_]/.test(b64url));
      }),
    );
  });

  test("base64 never contains - or _, base64url never contains + or /", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (/[-_]/.test(text)) expect(isBase64(text)).toBe(false);
        if (/[+/]/.test(text)) expect(isBase64Url(text)).toBe(false);
      }),
    );
  });

  test.each([
    ["data:,Hello%2C%20World", true],
    ["data:text/plain;base64,SGVsbG8=", true],
    ["data:text/plain;charset=utf-8;base64,SGVsbG8=", true],
    ["data:;base64,SGVsbG8=", true],
    ["data:image/png;name=a.png,xyz", true],
    ["DATA:TEXT/PLAIN,hi", true],
    ["data:text/plain", false],
    ["data:text;base64,abc", false],
    ["http://example.com", false],
    ["data:text/plain;base64;charset=x,abc", false],
    [" data:,x", false],
  ])("data URL %s -> %s", (value, expected) => {
    expect(isDataUrl(value)).toBe(expected);
  });

  test("data URLs built from any media type and payload parse back", () => {
    const token = fc.stringMatching(/^[a-z0-9.+-]{1,12}$/);
    fc.assert(
      fc.property(
        token,
        token,
        fc.boolean(),
        fc.uint8Array({ maxLength: 40 }),
        (type, subtype, base64, bytes) => {
          const data = base64 ? bytesToBase64(bytes) : encodeURIComponent(bytesToBase64(bytes));
          const url = `data:${type}/${subtype}${base64 ? ";base64" : ""},${data}`;
          expect(parseDataUrl(url)).toEqual({ mediaType: `${type}/${subtype}`, base64, data });
        },
      ),
    );
  });

  test("retry times must be 0 or greater", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (ms) => {
        expect(isValidRetryTime(ms)).toBe(ms >= 0);
      }),
    );
    expect(isValidRetryTime(Number.NaN)).toBe(false);
    expect(isValidRetryTime("5")).toBe(false);
    expect(isValidRetryTime(0)).toBe(true);
    expect(isValidRetryTime(120_000)).toBe(true);
  });
});

describe("content type by extension (SPEC section 3)", () => {
  test.each([
    ["will.pdf", "application/pdf"],
    ["photo.PNG", "image/png"],
    ["scan.jpg", "image/jpeg"],
    ["scan.final.JPEG", "image/jpeg"],
    ["notes.txt", "text/plain"],
    ["letter.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["archive.zip", DEFAULT_CONTENT_TYPE],
    ["noextension", DEFAULT_CONTENT_TYPE],
    ["trailingdot.", DEFAULT_CONTENT_TYPE],
    ["pdf", DEFAULT_CONTENT_TYPE],
    ["x.constructor", DEFAULT_CONTENT_TYPE],
    ["x.__proto__", DEFAULT_CONTENT_TYPE],
  ])("%s -> %s", (name, type) => {
    expect(contentTypeForName(name)).toBe(type);
  });

  test("any other extension is application/octet-stream", () => {
    const known = new Set(["pdf", "png", "jpg", "jpeg", "txt", "docx"]);
    fc.assert(
      fc.property(fc.string(), fc.string(), (base, extension) => {
        fc.pre(!known.has(extension.toLowerCase()) && !extension.includes("."));
        expect(contentTypeForName(`${base}.${extension}`)).toBe(DEFAULT_CONTENT_TYPE);
      }),
    );
  });
});
