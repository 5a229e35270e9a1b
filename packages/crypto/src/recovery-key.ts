import { bytesToBase64Url, concatBytes, equalBytes, utf8Encode } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { hkdfSha256AesGcmKey, hkdfSha256Bytes, importHkdfKey, randomBytes, sha256 } from "./primitives.ts";
import type { Bytes, RecoveryKey } from "./types.ts";

// The recovery key is shown once, printed or written down, and typed back in years later. So it is Crockford base32
// (no I, L, O, U; case-insensitive; 1/I/L and 0/O read the same), in groups of four, and it carries a version byte and
// a 2-byte checksum so that a typing mistake is reported as such instead of as a wrong key.
// Layout (35 bytes = 56 characters): 0x01 || key (32 bytes) || SHA-256(0x01 || key)[0..2].

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const RECOVERY_KEY_VERSION = 0x01;
export const RECOVERY_KEY_BYTES = 32;
const CHECKSUM_BYTES = 2;
const TEXT_CHARS = 56;
const GROUP = 4;

export const RECOVERY_WRAP_INFO = "heirloom/recovery/wrap/v1";
export const RECOVERY_AUTH_INFO = "heirloom/recovery/auth/v1";

function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function base32Decode(text: string): Bytes | null {
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let value = 0;
  let bits = 0;
  let o = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

async function checksum(versionAndKey: Bytes): Promise<Bytes> {
  return (await sha256(versionAndKey)).slice(0, CHECKSUM_BYTES);
}

export function generateRecoveryKeyBytes(): Bytes {
  return randomBytes(RECOVERY_KEY_BYTES);
}

/** "XXXX-XXXX-...": 14 groups of 4 characters. */
export async function formatRecoveryKey(keyBytes: Bytes): Promise<string> {
  if (keyBytes.length !== RECOVERY_KEY_BYTES) throw new Error("A recovery key is 32 bytes");
  const body = concatBytes(new Uint8Array([RECOVERY_KEY_VERSION]), keyBytes);
  const text = base32Encode(concatBytes(body, await checksum(body)));
  return text.match(new RegExp(`.{1,${GROUP}}`, "g"))?.join("-") ?? text;
}

/** Accepts any case, spaces or dashes, and the look-alikes I, L (for 1) and O (for 0). */
export function normalizeRecoveryKeyText(text: string): string {
  return text
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0");
}

/** Throws CryptoError("invalidRecoveryKey") on a typo, a wrong length or an unknown version. */
export async function parseRecoveryKey(text: string): Promise<Bytes> {
  const normalized = normalizeRecoveryKeyText(text);
  const decoded = normalized.length === TEXT_CHARS ? base32Decode(normalized) : null;
  if (!decoded || decoded[0] !== RECOVERY_KEY_VERSION) throw new CryptoError("invalidRecoveryKey");
  const body = decoded.slice(0, 1 + RECOVERY_KEY_BYTES);
  if (!equalBytes(decoded.slice(1 + RECOVERY_KEY_BYTES), await checksum(body))) {
    throw new CryptoError("invalidRecoveryKey");
  }
  return body.slice(1);
}

export async function importRecoveryKey(keyBytes: Bytes): Promise<RecoveryKey> {
  if (keyBytes.length !== RECOVERY_KEY_BYTES) throw new CryptoError("invalidRecoveryKey");
  const hkdf = await importHkdfKey(keyBytes);
  const wrapKey = await hkdfSha256AesGcmKey(hkdf, utf8Encode(RECOVERY_WRAP_INFO));
  return { wrapKey, hkdf } as RecoveryKey;
}

/**
 * Proof of holding the recovery key, for the server to check before it lets a recovery replace the vault blobs
 * (it stores only a hash of this value). It is a separate HKDF output, so it reveals nothing about the wrap key.
 */
export async function deriveRecoveryAuthKey(recoveryKey: RecoveryKey): Promise<string> {
  return bytesToBase64Url(await hkdfSha256Bytes(recoveryKey.hkdf, utf8Encode(RECOVERY_AUTH_INFO), 32));
}
