import type { Bytes } from "./types.ts";

// Decoders here are strict on purpose: a ciphertext string must decode one way only, so that flipping a character
// can never yield the same bytes (which a tamper test, or an attacker probing for malleability, would notice).

const B64_STD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64_URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function reverseTable(alphabet: string): Int16Array {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
}

const B64_STD_REV = reverseTable(B64_STD);
const B64_URL_REV = reverseTable(B64_URL);

export function utf8Encode(text: string): Bytes {
  return new TextEncoder().encode(text);
}

/** Throws on invalid UTF-8 rather than inserting U+FFFD, so corrupted text is never shown as if it were real. */
export function utf8Decode(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** Accepts upper- or lower-case hex of even length; anything else throws. */
export function hexToBytes(hex: string): Bytes {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error("Invalid hex string");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function encode(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out +=
      alphabet.charAt((n >> 18) & 63) +
      alphabet.charAt((n >> 12) & 63) +
      alphabet.charAt((n >> 6) & 63) +
      alphabet.charAt(n & 63);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    out += alphabet.charAt((n >> 18) & 63) + alphabet.charAt((n >> 12) & 63) + (pad ? "==" : "");
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out +=
      alphabet.charAt((n >> 18) & 63) +
      alphabet.charAt((n >> 12) & 63) +
      alphabet.charAt((n >> 6) & 63) +
      (pad ? "=" : "");
  }
  return out;
}

function decode(text: string, table: Int16Array, name: string): Bytes {
  let body = text;
  let padding = 0;
  while (body.endsWith("=") && padding < 2) {
    body = body.slice(0, -1);
    padding++;
  }
  const tail = body.length % 4;
  if (tail === 1) throw new Error(`Invalid ${name} length`);
  // Padding is optional, but when present it must be exactly what the length calls for.
  if (padding > 0 && (body.length + padding) % 4 !== 0) throw new Error(`Invalid ${name} padding`);
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    const digit = code < 128 ? (table[code] as number) : -1;
    if (digit < 0) throw new Error(`Invalid ${name} character`);
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero, otherwise two different strings would decode to the same bytes.
  if ((value & ((1 << bits) - 1)) !== 0) throw new Error(`Non-canonical ${name}`);
  return out;
}

/** Standard base64 with padding (RFC 4648 section 4). */
export function bytesToBase64(bytes: Uint8Array): string {
  return encode(bytes, B64_STD, true);
}

/** base64url without padding (RFC 4648 section 5). */
export function bytesToBase64Url(bytes: Uint8Array): string {
  return encode(bytes, B64_URL, false);
}

/** Standard base64; padding optional. SPEC section 5: base64 must not contain - or _. */
export function base64ToBytes(text: string): Bytes {
  if (/[-_]/.test(text)) throw new Error("base64 must not contain - or _");
  return decode(text, B64_STD_REV, "base64");
}

/** base64url; padding optional. SPEC section 5: base64url must not contain + or /. */
export function base64UrlToBytes(text: string): Bytes {
  if (/[+/]/.test(text)) throw new Error("base64url must not contain + or /");
  return decode(text, B64_URL_REV, "base64url");
}

/** SPEC: stored payloads may be base64 or base64url. A string mixing both alphabets is rejected. */
export function base64AnyToBytes(text: string): Bytes {
  return /[-_]/.test(text) ? base64UrlToBytes(text) : base64ToBytes(text);
}

export function concatBytes(...parts: readonly Uint8Array[]): Bytes {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function u32be(value: number): Bytes {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new RangeError("u32 out of range");
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, false);
  return out;
}

export function readU32be(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, false);
}

/** For public values only (digests, ids); secrets are compared by AES-GCM, never by this. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A copy that owns its own ArrayBuffer: safe to transfer to a worker and accepted by WebCrypto's types. */
export function ownedCopy(bytes: Uint8Array): Bytes {
  return new Uint8Array(bytes);
}

/** PEM armour (RFC 7468): base64 in 64-column lines. */
export function derToPem(der: Uint8Array, label: string): string {
  const body = bytesToBase64(der).replace(/.{1,64}/g, "$&\n");
  return `-----BEGIN ${label}-----\n${body}-----END ${label}-----\n`;
}

export function pemToDer(pem: string, label: string): Bytes {
  const match = new RegExp(
    `^\\s*-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----\\s*$`,
  ).exec(pem);
  if (!match?.[1]) throw new Error(`Expected a PEM ${label}`);
  return base64ToBytes(match[1].replace(/\s+/g, ""));
}
