// HAZMAT. The only module that calls crypto.subtle, crypto.getRandomValues, the Argon2 WebAssembly or hash-wasm.
// Everything else in the package composes these small functions, so an audit of how keys are used starts and ends here.
//
// Rules kept in this file:
// - Keys are imported non-extractable unless the function name says otherwise.
// - AES-GCM always takes 12-byte nonces and 128-bit tags; callers never choose other sizes.
// - Functions that hand raw key bytes back to JavaScript are named `dangerously...`.

/// <reference path="./wasm-init.d.ts" />
import { argon2id as hashWasmArgon2id } from "hash-wasm";
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
 * [Note: Argon2id runs in the reference code, compiled to WebAssembly with SIMD]
 * `@phi-ag/argon2` ships phc-winner-argon2 (the reference implementation, the code of the `argon2` command line)
 * compiled to WebAssembly with SIMD: a module with no imports at all, so it can compute and do nothing else. We call
 * its C API (`argon2_hash`) on bytes ourselves, because the package's JavaScript wrapper takes the password as a string
 * and passes its UTF-16 length as the byte length, which truncates non-ASCII passwords. Browsers without WebAssembly
 * SIMD cannot compile it and use hash-wasm instead; both compute the same function (kdf.test.ts checks both against
 * node:crypto). ADR 019 has the measurements.
 */
export async function argon2idBytes(
  passwordBytes: Uint8Array,
  saltBytes: Uint8Array,
  params: Argon2idParams,
): Promise<Bytes> {
  // hash-wasm refused an empty password, and deriveVaultKey refuses one before this: keep refusing it here too.
  if (passwordBytes.length === 0) throw new Error("Argon2id: the password is empty");
  const reference = await loadReferenceArgon2().catch(() => null);
  if (!reference) return argon2idBytesWithoutSimd(passwordBytes, saltBytes, params);
  return argon2idReference(reference, passwordBytes, saltBytes, params);
}

/** Which Argon2id runs in this thread: the reference code with SIMD, or hash-wasm (no SIMD, or it failed to load). */
export async function argon2idImplementation(): Promise<"reference-simd" | "hash-wasm"> {
  return (await loadReferenceArgon2().catch(() => null)) ? "reference-simd" : "hash-wasm";
}

/** hash-wasm's Argon2id (plain WebAssembly): the fallback where WebAssembly SIMD is missing. */
export async function argon2idBytesWithoutSimd(
  passwordBytes: Uint8Array,
  saltBytes: Uint8Array,
  params: Argon2idParams,
): Promise<Bytes> {
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

/** The exports of phc-winner-argon2's WebAssembly build that we use (see argon2.h). */
interface ReferenceArgon2 {
  readonly memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  argon2_hash(
    tCost: number,
    mCostKiB: number,
    parallelism: number,
    passwordPointer: number,
    passwordLength: number,
    saltPointer: number,
    saltLength: number,
    hashPointer: number,
    hashLength: number,
    encodedPointer: number,
    encodedLength: number,
    type: number,
    version: number,
  ): number;
  argon2_error_message(code: number): number;
}

const ARGON2_ID = 2;
const ARGON2_VERSION_13 = 0x13;
/** The instance is kept after derivations up to the vault's 64 MiB; after a larger one it is dropped to free memory. */
const KEEP_INSTANCE_UP_TO_KIB = 64 * 1024;

let referenceArgon2: Promise<ReferenceArgon2> | undefined;

/**
 * One instance per thread, kept between calls: a fresh one must fault in its 64 MiB again, about 35 ms of an
 * unlock. The .wasm is fetched same-origin through Vite's `?init` (the browser test server serves an equivalent), so
 * the Content Security Policy needs only 'wasm-unsafe-eval'. It is imported only when a key is derived, so importing
 * this package where `?init` means nothing (plain Node) still works.
 */
function loadReferenceArgon2(): Promise<ReferenceArgon2> {
  if (!referenceArgon2) {
    const loading = (async () => {
      const { default: init } = await import("@phi-ag/argon2/argon2.wasm?init");
      const exports = (await init()).exports as unknown as ReferenceArgon2;
      exports._initialize();
      return exports;
    })();
    // A failure to load (no WebAssembly SIMD, a network error) is not kept: the next call tries again.
    loading.catch(() => {
      if (referenceArgon2 === loading) referenceArgon2 = undefined;
    });
    referenceArgon2 = loading;
  }
  return referenceArgon2;
}

function argon2idReference(
  argon2: ReferenceArgon2,
  passwordBytes: Uint8Array,
  saltBytes: Uint8Array,
  params: Argon2idParams,
): Bytes {
  const passwordPointer = argon2.malloc(Math.max(1, passwordBytes.length));
  const saltPointer = argon2.malloc(Math.max(1, saltBytes.length));
  const hashPointer = argon2.malloc(Math.max(1, params.hashLength));
  let completed = false;
  try {
    if (!passwordPointer || !saltPointer || !hashPointer) throw new Error("Argon2id: out of memory");
    new Uint8Array(argon2.memory.buffer).set(passwordBytes, passwordPointer);
    new Uint8Array(argon2.memory.buffer).set(saltBytes, saltPointer);
    const code = argon2.argon2_hash(
      params.iterations,
      params.memoryKiB,
      params.parallelism,
      passwordPointer,
      passwordBytes.length,
      saltPointer,
      saltBytes.length,
      hashPointer,
      params.hashLength,
      0, // no encoded "$argon2id$..." string
      0,
      ARGON2_ID,
      ARGON2_VERSION_13,
    );
    completed = true;
    if (code !== 0) throw new Error(`Argon2id: ${cString(argon2, argon2.argon2_error_message(code))}`);
    return new Uint8Array(argon2.memory.buffer).slice(hashPointer, hashPointer + params.hashLength);
  } finally {
    // The reference code wipes its own blocks; the copies of the password, salt and tag made here are ours to wipe.
    // The memory may have grown during the call, so take a fresh view of it.
    const heap = new Uint8Array(argon2.memory.buffer);
    if (passwordPointer) heap.fill(0, passwordPointer, passwordPointer + passwordBytes.length);
    if (saltPointer) heap.fill(0, saltPointer, saltPointer + saltBytes.length);
    if (hashPointer) heap.fill(0, hashPointer, hashPointer + params.hashLength);
    if (completed) {
      argon2.free(hashPointer);
      argon2.free(saltPointer);
      argon2.free(passwordPointer);
    }
    // An instance that trapped is not trusted again; one that grew for a larger m is dropped to free its memory.
    if (!completed || params.memoryKiB > KEEP_INSTANCE_UP_TO_KIB) referenceArgon2 = undefined;
  }
}

function cString(argon2: ReferenceArgon2, pointer: number): string {
  const heap = new Uint8Array(argon2.memory.buffer);
  let end = pointer;
  while (end < heap.length && heap[end] !== 0) end++;
  return new TextDecoder().decode(heap.subarray(pointer, end));
}

export async function sha256(bytes: Bytes): Promise<Bytes> {
  return new Uint8Array(await subtle().digest("SHA-256", bytes));
}

/** Where sha256OfParts joins its parts: kept for the next call (one chunk object, 4 MiB), not made anew each time. */
let joined = new Uint8Array(0);

/**
 * SHA-256 of the concatenation of `parts` (a chunk's nonce and ciphertext: public bytes). WebCrypto digests one
 * buffer, so the parts are copied into one: the copy of a 4 MiB chunk costs far less than it saves. hash-wasm's
 * incremental SHA-256, used before without the copy, ran at 157-167 MiB/s on this project's 2-core test machine,
 * against 522-606 MiB/s for the copy and WebCrypto's digest (which uses the CPU's SHA instructions); on an upload that
 * was about 4 s of CPU per GiB taken from the cores the upload itself needs. The buffer is reused at once: digest()
 * copies its input before it returns (WebCrypto specification, digest step 2), and nothing here awaits before then.
 */
export function sha256OfParts(parts: readonly Uint8Array[]): Promise<Bytes> {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  if (joined.length < total) joined = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return sha256(joined.subarray(0, total));
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
