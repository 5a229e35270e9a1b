import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { multipartBoundary, readUploadParts } from "./multipart.ts";
import { multipartBody, patternBytes } from "./storage-harness.ts";

async function* inPieces(body: Buffer, sizes: number[]): AsyncIterable<Uint8Array> {
  let offset = 0;
  let i = 0;
  while (offset < body.length) {
    const size = sizes[i++ % sizes.length] ?? 1;
    yield body.subarray(offset, offset + size);
    offset += size;
  }
}

async function readAll(data: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of data) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function parse(body: Buffer, contentType: string, sizes = [65_536], maxMetadata = 16_384) {
  const parts = await readUploadParts(inPieces(body, sizes), multipartBoundary(contentType), maxMetadata);
  return { ...parts, bytes: await readAll(parts.data) };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("multipart upload bodies", () => {
  it("returns the metadata and exactly the bytes, however the body is cut into chunks", async () => {
    // Bytes that look like the start of a boundary must survive, wherever a chunk ends.
    const bytes = Buffer.concat([
      Buffer.from(patternBytes(3000)),
      Buffer.from("\r\n--boundaryX\r\n--bound"),
      Buffer.from(patternBytes(50, 3)),
    ]);
    const { body, contentType } = multipartBody({ size: bytes.length }, bytes, { boundary: "boundaryXYZ" });
    for (const sizes of [[1], [2, 3, 5], [7, 64, 1], [4096], [body.length]]) {
      const parsed = await parse(body, contentType, sizes);
      expect(JSON.parse(parsed.metadataJson)).toEqual({ size: bytes.length });
      expect(parsed.dataHeaders["content-type"]).toBe("application/octet-stream");
      expect(parsed.bytes.equals(bytes)).toBe(true);
    }
  });

  it("returns exactly the bytes when near-boundaries fall on any seam between chunks of any size", async () => {
    // The bytes are passed on as views of the incoming chunks; a boundary split across two chunks is found at the seam.
    const pieces = fc.constantFrom(
      ...["\r\n--bn", "\r\n--bnX", "\r\n-", "\r", "\n", "--bnd", "xyz0123456789"].map((p) => Buffer.from(p)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(pieces, { maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        async (parts, sizes) => {
          const bytes = Buffer.concat(parts);
          // The one thing the bytes may not hold is the delimiter itself.
          fc.pre(!bytes.includes("\r\n--bnd"));
          const { body, contentType } = multipartBody({ size: bytes.length }, bytes, { boundary: "bnd" });
          expect((await parse(body, contentType, sizes)).bytes.equals(bytes)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("takes multipart/form-data, a quoted boundary, a preamble and an empty object", async () => {
    const bytes = Buffer.alloc(0);
    const { body } = multipartBody({}, bytes, { boundary: "b1" });
    const withPreamble = Buffer.concat([Buffer.from("ignored preamble\r\n"), body]);
    const parsed = await parse(withPreamble, 'multipart/form-data; boundary="b1"');
    expect(parsed.bytes.length).toBe(0);
  });

  it("refuses other content types and a missing boundary", () => {
    expect(() => multipartBoundary("application/json")).toThrow(/multipart\/related/);
    expect(() => multipartBoundary(undefined)).toThrow(/multipart\/related/);
    expect(() => multipartBoundary("multipart/related")).toThrow(/no boundary/);
  });

  it("refuses a body cut short, a third part, a missing second part and oversized metadata", async () => {
    const { body, contentType } = multipartBody({}, Buffer.from("hello"), { boundary: "bb" });
    const cut = body.subarray(0, body.length - 8);
    const error = await refusal(parse(cut, contentType));
    expect(error.code).toBe("storage/invalid-argument");
    expect(error.message).toMatch(/ended before the closing boundary/);

    const threeParts = Buffer.from(
      "--bb\r\nContent-Type: application/json\r\n\r\n{}\r\n--bb\r\n\r\nabc\r\n--bb\r\n\r\nmore\r\n--bb--\r\n",
    );
    expect((await refusal(parse(threeParts, contentType))).message).toMatch(/exactly two parts/);

    const onePart = Buffer.from("--bb\r\nContent-Type: application/json\r\n\r\n{}\r\n--bb--\r\n");
    expect((await refusal(parse(onePart, contentType))).message).toMatch(
      /followed by the part holding the bytes/,
    );

    const big = multipartBody({ customMetadata: { a: "x".repeat(20_000) } }, Buffer.from("z"), {
      boundary: "bb",
    });
    expect((await refusal(parse(big.body, contentType))).message).toMatch(
      /metadata is larger than 16384 bytes/,
    );

    const noBoundary = Buffer.from("just some bytes with no boundary at all");
    expect((await refusal(parse(noBoundary, contentType))).message).toMatch(/first boundary is missing/);

    const notJson = Buffer.from("--bb\r\nContent-Type: text/plain\r\n\r\nhi\r\n--bb\r\n\r\nabc\r\n--bb--");
    expect((await refusal(parse(notJson, contentType))).message).toMatch(/JSON metadata/);
  });
});
