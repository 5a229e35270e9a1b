import { contentTypeForName } from "./content-type.ts";
import { CryptoError } from "./errors.ts";
import {
  CHUNK_OVERHEAD,
  chunkCountFor,
  chunkObjectLength,
  DEFAULT_CHUNK_SIZE,
  decryptFileChunk,
  decryptFileHeader,
  encryptFileHeader,
  type FileHeader,
  type FileLayout,
  newNoncePrefix,
  plaintextChunkLength,
  type SealedChunk,
  sealFileChunk,
} from "./file-format.ts";
import { sha256OfParts } from "./primitives.ts";
import type { Bytes, DekKey, OnProgress } from "./types.ts";

// [Note: Bounded memory in file streams]
// A file of any size passes through at most `concurrency` chunks being encrypted plus one being filled. Plaintext
// (encrypt) and chunk-object (decrypt) buffers are reused through a small pool, because on Chromium allocating and
// first touching a fresh 4 MiB buffer costs about as much as encrypting it. A cipher must hand its input buffer back
// when it settles (a worker transfers it back), and the stream reuses it for a later chunk.

/** One encrypted chunk as it leaves the encrypt stream. Its stored object is nonce || ciphertext. */
export interface EncryptedChunk extends SealedChunk {
  readonly index: number;
  readonly isLast: boolean;
  readonly plaintextLength: number;
  /** SHA-256 of the chunk object, when the encryptor was asked for digests (for the signed manifest). */
  readonly digest?: Bytes;
}

/** Where chunks are actually encrypted: in this thread (localChunkCipher) or in a pool of workers. */
export interface ChunkCipher {
  seal(
    index: number,
    plaintext: Bytes,
    withDigest: boolean,
  ): Promise<{ sealed: SealedChunk; digest?: Bytes; plaintext: Bytes }>;
  open(index: number, chunkObject: Bytes): Promise<{ plaintext: Bytes; chunkObject: Bytes }>;
}

export interface StreamOptions {
  /** Chunks in flight at once. 1 on one thread is the plain loop; more lets workers run in parallel. */
  readonly concurrency?: number;
  readonly onProgress?: OnProgress;
}

class BufferPool {
  readonly #size: number;
  readonly #free: Bytes[] = [];
  constructor(size: number) {
    this.#size = size;
  }
  take(): Bytes {
    return this.#free.pop() ?? new Uint8Array(this.#size);
  }
  give(view: Uint8Array): void {
    // A worker round trip may return a view of the original buffer; what is pooled is always the whole buffer.
    if (view.buffer instanceof ArrayBuffer && view.buffer.byteLength === this.#size) {
      this.#free.push(new Uint8Array(view.buffer));
    }
  }
}

function concurrencyOf(options: StreamOptions): number {
  const value = options.concurrency ?? 1;
  if (!Number.isSafeInteger(value) || value < 1 || value > 16)
    throw new RangeError("concurrency must be 1..16");
  return value;
}

/**
 * Splits a byte stream into fixed-size pieces, runs `work` on up to `concurrency` of them at once, and emits the
 * results in order. `pieceLength(i)` is the exact size of piece i; `pieceCount` of them are expected.
 */
function orderedChunkTransform<T>(config: {
  readonly pieceCount: number;
  readonly pieceLength: (index: number) => number;
  readonly bufferSize: number;
  readonly concurrency: number;
  readonly work: (index: number, piece: Bytes, release: (buffer: Uint8Array) => void) => Promise<T>;
  readonly emitted: (result: T) => void;
  readonly tooLong: () => Error;
  readonly tooShort: () => Error;
}): TransformStream<Uint8Array, T> {
  const pool = new BufferPool(config.bufferSize);
  const pending: Promise<T>[] = [];
  let index = 0;
  let current: Bytes | null = null;
  let filled = 0;

  const dispatch = () => {
    const piece = (current ?? pool.take()).subarray(0, filled);
    const promise = config.work(index, piece, (buffer) => pool.give(buffer));
    // Errors surface when the promise is awaited in order; this only keeps an early rejection from being "unhandled".
    promise.catch(() => {});
    pending.push(promise);
    index++;
    current = null;
    filled = 0;
  };

  const drain = async (controller: TransformStreamDefaultController<T>, keep: number) => {
    while (pending.length > keep) {
      const result = await (pending.shift() as Promise<T>);
      controller.enqueue(result);
      config.emitted(result);
    }
  };

  return new TransformStream<Uint8Array, T>({
    async transform(input, controller) {
      let offset = 0;
      while (offset < input.length) {
        if (index >= config.pieceCount) throw config.tooLong();
        const target = config.pieceLength(index);
        current ??= pool.take();
        const take = Math.min(target - filled, input.length - offset);
        current.set(input.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === target) {
          dispatch();
          await drain(controller, config.concurrency - 1);
        }
      }
    },
    async flush(controller) {
      // Zero-length pieces (the single chunk of an empty file) never fill up on input; they are due at the end.
      while (index < config.pieceCount && filled === 0 && config.pieceLength(index) === 0) dispatch();
      if (index < config.pieceCount) {
        await Promise.allSettled(pending);
        throw config.tooShort();
      }
      await drain(controller, 0);
    },
  });
}

export function createChunkEncryptStream(
  layout: FileLayout,
  cipher: ChunkCipher,
  options: StreamOptions & { readonly digests?: boolean } = {},
): TransformStream<Uint8Array, EncryptedChunk> {
  const count = chunkCountFor(layout);
  let done = 0;
  return orderedChunkTransform<EncryptedChunk>({
    pieceCount: count,
    pieceLength: (index) => plaintextChunkLength(layout, index),
    bufferSize: layout.chunkSize,
    concurrency: concurrencyOf(options),
    work: async (index, piece, release) => {
      // Read before sealing: a worker cipher transfers the buffer away, leaving `piece` empty.
      const plaintextLength = piece.length;
      const { sealed, digest, plaintext } = await cipher.seal(index, piece, options.digests ?? false);
      release(plaintext);
      const chunk = { ...sealed, index, isLast: index === count - 1, plaintextLength };
      return digest ? { ...chunk, digest } : chunk;
    },
    emitted: (chunk) => {
      done += chunk.plaintextLength;
      options.onProgress?.({ stage: "encrypt", done, total: layout.size });
    },
    tooLong: () => new RangeError("input is longer than the declared size"),
    tooShort: () => new RangeError("input is shorter than the declared size"),
  });
}

/**
 * Decrypts concatenated chunk objects (any piece boundaries) into plaintext. Output is authenticated chunk by chunk;
 * the stream errors on the first bad chunk, on missing chunks at the end (truncation) and on extra bytes. A reader must
 * treat what it received as incomplete until the stream closes without error.
 */
export function createChunkDecryptStream(
  layout: FileLayout,
  cipher: ChunkCipher,
  options: StreamOptions = {},
): TransformStream<Uint8Array, Bytes> {
  let done = 0;
  return orderedChunkTransform<Bytes>({
    pieceCount: chunkCountFor(layout),
    pieceLength: (index) => chunkObjectLength(layout, index),
    bufferSize: layout.chunkSize + CHUNK_OVERHEAD,
    concurrency: concurrencyOf(options),
    work: async (index, piece, release) => {
      const { plaintext, chunkObject } = await cipher.open(index, piece);
      release(chunkObject);
      return plaintext;
    },
    emitted: (plaintext) => {
      done += plaintext.length;
      options.onProgress?.({ stage: "decrypt", done, total: layout.size });
    },
    tooLong: () => new CryptoError("fileTooLong"),
    tooShort: () => new CryptoError("fileTruncated"),
  });
}

/** Encrypts and decrypts chunks in this thread with WebCrypto. */
export function localChunkCipher(
  dekKey: DekKey,
  fileId: string,
  layout: FileLayout,
  noncePrefix?: Uint8Array,
): ChunkCipher {
  return {
    async seal(index, plaintext, withDigest) {
      if (!noncePrefix) throw new Error("this cipher was made for decryption only");
      const sealed = await sealFileChunk(dekKey, { fileId, layout, index, noncePrefix, plaintext });
      if (!withDigest) return { sealed, plaintext };
      return { sealed, plaintext, digest: await sha256OfParts([sealed.nonce, sealed.ciphertext]) };
    },
    async open(index, chunkObject) {
      return {
        plaintext: await decryptFileChunk(dekKey, { fileId, layout, index, chunkObject }),
        chunkObject,
      };
    },
  };
}

export interface FileEncryptOptions extends StreamOptions {
  /** Bound into every chunk's AAD; a chunk of one file can never be read as part of another. */
  readonly fileId: string;
  readonly name: string;
  /** Defaults to contentTypeForName(name). */
  readonly type?: string;
  /** The exact plaintext size; the stream errors if the input is longer or shorter. */
  readonly size: number;
  readonly chunkSize?: number;
  /** Compute each chunk object's SHA-256 (needed for the signed manifest). */
  readonly digests?: boolean;
}

export interface FileEncryptor {
  readonly header: FileHeader;
  /** Store this beside the chunks; decryption starts from it. */
  readonly headerObject: Bytes;
  readonly chunkCount: number;
  readonly stream: TransformStream<Uint8Array, EncryptedChunk>;
}

export function fileHeaderFor(options: FileEncryptOptions): FileHeader {
  return {
    name: options.name,
    type: options.type ?? contentTypeForName(options.name),
    size: options.size,
    chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
  };
}

/** One encryption pass over a file: a fresh nonce prefix, the encrypted header, and a stream of encrypted chunks. */
export async function createFileEncryptor(
  dekKey: DekKey,
  options: FileEncryptOptions,
): Promise<FileEncryptor> {
  const header = fileHeaderFor(options);
  const headerObject = await encryptFileHeader(dekKey, options.fileId, header);
  const cipher = localChunkCipher(dekKey, options.fileId, header, newNoncePrefix());
  return {
    header,
    headerObject,
    chunkCount: chunkCountFor(header),
    stream: createChunkEncryptStream(header, cipher, options),
  };
}

export interface FileDecryptor {
  readonly header: FileHeader;
  readonly stream: TransformStream<Uint8Array, Bytes>;
}

export async function createFileDecryptor(
  dekKey: DekKey,
  options: StreamOptions & { readonly fileId: string; readonly headerObject: Uint8Array },
): Promise<FileDecryptor> {
  const header = await decryptFileHeader(dekKey, options.fileId, options.headerObject);
  const cipher = localChunkCipher(dekKey, options.fileId, header);
  return { header, stream: createChunkDecryptStream(header, cipher, options) };
}

/** Turns encrypted chunks into the byte stream of their concatenated chunk objects (without copying them). */
export function chunkObjectsStream(): TransformStream<EncryptedChunk, Uint8Array> {
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk.nonce);
      controller.enqueue(chunk.ciphertext);
    },
  });
}
