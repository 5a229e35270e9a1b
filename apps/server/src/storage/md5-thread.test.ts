import { createHash, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createMd5Thread, type Md5Stream, type Md5Thread } from "./md5-thread.ts";

const MIB = 1024 * 1024;
const md5Of = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("base64");

/** Feeds `bytes` in chunks of the given sizes (cycled), waiting when the stream asks, as an upload does. */
async function feed(stream: Md5Stream, bytes: Uint8Array, sizes: number[]) {
  let at = 0;
  for (let i = 0; at < bytes.byteLength; i += 1) {
    const size = sizes[i % sizes.length] ?? 1;
    const chunk = bytes.subarray(at, at + size);
    at += chunk.byteLength;
    const behind = stream.update(chunk);
    if (behind) await behind;
  }
}

describe("uploads' MD5 on a thread of its own", () => {
  let thread: Md5Thread | undefined;
  afterEach(async () => {
    await thread?.close();
    thread = undefined;
  });

  it("answers the MD5 of every byte fed, whatever the sizes, below, at and over a MiB", async () => {
    thread = createMd5Thread();
    for (const length of [0, 1, 65_536, MIB - 1, MIB, MIB + 1, 9 * MIB + 123]) {
      const bytes = randomBytes(length);
      const stream = thread.stream();
      await feed(stream, bytes, [65_536, 1, 200_000, 3 * MIB]);
      expect(await stream.digest(), `${length} bytes`).toBe(md5Of(bytes));
    }
  });

  it("keeps uploads that arrive at once apart, and the bytes it was given may be reused at once", async () => {
    thread = createMd5Thread();
    const files = [randomBytes(5 * MIB + 7), randomBytes(3 * MIB), randomBytes(12 * MIB + 1)];
    const digests = await Promise.all(
      files.map(async (bytes, index) => {
        const stream = thread?.stream() as Md5Stream;
        // One buffer, filled again for every chunk: what the stream copied is what it hashes.
        const scratch = Buffer.alloc(64 * 1024 + index);
        for (let at = 0; at < bytes.byteLength; at += scratch.byteLength) {
          const part = bytes.subarray(at, at + scratch.byteLength);
          part.copy(scratch);
          const behind = stream.update(scratch.subarray(0, part.byteLength));
          scratch.fill(0xee);
          if (behind) await behind;
        }
        return stream.digest();
      }),
    );
    expect(digests).toEqual(files.map(md5Of));
  });

  it("asks its caller to wait once four MiB are still to be hashed, so a slow thread holds no whole upload", async () => {
    thread = createMd5Thread();
    const stream = thread.stream();
    const bytes = randomBytes(8 * MIB);
    // Fed without a pause, the thread can answer nothing in between.
    const asked = [0, 1, 2, 3, 4, 5, 6, 7].map(
      (i) => stream.update(bytes.subarray(i * MIB, (i + 1) * MIB)) !== undefined,
    );
    expect(asked).toEqual([false, false, false, false, true, true, true, true]);
    expect(await stream.digest()).toBe(md5Of(bytes));
  });

  it("a dropped upload lets go of its waits and leaves the next ones whole", async () => {
    thread = createMd5Thread();
    const dropped = thread.stream();
    const bytes6 = randomBytes(6 * MIB);
    // Fed without a pause: the last MiBs are asked to wait, and nobody waits for them when the upload fails.
    const waits = [0, 1, 2, 3, 4, 5].map((i) => dropped.update(bytes6.subarray(i * MIB, (i + 1) * MIB)));
    dropped.drop();
    await expect(Promise.all(waits)).resolves.toBeDefined();
    const bytes = randomBytes(4 * MIB + 5);
    const next = thread.stream();
    await feed(next, bytes, [100_000]);
    expect(await next.digest()).toBe(md5Of(bytes));
  });

  it("a closed thread fails the uploads still open, and a new one starts for the next", async () => {
    thread = createMd5Thread();
    const open = thread.stream();
    await feed(open, randomBytes(2 * MIB), [MIB]);
    await thread.close();
    await expect(open.digest()).rejects.toThrow(/thread/);
    const bytes = randomBytes(3 * MIB);
    const next = thread.stream();
    await feed(next, bytes, [MIB]);
    expect(await next.digest()).toBe(md5Of(bytes));
  });
});
