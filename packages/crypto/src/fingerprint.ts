import { bytesToHex } from "./encoding.ts";
import { sha256 } from "./primitives.ts";
import { pemToSpki } from "./public-key.ts";
import type { PublicKeyPem } from "./types.ts";
import { FINGERPRINT_WORDS } from "./wordlist.ts";

// A legacy contact is confirmed by the owner comparing a phrase with the contact out of band (in person, by phone).
// The phrase is the first 66 bits of SHA-256(SPKI DER) as six 11-bit indexes into a 2048-word list: to pass a key of
// its own off as the contact's, a server would have to find an RSA-4096 key pair with the same 66 bits, about 2^66
// key generations.

export const FINGERPRINT_PHRASE_WORDS = 6;
const BITS_PER_WORD = 11;

/** SHA-256 of the public key's SPKI DER, as lower-case hex: the full fingerprint, stored in manifests. */
export async function publicKeyFingerprintHex(publicKeyPem: PublicKeyPem): Promise<string> {
  return bytesToHex(await sha256(pemToSpki(publicKeyPem)));
}

/** Six words, separated by single spaces, e.g. "maple orbit quilt tender vessel argue". */
export async function fingerprintPhrase(publicKeyPem: PublicKeyPem): Promise<string> {
  const digest = await sha256(pemToSpki(publicKeyPem));
  const words: string[] = [];
  let value = 0;
  let bits = 0;
  let offset = 0;
  while (words.length < FINGERPRINT_PHRASE_WORDS) {
    while (bits < BITS_PER_WORD) {
      value = (value << 8) | (digest[offset++] as number);
      bits += 8;
    }
    bits -= BITS_PER_WORD;
    words.push(FINGERPRINT_WORDS[(value >> bits) & 0x7ff] as string);
    value &= (1 << bits) - 1;
  }
  return words.join(" ");
}
