import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainedReadStream, pooledReadBuffers } from "./drained-read-stream.ts";

const MIB = 1024 * 1024;
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let dir: string;
let file: string;
// Eight and a bit reads of 1 MiB: more than the system's socket buffers on loopback take, so some writes wait.
const content = randomBytes(8 * MIB + 123);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "heirloom-drained-"));
  file = path.join(dir, "object.blob");
  await writeFile(file, content);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Served {
  url: string;
  /** Per answer, the distinct memory its chunks were read into, and whether its file was closed at the end. */
  answers: { buffers: Set<ArrayBufferLike>; closed: Promise<boolean> }[];
  close(): Promise<void>;
}

/** A real HTTP server that answers `?start=&length=` with that part of the file, through drainedReadStream. */
async function serve(): Promise<Served> {
  const answers: Served["answers"] = [];
  const server = http.createServer(async (request, response) => {
    const query = new URL(request.url ?? "/", "http://x").searchParams;
    const start = Number(query.get("start") ?? 0);
    const length = Number(query.get("length") ?? content.length);
    const handle = await open(file, "r");
    const buffers = new Set<ArrayBufferLike>();
    const stream = drainedReadStream(handle, start, length, MIB, response);
    // Records where each chunk was read, without keeping the chunk.
    stream.on("data", (chunk: Buffer) => buffers.add(chunk.buffer));
    const closed = new Promise<boolean>((resolve) => stream.once("close", () => resolve(handle.fd === -1)));
    answers.push({ buffers, closed });
    response.setHeader("content-length", length);
    // As Fastify sends a stream: piped, and destroyed when the answer closes before it ended.
    response.once("close", () => stream.destroy());
    stream.pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Downloads `url`, stopping for `pauseMs` after every `every` bytes and for `firstPauseMs` after the first chunk (so
 * the system's socket buffers fill up and the server's writes wait on the client).
 */
function download(url: string, pauseMs: number, every = 256 * 1024, firstPauseMs = 0): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const parts: Buffer[] = [];
        let sincePause = 0;
        response.on("data", (chunk: Buffer) => {
          if (firstPauseMs && !parts.length) {
            response.pause();
            setTimeout(() => response.resume(), firstPauseMs);
          }
          parts.push(chunk);
          sincePause += chunk.length;
          if (pauseMs && sincePause >= every) {
            sincePause = 0;
            response.pause();
            setTimeout(() => response.resume(), pauseMs);
          }
        });
        response.on("end", () => resolve(Buffer.concat(parts)));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("a download read into the same buffer again", () => {
  it("arrives whole through a client that reads slowly, every read going into one buffer", async () => {
    const server = await serve();
    try {
      const received = await download(server.url, 5, 256 * 1024, 200);
      expect(received.length).toBe(content.length);
      expect(sha(received)).toBe(sha(content));
      const [answer] = server.answers;
      expect(answer?.buffers.size).toBe(1);
      expect(await answer?.closed).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("sends exactly a range that starts and ends inside reads", async () => {
    const server = await serve();
    try {
      const start = MIB - 3;
      const length = 3 * MIB + 7;
      const received = await download(`${server.url}?start=${start}&length=${length}`, 2);
      expect(sha(received)).toBe(sha(content.subarray(start, start + length)));
    } finally {
      await server.close();
    }
  });

  it("serves three downloads at once, each whole, and the next download reuses a buffer a finished one gave back", async () => {
    const server = await serve();
    try {
      const received = await Promise.all([
        download(server.url, 3),
        download(server.url, 0),
        download(server.url, 7),
      ]);
      for (const bytes of received) expect(sha(bytes)).toBe(sha(content));
      // Each answer's buffer went back once the answer had finished.
      await Promise.all(server.answers.map((answer) => answer.closed));
      await sleep(10);
      expect(pooledReadBuffers()).toBeGreaterThanOrEqual(3);
      const used = new Set(server.answers.flatMap((answer) => [...answer.buffers]));
      await download(server.url, 0);
      const [next] = [...(server.answers[3]?.buffers ?? [])];
      expect(next && used.has(next)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("closes the file when the client goes away in the middle", async () => {
    const server = await serve();
    try {
      await new Promise<void>((resolve, reject) => {
        const request = http.get(server.url, (response) => {
          response.once("data", () => {
            request.destroy();
            resolve();
          });
        });
        request.on("error", (error) => {
          if ((error as NodeJS.ErrnoException).code !== "ECONNRESET") reject(error);
        });
      });
      expect(await server.answers[0]?.closed).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("reads into a new buffer every time when it is not piped into the destination (a reader may keep chunks)", async () => {
    const handle = await open(file, "r");
    const elsewhere = new http.ServerResponse(new http.IncomingMessage(null as never));
    const stream = drainedReadStream(handle, 0, content.length, MIB, elsewhere);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(content));
    expect(new Set(chunks.map((chunk) => chunk.buffer)).size).toBe(chunks.length);
    expect(handle.fd).toBe(-1);
  });
});
