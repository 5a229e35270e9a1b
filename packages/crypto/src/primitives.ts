// HAZMAT. The only module that calls crypto.subtle, crypto.getRandomValues or hash-wasm. Everything else in the
// package composes these small functions, so an audit of how keys are used starts and ends here.
//
// Rules kept in this file:
// - Keys are imported non-extractable unless the function name says otherwise.
// - AES-GCM always takes 12-byte nonces and 128-bit tags; callers never choose other sizes.
// - Functions that hand raw key bytes back to JavaScript are named `dangerously...`.

import { argon2id, createSHA256 } from "hash-wasm";
import type { Bytes } from "./types.ts";

const AES_GCM_IV_BYTES = 12;
const RSA_OAEP_PARAMS = {
  name: "RSA-OAEP",
  modulusLength: 4096,
  publicExponent: new Uint8Array([0x01, 0x00, 0x01]),
  hash: "SHA-256",
} as const;

function subtle(): SubtleCrypto {
  // WebCrypto exists only in secure contexts in browsers (https, localhost); fail with a message a developer can act on.
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("WebCrypto is unavailable: this page must be served over https or from localhost");
  return s;
}

export function randomBytes(length: number): Bytes {
  const out = new Uint8Array(length);
  // getRandomValues refuses more than 65536 bytes per call.
  for (let offset = 0; offset < length; offset += 65536) {
    globalThis.crypto.getRandomValues(out.subarray(offset, Math.min(length, offset + 65536)));
  }
  return out;
}

export async function argon2idBytes(
  passwordBytes: Uint8Array,
  saltBytes: Uint8Array,
  params: { iterations: number; memoryKiB: number; parallelism: number; hashLength: number },
): Promise<Bytes> {
  const out = await argon2id({
    password: passwordBytes,
    salt: saltBytes,
    iterations: params.iterations,
    memorySize: params.memoryKiB,
    parallelism: params.parallelism,
    hashLength: params.hashLength,
    outputType: "binary",
  });
  return new Uint8Array(out);
}

export async function sha256(bytes: Bytes): Promise<Bytes> {
  return new Uint8Array(await subtle().digest("SHA-256", bytes));
}

/** SHA-256 of the concatenation of `parts`, without concatenating them (a chunk is 4 MiB; copies are not free). */
export async function sha256OfParts(parts: readonly Uint8Array[]): Promise<Bytes> {
  const hasher = await createSHA256();
  hasher.init();
  for (const part of parts) hasher.update(part);
  return new Uint8Array(hasher.digest("binary"));
}

// ---- AES-256-GCM ----------------------------------------------------------------------------------------------

export function newAesGcmIv(): Bytes {
  return randomBytes(AES_GCM_IV_BYTES);
}

export async function importAesGcmKey(
  rawKeyBytes: Bytes,
  options: { extractable: boolean },
): Promise<CryptoKey> {
  if (rawKeyBytes.length !== 32) throw new Error("AES-256 keys are 32 bytes");
  return subtle().importKey("raw", rawKeyBytes, { name: "AES-GCM" }, options.extractable, [
    "encrypt",
    "decrypt",
  ]);
}

export async function aesGcmEncrypt(key: CryptoKey, iv: Bytes, plaintext: Bytes, aad: Bytes): Promise<Bytes> {
  if (iv.length !== AES_GCM_IV_BYTES) throw new Error("AES-GCM iv must be 12 bytes");
  const out = await subtle().encrypt(
    { name: "AES-GCM", iv, additionalData: aad, tagLength: 128 },
    key,
    plaintext,
  );
  return new Uint8Array(out);
}

/** Rejects (with WebCrypto's OperationError) when the tag, iv, key or additional data do not match. */
export async function aesGcmDecrypt(
  key: CryptoKey,
  iv: Bytes,
  ciphertext: Bytes,
  aad: Bytes,
): Promise<Bytes> {
  if (iv.length !== AES_GCM_IV_BYTES) throw new Error("AES-GCM iv must be 12 bytes");
  const out = await subtle().decrypt(
    { name: "AES-GCM", iv, additionalData: aad, tagLength: 128 },
    key,
    ciphertext,
  );
  return new Uint8Array(out);
}

/** HAZMAT: returns the raw bytes of an extractable AES key (used only to keep the vault key across a tab reload). */
export async function dangerouslyExportRawKey(key: CryptoKey): Promise<Bytes> {
  return new Uint8Array(await subtle().exportKey("raw", key));
}

// ---- HKDF-SHA256 -----------------------------------------------------------------------------------------------

export async function importHkdfKey(rawKeyBytes: Bytes): Promise<CryptoKey> {
  // WebCrypto forbids extractable HKDF keys, which suits us: the input key material never leaves this object.
  return subtle().importKey("raw", rawKeyBytes, "HKDF", false, ["deriveBits", "deriveKey"]);
}

/** HKDF-SHA256 with an empty salt (RFC 5869: equivalent to 32 zero bytes). */
export async function hkdfSha256Bytes(hkdfKey: CryptoKey, info: Bytes, length: number): Promise<Bytes> {
  const bits = await subtle().deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info },
    hkdfKey,
    length * 8,
  );
  return new Uint8Array(bits);
}

export async function hkdfSha256AesGcmKey(hkdfKey: CryptoKey, info: Bytes): Promise<CryptoKey> {
  return subtle().deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info },
    hkdfKey,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

// ---- RSA-OAEP-4096 / SHA-256 -----------------------------------------------------------------------------------

/** Generated extractable because the private key must be exported once to be encrypted; callers re-import it. */
export async function generateRsaOaepKeyPair(): Promise<CryptoKeyPair> {
  return subtle().generateKey(RSA_OAEP_PARAMS, true, ["encrypt", "decrypt"]);
}

export async function exportSpki(publicKey: CryptoKey): Promise<Bytes> {
  return new Uint8Array(await subtle().exportKey("spki", publicKey));
}

/** HAZMAT: the private key's bytes in the clear, for encryption under the vault and recovery keys only. */
export async function dangerouslyExportPkcs8(privateKey: CryptoKey): Promise<Bytes> {
  return new Uint8Array(await subtle().exportKey("pkcs8", privateKey));
}

export async function importRsaOaepPublicKey(spkiBytes: Bytes): Promise<CryptoKey> {
  return subtle().importKey("spki", spkiBytes, { name: "RSA-OAEP", hash: "SHA-256" }, true, ["encrypt"]);
}

export async function importRsaOaepPrivateKey(pkcs8Bytes: Bytes): Promise<CryptoKey> {
  return subtle().importKey("pkcs8", pkcs8Bytes, { name: "RSA-OAEP", hash: "SHA-256" }, false, ["decrypt"]);
}

export function rsaKeyShape(key: CryptoKey): { modulusLength: number; publicExponentHex: string } | null {
  const algorithm = key.algorithm as Partial<RsaHashedKeyAlgorithm>;
  if (algorithm.name !== "RSA-OAEP" || !algorithm.modulusLength || !algorithm.publicExponent) return null;
  const hash = typeof algorithm.hash === "string" ? algorithm.hash : algorithm.hash?.name;
  if (hash !== "SHA-256") return null;
  let publicExponentHex = "";
  for (const byte of algorithm.publicExponent) publicExponentHex += byte.toString(16).padStart(2, "0");
  return { modulusLength: algorithm.modulusLength, publicExponentHex: publicExponentHex.replace(/^0+/, "") };
}

export async function rsaOaepEncrypt(publicKey: CryptoKey, plaintext: Bytes, label: Bytes): Promise<Bytes> {
  return new Uint8Array(await subtle().encrypt({ name: "RSA-OAEP", label }, publicKey, plaintext));
}

export async function rsaOaepDecrypt(privateKey: CryptoKey, ciphertext: Bytes, label: Bytes): Promise<Bytes> {
  return new Uint8Array(await subtle().decrypt({ name: "RSA-OAEP", label }, privateKey, ciphertext));
}

// ---- Ed25519 ---------------------------------------------------------------------------------------------------

export async function generateEd25519KeyPair(): Promise<CryptoKeyPair> {
  return (await subtle().generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
}

export async function importEd25519PublicKey(spkiBytes: Bytes): Promise<CryptoKey> {
  return subtle().importKey("spki", spkiBytes, { name: "Ed25519" }, true, ["verify"]);
}

export async function importEd25519PrivateKey(pkcs8Bytes: Bytes): Promise<CryptoKey> {
  return subtle().importKey("pkcs8", pkcs8Bytes, { name: "Ed25519" }, false, ["sign"]);
}

export async function ed25519Sign(privateKey: CryptoKey, message: Bytes): Promise<Bytes> {
  return new Uint8Array(await subtle().sign({ name: "Ed25519" }, privateKey, message));
}

export async function ed25519Verify(
  publicKey: CryptoKey,
  signature: Bytes,
  message: Bytes,
): Promise<boolean> {
  return subtle().verify({ name: "Ed25519" }, publicKey, signature, message);
}
