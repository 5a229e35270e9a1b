// Documents for the export-zip bench: deterministic bytes handed out in 4 MiB pieces (the size of a decrypted chunk),
// each a fresh buffer as the crypto worker returns one, so no file is ever held in memory whole.

export const MIB = 1024 * 1024;
export const GIB = 1024 * MIB;
/** The plaintext size of one document chunk (DEFAULT_CHUNK_SIZE in packages/crypto). */
export const PIECE = 4 * MIB;

export interface BenchFile {
  readonly name: string;
  readonly size: number;
  readonly modified: Date;
  /** The file's bytes, piece by piece; a failing source (an altered chunk, a chain that differs) throws here. */
  pieces(): AsyncGenerator<Uint8Array<ArrayBuffer>>;
}

const SPREAD = 64 * 1024;

/** Xorshift32 noise, computed once: pieces are windows of it, so every file differs and the run costs no RNG time. */
const noise = (() => {
  const bytes = new Uint8Array(PIECE + SPREAD);
  let x = 0x9e3779b9;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
})();

/** Pieces of zeros, which a sparse-file sink may skip (the ZIP64 check writes 4 GiB of them). */
export const zeroPieces = new WeakSet<Uint8Array>();

export interface SourceOptions {
  /** Called for every piece handed out (to see whether a writer stops pulling after a cancel). */
  readonly onPiece?: () => void;
  /** Throw `error` before handing out this piece (0-based): AES-GCM refusing an altered chunk. */
  readonly failAtPiece?: number;
  /** Throw `error` after the last piece: the digest chain differing from the signed manifest. */
  readonly failAfterLast?: boolean;
  readonly error?: Error;
}

/** A file of `size` deterministic pseudo-random bytes; `seed` picks which. */
export function pseudoRandomFile(
  name: string,
  size: number,
  seed: number,
  modified: Date,
  options: SourceOptions = {},
): BenchFile {
  return {
    name,
    size,
    modified,
    async *pieces() {
      for (let at = 0, i = 0; at < size; at += PIECE, i++) {
        if (i === options.failAtPiece) throw options.error;
        const start = (seed * 7919 + i * 4099) % SPREAD;
        options.onPiece?.();
        yield noise.slice(start, start + Math.min(PIECE, size - at));
      }
      if (options.failAfterLast) throw options.error;
    },
  };
}

/** A file of `size` zero bytes (for sizes beyond 4 GiB without 4 GiB of disk). */
export function zeroFile(name: string, size: number, modified: Date): BenchFile {
  return {
    name,
    size,
    modified,
    async *pieces() {
      for (let at = 0; at < size; at += PIECE) {
        const piece = new Uint8Array(Math.min(PIECE, size - at));
        zeroPieces.add(piece);
        yield piece;
      }
    },
  };
}

/** A small file given whole (the export's index, an empty note). */
export function bytesFile(name: string, bytes: Uint8Array<ArrayBuffer>, modified: Date): BenchFile {
  return {
    name,
    size: bytes.length,
    modified,
    async *pieces() {
      if (bytes.length > 0) yield bytes;
    },
  };
}
