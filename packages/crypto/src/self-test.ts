import { generateDek, importDekKey } from "./dek.ts";
import { bytesToHex } from "./encoding.ts";
import { DEFAULT_CHUNK_SIZE } from "./file-format.ts";
import {
  chunkObjectsStream,
  createFileDecryptor,
  createFileEncryptor,
  type EncryptedChunk,
  type FileDecryptor,
  type FileEncryptOptions,
  type FileEncryptor,
  type StreamOptions,
} from "./file-stream.ts";
import { deriveVaultKey } from "./kdf.ts";
import {
  aesGcmDecrypt,
  aesGcmEncrypt,
  argon2idImplementation,
  generateRsaOaepKeyPair,
  newAesGcmIv,
  randomBytes,
} from "./primitives.ts";
import type { Bytes, DekKey, OnProgress } from "./types.ts";

// Timings of this device, for the /tester page and bench/crypto.ts. Not a test: nothing here asserts a duration.

const MIB = 1024 * 1024;
const EMPTY = new Uint8Array(0);

function now(): number {
  return performance.now();
}

function mibPerSecond(bytes: number, ms: number): number {
  return bytes / MIB / (ms / 1000);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** One sign-in's Argon2id (t=3, m=64 MiB, p=1), in milliseconds. */
export async function timeVaultKeyDerivation(): Promise<number> {
  const saltHex = bytesToHex(randomBytes(32));
  const start = now();
  await deriveVaultKey("correct horse battery staple", saltHex);
  return now() - start;
}

export async function timeRsaKeyGeneration(runs: number, onProgress?: OnProgress): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = now();
    await generateRsaOaepKeyPair();
    times.push(now() - start);
    onProgress?.({ stage: "rsa-keygen", done: i + 1, total: runs });
  }
  return times;
}

function randomChunk(size: number): Bytes {
  return randomBytes(size);
}

/** The browser's ceiling: WebCrypto AES-256-GCM over `totalBytes` in 4 MiB calls, one after another, no streams. */
export async function measureBareAesGcm(
  totalBytes: number,
): Promise<{ encryptMiBps: number; decryptMiBps: number }> {
  const dekKey = await importDekKey(generateDek());
  const chunk = randomChunk(DEFAULT_CHUNK_SIZE);
  const chunks = Math.ceil(totalBytes / DEFAULT_CHUNK_SIZE);
  let start = now();
  let ciphertext: Bytes = EMPTY;
  const iv = newAesGcmIv();
  for (let i = 0; i < chunks; i++) ciphertext = await aesGcmEncrypt(dekKey, newAesGcmIv(), chunk, EMPTY);
  const encryptMs = now() - start;
  ciphertext = await aesGcmEncrypt(dekKey, iv, chunk, EMPTY);
  start = now();
  for (let i = 0; i < chunks; i++) await aesGcmDecrypt(dekKey, iv, ciphertext, EMPTY);
  const decryptMs = now() - start;
  return {
    encryptMiBps: mibPerSecond(chunks * chunk.length, encryptMs),
    decryptMiBps: mibPerSecond(chunks * chunk.length, decryptMs),
  };
}

/** A source of `totalBytes` in 1 MiB pieces, all views of one random buffer (the data's content does not matter). */
export function syntheticFileStream(totalBytes: number): ReadableStream<Uint8Array> {
  const piece = randomChunk(MIB);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) {
        controller.close();
        return;
      }
      const length = Math.min(piece.length, totalBytes - sent);
      sent += length;
      controller.enqueue(piece.subarray(0, length));
    },
  });
}

export type EncryptorFactory = (dekKey: DekKey, options: FileEncryptOptions) => Promise<FileEncryptor>;
export type DecryptorFactory = (
  dekKey: DekKey,
  options: StreamOptions & { readonly fileId: string; readonly headerObject: Uint8Array },
) => Promise<FileDecryptor>;

export interface StreamingOptions {
  readonly totalBytes: number;
  readonly concurrency?: number;
  readonly createEncryptor?: EncryptorFactory;
  readonly createDecryptor?: DecryptorFactory;
  /** Keep the encrypted chunks so that decryption can be measured too (costs totalBytes of memory). */
  readonly keepCiphertext?: boolean;
}

export interface StreamingResult {
  readonly encryptMiBps: number;
  readonly decryptMiBps?: number;
}

/** Throughput of the streaming file API (createFileEncryptor / createFileDecryptor) over a synthetic file. */
export async function measureStreaming(options: StreamingOptions): Promise<StreamingResult> {
  const dekKey = await importDekKey(generateDek());
  const createEncryptor = options.createEncryptor ?? createFileEncryptor;
  const createDecryptor = options.createDecryptor ?? createFileDecryptor;
  const concurrency = options.concurrency;
  const fileId = "self-test";
  const kept: EncryptedChunk[] = [];
  let start = now();
  const encryptor = await createEncryptor(dekKey, {
    fileId,
    name: "self-test.bin",
    size: options.totalBytes,
    ...(concurrency ? { concurrency } : {}),
  });
  await syntheticFileStream(options.totalBytes)
    .pipeThrough(encryptor.stream)
    .pipeTo(
      new WritableStream<EncryptedChunk>({
        write(chunk) {
          if (options.keepCiphertext) kept.push(chunk);
        },
      }),
    );
  const encryptMiBps = mibPerSecond(options.totalBytes, now() - start);
  if (!options.keepCiphertext) return { encryptMiBps };

  const source = new ReadableStream<EncryptedChunk>({
    pull(controller) {
      const next = kept.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  start = now();
  const decryptor = await createDecryptor(dekKey, {
    fileId,
    headerObject: encryptor.headerObject,
    ...(concurrency ? { concurrency } : {}),
  });
  let received = 0;
  await source
    .pipeThrough(chunkObjectsStream())
    .pipeThrough(decryptor.stream)
    .pipeTo(
      new WritableStream<Bytes>({
        write(plaintext) {
          received += plaintext.length;
        },
      }),
    );
  if (received !== options.totalBytes) throw new Error("self-test decryption lost data");
  return { encryptMiBps, decryptMiBps: mibPerSecond(options.totalBytes, now() - start) };
}

export interface CryptoSelfTestResult {
  /** "reference-simd" normally; "hash-wasm" where WebAssembly SIMD is missing (a slower unlock). */
  readonly argon2idImplementation: "reference-simd" | "hash-wasm";
  readonly argon2idColdMs: number;
  readonly argon2idMs: number;
  readonly rsaKeygenMedianMs: number;
  readonly rsaKeygenRuns: number;
  readonly fileMiB: number;
  readonly bareEncryptMiBps: number;
  readonly bareDecryptMiBps: number;
  readonly streamEncryptMiBps: number;
  readonly streamDecryptMiBps: number;
}

/**
 * The timings shown on the /tester page: unlock, key generation, and file throughput against the bare WebCrypto loop
 * on this very device. Defaults are small enough for a phone; bench/crypto.ts runs it with 256 MiB and 21 key pairs.
 */
export async function runCryptoSelfTest(
  onProgress?: OnProgress,
  options: { readonly fileMiB?: number; readonly rsaKeygens?: number; readonly concurrency?: number } = {},
): Promise<CryptoSelfTestResult> {
  const fileMiB = options.fileMiB ?? 32;
  const rsaKeygenRuns = options.rsaKeygens ?? 3;
  const total = 5;
  onProgress?.({ stage: "argon2id", done: 0, total });
  const argon2idColdMs = await timeVaultKeyDerivation();
  const argon2idMs = await timeVaultKeyDerivation();
  onProgress?.({ stage: "rsa-keygen", done: 1, total });
  const rsaTimes = await timeRsaKeyGeneration(rsaKeygenRuns);
  onProgress?.({ stage: "bare-aes-gcm", done: 2, total });
  const bare = await measureBareAesGcm(fileMiB * MIB);
  onProgress?.({ stage: "stream", done: 3, total });
  const stream = await measureStreaming({
    totalBytes: fileMiB * MIB,
    keepCiphertext: true,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  });
  onProgress?.({ stage: "done", done: total, total });
  return {
    argon2idImplementation: await argon2idImplementation(),
    argon2idColdMs,
    argon2idMs,
    rsaKeygenMedianMs: median(rsaTimes),
    rsaKeygenRuns,
    fileMiB,
    bareEncryptMiBps: bare.encryptMiBps,
    bareDecryptMiBps: bare.decryptMiBps,
    streamEncryptMiBps: stream.encryptMiBps,
    streamDecryptMiBps: stream.decryptMiBps ?? 0,
  };
}
