import { beforeAll, describe, expect, test } from "vitest";
import { generateDek, importDekKey } from "./dek.ts";
import { concatBytes } from "./encoding.ts";
import { CryptoError } from "./errors.ts";
import {
  CHUNK_OVERHEAD,
  chunkCountFor,
  chunkObjectBytes,
  DEFAULT_CHUNK_SIZE,
  decryptFileChunk,
  decryptFileHeader,
  encryptedFileLength,
  encryptFileChunk,
  type FileHeader,
  sealFileChunk,
} from "./file-format.ts";
import {
  type ChunkCipher,
  createChunkEncryptStream,
  createFileDecryptor,
  createFileEncryptor,
  type EncryptedChunk,
  localChunkCipher,
} from "./file-stream.ts";
import { randomBytes } from "./primitives.ts";
import type { Bytes, DekKey } from "./types.ts";

const CHUNK = 1000;

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  await stream.pipeTo(new WritableStream({ write: (item) => void out.push(item) }));
  return out;
}

function streamOf(...pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

interface EncryptedFile {
  readonly fileId: string;
  readonly plaintext: Bytes;
  readonly header: FileHeader;
  readonly headerObject: Bytes;
  readonly chunks: Bytes[];
}

async function encryptFile(
  dekKey: DekKey,
  fileId: string,
  size: number,
  chunkSize = CHUNK,
): Promise<EncryptedFile> {
  const plaintext = randomBytes(size);
  const encryptor = await createFileEncryptor(dekKey, { fileId, name: `${fileId}.bin`, size, chunkSize });
  const chunks = (await collect(streamOf(plaintext).pipeThrough(encryptor.stream))).map(chunkObjectBytes);
  return { fileId, plaintext, header: encryptor.header, headerObject: encryptor.headerObject, chunks };
}

/** Decrypts header + concatenated chunk objects through the stream; resolves with the plaintext or rejects. */
async function decryptAll(
  dekKey: DekKey,
  fileId: string,
  headerObject: Bytes,
  chunks: readonly Uint8Array[],
) {
  const decryptor = await createFileDecryptor(dekKey, { fileId, headerObject });
  return concatBytes(...(await collect(streamOf(concatBytes(...chunks)).pipeThrough(decryptor.stream))));
}

async function failure(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => "decrypted",
    (error: unknown) => (error instanceof CryptoError ? error.code : `unexpected ${String(error)}`),
  );
}

describe("file format v1", () => {
  let dekKey: DekKey;
  let file: EncryptedFile;

  beforeAll(async () => {
    dekKey = await importDekKey(generateDek());
    file = await encryptFile(dekKey, "doc-1/v1", 4 * CHUNK + 500);
  });

  test("layout: N chunks of chunkSize + 28 bytes, the last one shorter; an empty file is one 28-byte chunk", async () => {
    expect(file.chunks.map((c) => c.length)).toEqual([1028, 1028, 1028, 1028, 528]);
    expect(encryptedFileLength(file.header)).toBe(4 * 1028 + 528);
    expect(chunkCountFor({ size: 0, chunkSize: CHUNK })).toBe(1);
    const empty = await encryptFile(dekKey, "empty", 0);
    expect(empty.chunks.map((c) => c.length)).toEqual([CHUNK_OVERHEAD]);
    expect(await decryptAll(dekKey, "empty", empty.headerObject, empty.chunks)).toEqual(new Uint8Array(0));
    expect(DEFAULT_CHUNK_SIZE).toBe(4 * 1024 * 1024);
  });

  test("one stream uses one nonce prefix, and the counter is the chunk index", () => {
    const prefixes = new Set(file.chunks.map((c) => Buffer.from(c.subarray(0, 8)).toString("hex")));
    expect(prefixes.size).toBe(1);
    expect(file.chunks.map((c) => Buffer.from(c).readUInt32BE(8))).toEqual([0, 1, 2, 3, 4]);
  });

  test("the header is encrypted: name, type and size do not appear in it", async () => {
    const named = await createFileEncryptor(dekKey, {
      fileId: "x",
      name: "Last will and testament.pdf",
      size: 123456,
    });
    expect(Buffer.from(named.headerObject).toString("latin1")).not.toMatch(/testament|pdf|123456/);
    expect(named.headerObject[0]).toBe(1);
    expect(await decryptFileHeader(dekKey, "x", named.headerObject)).toEqual({
      name: "Last will and testament.pdf",
      type: "application/pdf",
      size: 123456,
      chunkSize: DEFAULT_CHUNK_SIZE,
    });
  });

  test("round trip through the streams", async () => {
    expect(await decryptAll(dekKey, file.fileId, file.headerObject, file.chunks)).toEqual(file.plaintext);
  });

  describe("tamper suite: fails closed", () => {
    test("a bit flip anywhere in any chunk (nonce, ciphertext, tag)", async () => {
      for (const [index, chunk] of file.chunks.entries()) {
        for (const at of [0, 7, 8, 11, 12, 100, chunk.length - 17, chunk.length - 1]) {
          const chunks = file.chunks.map((c) => c.slice());
          (chunks[index] as Bytes)[at] = ((chunks[index] as Bytes)[at] as number) ^ 0x01;
          expect(
            await failure(decryptAll(dekKey, file.fileId, file.headerObject, chunks)),
            `chunk ${index} byte ${at}`,
          ).toBe("fileDecryptionFailed");
        }
      }
    });

    test("a bit flip in the header, or the header of another file", async () => {
      for (const at of [0, 1, 12, 13, file.headerObject.length - 1]) {
        const header = file.headerObject.slice();
        header[at] = (header[at] as number) ^ 0x80;
        expect(await failure(decryptAll(dekKey, file.fileId, header, file.chunks))).toBe(
          "fileDecryptionFailed",
        );
      }
      const other = await encryptFile(dekKey, "doc-2/v1", file.plaintext.length);
      expect(await failure(decryptAll(dekKey, file.fileId, other.headerObject, file.chunks))).toBe(
        "fileDecryptionFailed",
      );
    });

    test("truncation: the last chunk dropped, bytes cut off, everything dropped", async () => {
      const { fileId, headerObject, chunks } = file;
      expect(await failure(decryptAll(dekKey, fileId, headerObject, chunks.slice(0, -1)))).toBe(
        "fileTruncated",
      );
      expect(
        await failure(
          decryptAll(dekKey, fileId, headerObject, [
            ...chunks.slice(0, -1),
            (chunks[4] as Bytes).slice(0, -1),
          ]),
        ),
      ).toBe("fileTruncated");
      expect(await failure(decryptAll(dekKey, fileId, headerObject, []))).toBe("fileTruncated");
    });

    test("a chunk dropped from the middle", async () => {
      const chunks = [file.chunks[0], file.chunks[2], file.chunks[3], file.chunks[4]] as Bytes[];
      expect(await failure(decryptAll(dekKey, file.fileId, file.headerObject, chunks))).toMatch(
        /fileDecryptionFailed|fileTruncated/,
      );
    });

    test("reordering and duplication", async () => {
      const [c0, c1, c2, c3, c4] = file.chunks as [Bytes, Bytes, Bytes, Bytes, Bytes];
      for (const chunks of [
        [c1, c0, c2, c3, c4],
        [c0, c1, c3, c2, c4],
        [c0, c1, c1, c3, c4],
        [c0, c0, c2, c3, c4],
      ]) {
        expect(await failure(decryptAll(dekKey, file.fileId, file.headerObject, chunks))).toBe(
          "fileDecryptionFailed",
        );
      }
      expect(await failure(decryptAll(dekKey, file.fileId, file.headerObject, [...file.chunks, c4]))).toBe(
        "fileTooLong",
      );
      expect(
        await failure(
          decryptAll(dekKey, file.fileId, file.headerObject, [...file.chunks, new Uint8Array(1)]),
        ),
      ).toBe("fileTooLong");
    });

    test("splicing: a chunk of another file under the same DEK, at the same index", async () => {
      const other = await encryptFile(dekKey, "doc-1/v2", file.plaintext.length);
      for (let index = 0; index < file.chunks.length; index++) {
        const chunks = file.chunks.map((c, i) => (i === index ? (other.chunks[i] as Bytes) : c));
        expect(await failure(decryptAll(dekKey, file.fileId, file.headerObject, chunks))).toBe(
          "fileDecryptionFailed",
        );
      }
    });

    test("another DEK opens nothing", async () => {
      const otherKey = await importDekKey(generateDek());
      expect(await failure(decryptAll(otherKey, file.fileId, file.headerObject, file.chunks))).toBe(
        "fileDecryptionFailed",
      );
      const header = await decryptFileHeader(dekKey, file.fileId, file.headerObject);
      expect(
        await failure(
          decryptFileChunk(otherKey, {
            fileId: file.fileId,
            layout: header,
            index: 0,
            chunkObject: file.chunks[0] as Bytes,
          }),
        ),
      ).toBe("fileDecryptionFailed");
    });

    test("the last-chunk flag: a full chunk cannot pass as the end of a shorter file", async () => {
      const twoChunks = await encryptFile(dekKey, "exact", 2 * CHUNK);
      const first = twoChunks.chunks[0] as Bytes;
      // A layout claiming one chunk of CHUNK bytes (as a server would need, to cut the file after chunk 0).
      const forgedLayout = { size: CHUNK, chunkSize: CHUNK };
      expect(
        await failure(
          decryptFileChunk(dekKey, { fileId: "exact", layout: forgedLayout, index: 0, chunkObject: first }),
        ),
      ).toBe("fileDecryptionFailed");
      expect(
        await decryptFileChunk(dekKey, {
          fileId: "exact",
          layout: twoChunks.header,
          index: 0,
          chunkObject: first,
        }),
      ).toEqual(twoChunks.plaintext.subarray(0, CHUNK));
    });

    test("chunk by index: wrong index, wrong file id, wrong length", async () => {
      const layout = file.header;
      const chunk1 = file.chunks[1] as Bytes;
      const attempts = [
        () => decryptFileChunk(dekKey, { fileId: file.fileId, layout, index: 2, chunkObject: chunk1 }),
        () => decryptFileChunk(dekKey, { fileId: file.fileId, layout, index: 9, chunkObject: chunk1 }),
        () => decryptFileChunk(dekKey, { fileId: "doc-1/v2", layout, index: 1, chunkObject: chunk1 }),
        () =>
          decryptFileChunk(dekKey, {
            fileId: file.fileId,
            layout,
            index: 1,
            chunkObject: chunk1.slice(0, -1),
          }),
      ];
      for (const attempt of attempts) expect(await failure(attempt())).toBe("fileDecryptionFailed");
    });
  });

  describe("resumable uploads", () => {
    test("re-encrypting a chunk never reuses a nonce, and mixed attempts still decrypt in order", async () => {
      const layout = file.header;
      const nonces = new Set<string>();
      const mixed: Bytes[] = [];
      for (let index = 0; index < file.chunks.length; index++) {
        const plaintext = file.plaintext.slice(index * CHUNK, index * CHUNK + CHUNK);
        for (let attempt = 0; attempt < 3; attempt++) {
          const chunk = await encryptFileChunk(dekKey, { fileId: file.fileId, layout, index, plaintext });
          nonces.add(Buffer.from(chunk.subarray(0, 12)).toString("hex"));
          if (attempt === index % 3) mixed.push(chunk);
        }
      }
      expect(nonces.size).toBe(3 * file.chunks.length);
      // Chunks 0-1 from the first upload session, the rest from a resumed one.
      const resumed = [file.chunks[0], file.chunks[1], ...mixed.slice(2)] as Bytes[];
      expect(await decryptAll(dekKey, file.fileId, file.headerObject, resumed)).toEqual(file.plaintext);
    });

    test("a chunk of the wrong length is refused before encryption", async () => {
      await expect(
        sealFileChunk(dekKey, {
          fileId: "f",
          layout: file.header,
          index: 0,
          noncePrefix: new Uint8Array(8),
          plaintext: new Uint8Array(CHUNK - 1),
        }),
      ).rejects.toThrow(RangeError);
    });
  });

  describe("streams", () => {
    test("input longer or shorter than the declared size is an error, not a silently different file", async () => {
      for (const actual of [1999, 2001]) {
        const encryptor = await createFileEncryptor(dekKey, {
          fileId: "f",
          name: "f",
          size: 2000,
          chunkSize: CHUNK,
        });
        await expect(collect(streamOf(randomBytes(actual)).pipeThrough(encryptor.stream))).rejects.toThrow(
          /input is (longer|shorter) than the declared size/,
        );
      }
    });

    test("progress is reported per chunk, ending at the size, for both directions", async () => {
      const encryptProgress: number[] = [];
      const encryptor = await createFileEncryptor(dekKey, {
        fileId: "p",
        name: "p",
        size: 2500,
        chunkSize: CHUNK,
        onProgress: (p) => encryptProgress.push(p.done),
      });
      const chunks = await collect(streamOf(randomBytes(2500)).pipeThrough(encryptor.stream));
      expect(encryptProgress).toEqual([1000, 2000, 2500]);
      const decryptProgress: number[] = [];
      const decryptor = await createFileDecryptor(dekKey, {
        fileId: "p",
        headerObject: encryptor.headerObject,
        onProgress: (p) => decryptProgress.push(p.total === 2500 ? p.done : -1),
      });
      await collect(
        streamOf(...chunks.flatMap((c) => [c.nonce, c.ciphertext])).pipeThrough(decryptor.stream),
      );
      expect(decryptProgress).toEqual([1000, 2000, 2500]);
    });

    test("memory stays bounded: at most `concurrency` chunks in flight and concurrency + 1 plaintext buffers", async () => {
      for (const concurrency of [1, 2, 4]) {
        const layout = { size: 40 * CHUNK, chunkSize: CHUNK };
        const inner = localChunkCipher(dekKey, "bounded", layout, new Uint8Array(8));
        let inFlight = 0;
        let maxInFlight = 0;
        const buffers = new Set<ArrayBufferLike>();
        const counting: ChunkCipher = {
          async seal(index, plaintext, withDigest) {
            buffers.add(plaintext.buffer);
            maxInFlight = Math.max(maxInFlight, ++inFlight);
            try {
              return await inner.seal(index, plaintext, withDigest);
            } finally {
              inFlight--;
            }
          },
          open: inner.open,
        };
        const pieces = Array.from({ length: 80 }, () => randomBytes(CHUNK / 2));
        const out = await collect(
          streamOf(...pieces).pipeThrough(createChunkEncryptStream(layout, counting, { concurrency })),
        );
        expect(out.map((c: EncryptedChunk) => c.index)).toEqual(Array.from({ length: 40 }, (_, i) => i));
        expect(maxInFlight).toBeLessThanOrEqual(concurrency);
        expect(buffers.size).toBeLessThanOrEqual(concurrency + 1);
      }
    });

    test("digests, when asked for, are SHA-256 of each chunk object", async () => {
      const encryptor = await createFileEncryptor(dekKey, {
        fileId: "d",
        name: "d",
        size: 2500,
        chunkSize: CHUNK,
        digests: true,
      });
      const chunks = await collect(streamOf(randomBytes(2500)).pipeThrough(encryptor.stream));
      for (const chunk of chunks) {
        const expected = new Uint8Array(await crypto.subtle.digest("SHA-256", chunkObjectBytes(chunk)));
        expect(chunk.digest).toEqual(expected);
      }
    });
  });
});
