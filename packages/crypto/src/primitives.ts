// HAZMAT. The only module that calls crypto.subtle, crypto.getRandomValues, argon2id or hash-wasm. Everything else in
// the package composes these small functions, so an audit of how keys are used starts and ends here.
//
// Rules kept in this file:
// - Keys are imported non-extractable unless the function name says otherwise.
// - AES-GCM always takes 12-byte nonces and 128-bit tags; callers never choose other sizes.
// - Functions that hand raw key bytes back to JavaScript are named `dangerously...`.

import setupArgon2idWasm, { type computeHash } from "argon2id/lib/setup.js";
import { createSHA256, argon2id as hashWasmArgon2id } from "hash-wasm";
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

export interface Argon2idParams {
  readonly iterations: number;
  readonly memoryKiB: number;
  readonly parallelism: number;
  readonly hashLength: number;
}

/**
 * Argon2id (RFC 9106, version 0x13, no secret, no associated data).
 *
 * [Note: Two Argon2id implementations, one function]
 * The `argon2id` package (OpenPGP.js's, WebAssembly with SIMD) unlocks a vault about 1.4 times faster than hash-wasm
 * (ADR 019), so it computes every vault key. Version 1.0.1 has input limits of its own that RFC 9106 does not:
 * - it means to refuse passwords and salts under 8 bytes (RFC 9106 allows any length). Its check compares the array
 *   itself with 8, so most short inputs slip through, but an empty one or a single byte below 0x08 throws;
 * - it sizes its memory for m rounded down to a multiple of 4p blocks but addresses all m, so some m that are not
 *   such a multiple run past its memory and throw.
 * Rather than rely on how those checks happen to behave, the inputs they concern go to hash-wasm, which computes the
 * same function (and itself refuses empty passwords and salts under 8 bytes, as before). kdf.test.ts checks both
 * paths against node:crypto.
 */
export async function argon2idBytes(
  passwordBytes: Uint8Array,
  saltBytes: Uint8Array,
  params: Argon2idParams,
): Promise<Bytes> {
  const withinPackageLimits =
    passwordBytes.length >= 8 && saltBytes.length >= 8 && params.memoryKiB % (4 * params.parallelism) === 0;
  if (withinPackageLimits) return argon2idSimd(passwordBytes, saltBytes, params);
  const out = await hashWasmArgon2id({
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

interface LoadedArgon2id {
  readonly hash: computeHash;
  readonly memory: WebAssembly.Memory;
  readonly initialByteLength: number;
}

let argon2idInstance: Promise<LoadedArgon2id> | undefined;

/**
 * One WebAssembly instance per thread, kept between calls: a fresh instance must fault in its 64 MiB of memory again,
 * which costs about 15% of an unlock. The wasm files are fetched same-origin (Vite's `?init`; the test server has its
 * own), so the CSP needs only 'wasm-unsafe-eval'. The SIMD build is tried first; browsers without WebAssembly SIMD
 * get the package's plain build.
 */
function loadArgon2id(): Promise<LoadedArgon2id> {
  argon2idInstance ??= (async () => {
    let memory: WebAssembly.Memory | undefined;
    const loader =
      (init: () => Promise<{ default: (imports: WebAssembly.Imports) => Promise<WebAssembly.Instance> }>) =>
      async (imports: WebAssembly.Imports) => {
        memory = imports.env?.memory as WebAssembly.Memory;
        const instance = await (await init()).default(imports);
        // setupWasm reads only `instance`; Vite's ?init gives no Module object to pass along.
        return { instance } as WebAssembly.WebAssemblyInstantiatedSource;
      };
    const hash = await setupArgon2idWasm(
      loader(() => import("argon2id/dist/simd.wasm?init")),
      loader(() => import("argon2id/dist/no-simd.wasm?init")),
    );
    if (!memory) throw new Error("argon2id did not hand over its WebAssembly memory");
    return { hash, memory, initialByteLength: memory.buffer.byteLength };
  })();
  // A failed load (a network error fetching the wasm) is not kept: the next call tries again.
  argon2idInstance.catch(() => {
    argon2idInstance = undefined;
  });
  return argon2idInstance;
}

async function argon2idSimd(passwordBytes: Uint8Array, saltBytes: Uint8Array, params: Argon2idParams) {
  const { hash, memory, initialByteLength } = await loadArgon2id();
  try {
    const tag = hash({
      password: passwordBytes,
      salt: saltBytes,
      passes: params.iterations,
      memorySize: params.memoryKiB,
      parallelism: params.parallelism,
      tagLength: params.hashLength,
    });
    const out = new Uint8Array(tag);
    tag.fill(0);
    return out;
  } finally {
    // The last blocks determine the tag, so the memory is as secret as the key: wipe all of it (the package clears
    // only its first few KiB). An instance that had to grow for a larger m is dropped, so that its memory is freed.
    new Uint8Array(memory.buffer).fill(0);
    if (memory.buffer.byteLength > initialByteLength) argon2idInstance = undefined;
  }
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
