import { fileChunkAadV1, fileHeaderAadV1 } from "./aad.ts";
import { concatBytes, readU32be, u32be, utf8Decode, utf8Encode } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import { aesGcmDecrypt, aesGcmEncrypt, newAesGcmIv, randomBytes } from "./primitives.ts";
import type { Bytes, DekKey } from "./types.ts";

// File format v1 (docs/file-format.md, "Encrypted files"). A file is one header object plus N chunk objects, each
// stored on its own, all under the item's DEK:
//   header object = 0x01 || nonce (12, random) || AES-GCM(JSON header) || tag (16)
//   chunk object  = nonce (12) = prefix (8, random) || u32be(index)  ||  AES-GCM(plaintext chunk) || tag (16)
// Each chunk's AAD carries the file id, its index and whether it is the last, so chunks cannot be dropped, reordered,
// duplicated or moved to another file without failing. The header fixes the size, so truncation at a chunk boundary
// is detected too.

export const FILE_FORMAT_VERSION = 1;
export const DEFAULT_CHUNK_SIZE = 4 * 1024 * 1024;
export const MAX_CHUNK_SIZE = 64 * 1024 * 1024;
export const NONCE_PREFIX_BYTES = 8;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const CHUNK_OVERHEAD = NONCE_BYTES + TAG_BYTES;
const MAX_CHUNKS = 0xffffffff;

/** What the encrypted header holds. `size` and `chunkSize` fix the layout of every chunk. */
export interface FileHeader {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly chunkSize: number;
}

export type FileLayout = Pick<FileHeader, "size" | "chunkSize">;

function assertLayout(layout: FileLayout): void {
  const { size, chunkSize } = layout;
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError("size must be a non-negative integer");
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1 || chunkSize > MAX_CHUNK_SIZE) {
    throw new RangeError(`chunkSize must be between 1 and ${MAX_CHUNK_SIZE}`);
  }
  if (chunkCountFor(layout) > MAX_CHUNKS) throw new RangeError("file has too many chunks");
}

/** An empty file still has one (empty) chunk, so that "the last chunk" always exists and truncation is visible. */
export function chunkCountFor(layout: FileLayout): number {
  return layout.size === 0 ? 1 : Math.ceil(layout.size / layout.chunkSize);
}

export function plaintextChunkLength(layout: FileLayout, index: number): number {
  const count = chunkCountFor(layout);
  if (!Number.isSafeInteger(index) || index < 0 || index >= count)
    throw new RangeError("chunk index out of range");
  return index < count - 1 ? layout.chunkSize : layout.size - (count - 1) * layout.chunkSize;
}

export function chunkObjectLength(layout: FileLayout, index: number): number {
  return plaintextChunkLength(layout, index) + CHUNK_OVERHEAD;
}

/** The total stored size of all chunk objects of a file. */
export function encryptedFileLength(layout: FileLayout): number {
  const count = chunkCountFor(layout);
  return layout.size + count * CHUNK_OVERHEAD;
}

export function newNoncePrefix(): Bytes {
  return randomBytes(NONCE_PREFIX_BYTES);
}

export function chunkNonce(noncePrefix: Uint8Array, index: number): Bytes {
  if (noncePrefix.length !== NONCE_PREFIX_BYTES) throw new Error("nonce prefix must be 8 bytes");
  return concatBytes(noncePrefix, u32be(index));
}

// ---- header ----------------------------------------------------------------------------------------------------

const HEADER_FORMAT_BYTE = 0x01;

export async function encryptFileHeader(dekKey: DekKey, fileId: string, header: FileHeader): Promise<Bytes> {
  assertLayout(header);
  if (typeof header.name !== "string" || typeof header.type !== "string")
    throw new TypeError("name and type");
  const json = JSON.stringify({
    v: FILE_FORMAT_VERSION,
    name: header.name,
    type: header.type,
    size: header.size,
    chunkSize: header.chunkSize,
  });
  const nonce = newAesGcmIv();
  const ciphertext = await aesGcmEncrypt(dekKey, nonce, utf8Encode(json), fileHeaderAadV1(fileId));
  return concatBytes(new Uint8Array([HEADER_FORMAT_BYTE]), nonce, ciphertext);
}

function parseHeaderJson(json: string): FileHeader {
  const value: unknown = JSON.parse(json);
  if (typeof value !== "object" || value === null) throw new Error("header is not an object");
  const { v, name, type, size, chunkSize } = value as Record<string, unknown>;
  if (v !== FILE_FORMAT_VERSION || typeof name !== "string" || typeof type !== "string")
    throw new Error("header");
  if (typeof size !== "number" || typeof chunkSize !== "number") throw new Error("header layout");
  const header = { name, type, size, chunkSize };
  assertLayout(header);
  return header;
}

export async function decryptFileHeader(
  dekKey: DekKey,
  fileId: string,
  headerObject: Uint8Array,
): Promise<FileHeader> {
  try {
    if (headerObject.length < 1 + NONCE_BYTES + TAG_BYTES || headerObject[0] !== HEADER_FORMAT_BYTE) {
      throw new Error("not a v1 header");
    }
    const nonce = headerObject.slice(1, 1 + NONCE_BYTES);
    const ciphertext = headerObject.slice(1 + NONCE_BYTES);
    const plaintext = await aesGcmDecrypt(dekKey, nonce, ciphertext, fileHeaderAadV1(fileId));
    return parseHeaderJson(utf8Decode(plaintext));
  } catch {
    throw new CryptoError("fileDecryptionFailed", "header");
  }
}

// ---- chunks ----------------------------------------------------------------------------------------------------

export interface ChunkInput {
  readonly fileId: string;
  readonly layout: FileLayout;
  readonly index: number;
}

/** A chunk object in two parts, so a 4 MiB ciphertext is never copied just to put 12 bytes in front of it. */
export interface SealedChunk {
  readonly nonce: Bytes;
  /** AES-GCM ciphertext followed by the 16-byte tag. */
  readonly ciphertext: Bytes;
}

/** The stored form of a chunk: nonce || ciphertext || tag. */
export function chunkObjectBytes(sealed: SealedChunk): Bytes {
  return concatBytes(sealed.nonce, sealed.ciphertext);
}

function checkChunkPlaintext(input: ChunkInput, plaintext: Uint8Array): number {
  assertLayout(input.layout);
  const expected = plaintextChunkLength(input.layout, input.index);
  if (plaintext.length !== expected) throw new RangeError(`chunk ${input.index} must be ${expected} bytes`);
  return chunkCountFor(input.layout);
}

/**
 * Encrypts chunk `index` with nonce = prefix || u32be(index). HAZMAT: one prefix must never be used twice for the same
 * index with different plaintext. createFileEncryptor draws one fresh prefix per encryption pass; to re-encrypt a
 * single chunk later (a resumed upload) use encryptFileChunk, which draws a fresh prefix every time.
 */
export async function sealFileChunk(
  dekKey: DekKey,
  input: ChunkInput & { readonly noncePrefix: Uint8Array; readonly plaintext: Bytes },
): Promise<SealedChunk> {
  const count = checkChunkPlaintext(input, input.plaintext);
  const nonce = chunkNonce(input.noncePrefix, input.index);
  const aad = fileChunkAadV1(input.fileId, input.index, input.index === count - 1);
  return { nonce, ciphertext: await aesGcmEncrypt(dekKey, nonce, input.plaintext, aad) };
}

/**
 * Encrypts one chunk by index with a freshly drawn nonce prefix and returns the chunk object. Safe to call again for
 * the same index (a resumed upload), even if the plaintext changed meanwhile, because no nonce is ever reused. Chunks of
 * one file may therefore carry different prefixes; decryption reads each chunk's nonce from the chunk itself.
 */
export async function encryptFileChunk(
  dekKey: DekKey,
  input: ChunkInput & { readonly plaintext: Bytes },
): Promise<Bytes> {
  return chunkObjectBytes(await sealFileChunk(dekKey, { ...input, noncePrefix: newNoncePrefix() }));
}

/** Throws CryptoError("fileDecryptionFailed") for any chunk that is not exactly chunk `index` of this file. */
export async function decryptFileChunk(
  dekKey: DekKey,
  input: ChunkInput & { readonly chunkObject: Bytes },
): Promise<Bytes> {
  const { fileId, layout, index, chunkObject } = input;
  const count = chunkCountFor(layout);
  if (!Number.isSafeInteger(index) || index < 0 || index >= count) {
    throw new CryptoError("fileDecryptionFailed", `no chunk ${index}`);
  }
  if (chunkObject.length !== chunkObjectLength(layout, index)) {
    throw new CryptoError("fileDecryptionFailed", `chunk ${index} has the wrong length`);
  }
  // The nonce's counter must equal the index: a stored object's position can then be checked before any key is
  // involved. (The AAD would reject a moved chunk anyway.)
  if (readU32be(chunkObject, NONCE_PREFIX_BYTES) !== index) {
    throw new CryptoError("fileDecryptionFailed", `chunk ${index} is out of place`);
  }
  try {
    const nonce = chunkObject.subarray(0, NONCE_BYTES);
    const ciphertext = chunkObject.subarray(NONCE_BYTES);
    return await aesGcmDecrypt(dekKey, nonce, ciphertext, fileChunkAadV1(fileId, index, index === count - 1));
  } catch {
    throw new CryptoError("fileDecryptionFailed", `chunk ${index}`);
  }
}
