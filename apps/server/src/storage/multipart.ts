import { AppError } from "../errors.ts";

/**
 * A streaming reader of the two-part upload body Firebase Storage's REST API takes (multipart/related, or
 * multipart/form-data from an HTML-style client): first a small JSON metadata part, then the object's bytes.
 * The metadata is read into memory (bounded); the bytes are handed on as an async iterable while they arrive, so an
 * object is never held in memory whole by this reader. The bytes are handed on as views of the chunks they arrived
 * in, not copied (streamUntil).
 */
export interface UploadParts {
  metadataJson: string;
  /** Headers of the bytes part, lower-cased names. */
  dataHeaders: Record<string, string>;
  /**
   * The object's bytes. Iterate it exactly once; it throws storage/invalid-argument when the body ends before the
   * closing boundary or holds more than two parts.
   */
  data: AsyncIterable<Uint8Array>;
}

const maxHeaderBytes = 8 * 1024;

function malformed(detail: string): AppError {
  return new AppError("storage/invalid-argument", `The upload body is not a valid multipart body: ${detail}`);
}

/** The boundary of a multipart/related or multipart/form-data Content-Type, or an error saying what is wrong. */
export function multipartBoundary(contentType: string | undefined): string {
  const match = /^\s*multipart\/(related|form-data)\s*(?:;(.*))?$/i.exec(contentType ?? "");
  if (!match) {
    throw new AppError(
      "storage/invalid-argument",
      "An upload must be sent as multipart/related (or multipart/form-data): a JSON metadata part, then the bytes.",
    );
  }
  const boundary = /(?:^|;)\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(match[2] ?? "");
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value) throw malformed("the Content-Type has no boundary.");
  return value;
}

export async function readUploadParts(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  maxMetadataBytes: number,
): Promise<UploadParts> {
  const reader = new BufferedReader(body[Symbol.asyncIterator]());
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);

  // Preamble (ignored, bounded), then the first boundary line.
  await reader.skipThrough(dashBoundary, maxHeaderBytes, "the first boundary is missing.");
  await reader.expectLineEnd();
  const metadataHeaders = parseHeaders(await reader.readHeaderBlock());
  const metadataType = metadataHeaders["content-type"];
  if (metadataType !== undefined && !/^application\/json\b/i.test(metadataType)) {
    throw malformed("the first part must be the JSON metadata (Content-Type: application/json).");
  }
  const metadataBytes = await reader.readUntil(
    delimiter,
    maxMetadataBytes,
    "metadata",
    () =>
      new AppError(
        "storage/invalid-argument",
        `The upload metadata is larger than ${maxMetadataBytes} bytes.`,
      ),
  );
  if ((await reader.take(2)).toString("latin1") !== "\r\n") {
    throw malformed("the metadata part must be followed by the part holding the bytes.");
  }
  const dataHeaders = parseHeaders(await reader.readHeaderBlock());

  let consumed = false;
  const data: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]() {
      if (consumed) throw new Error("The upload's bytes can be read only once");
      consumed = true;
      return (async function* () {
        yield* reader.streamUntil(delimiter);
        const after = (await reader.take(2)).toString("latin1");
        if (after !== "--")
          throw malformed("an upload holds exactly two parts: the metadata, then the bytes.");
        // Whatever follows the closing boundary is the epilogue, which multipart tells readers to ignore.
      })()[Symbol.asyncIterator]();
    },
  };
  return { metadataJson: metadataBytes.toString("utf8"), dataHeaders, data };
}

function parseHeaders(block: Buffer): Record<string, string> {
  const headers: Record<string, string> = {};
  const text = block.toString("latin1");
  if (text === "") return headers;
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw malformed("a part header line has no name.");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Pulls chunks from the request as needed and keeps only what has been read ahead. */
class BufferedReader {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private readonly source: AsyncIterator<Uint8Array>;

  constructor(source: AsyncIterator<Uint8Array>) {
    this.source = source;
  }

  /** The next chunk of the body as it arrived (not joined to the buffer), or undefined at its end. */
  private async next(): Promise<Buffer | undefined> {
    if (this.ended) return undefined;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return undefined;
    }
    return Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
  }

  private async pull(): Promise<boolean> {
    const chunk = await this.next();
    if (!chunk) return false;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }

  /** Bytes up to (not including) `needle`, which is consumed too. */
  async readUntil(needle: Buffer, max: number, what: string, tooLong?: () => Error): Promise<Buffer> {
    let searchFrom = 0;
    for (;;) {
      const index = this.buffer.indexOf(needle, searchFrom);
      if (index >= 0) {
        if (index > max) throw tooLong?.() ?? malformed(`the ${what} are too long.`);
        const found = Buffer.from(this.buffer.subarray(0, index));
        this.buffer = this.buffer.subarray(index + needle.length);
        return found;
      }
      if (this.buffer.length > max + needle.length)
        throw tooLong?.() ?? malformed(`the ${what} are too long.`);
      searchFrom = Math.max(0, this.buffer.length - needle.length + 1);
      if (!(await this.pull())) throw malformed(`the body ended inside the ${what}.`);
    }
  }

  /** A part's header lines up to the blank line; a part may have none (then the blank line comes first). */
  async readHeaderBlock(): Promise<Buffer> {
    if ((await this.peek(2)).toString("latin1") === "\r\n") {
      await this.take(2);
      return Buffer.alloc(0);
    }
    return this.readUntil(Buffer.from("\r\n\r\n"), maxHeaderBytes, "part headers");
  }

  private async peek(count: number): Promise<Buffer> {
    while (this.buffer.length < count) {
      if (!(await this.pull())) throw malformed("the body ended inside a part's headers.");
    }
    return this.buffer.subarray(0, count);
  }

  async skipThrough(needle: Buffer, max: number, missing: string): Promise<void> {
    try {
      await this.readUntil(needle, max, "preamble");
    } catch {
      throw malformed(missing);
    }
  }

  /** A boundary line may carry trailing whitespace before its CRLF (RFC 2046 transport padding). */
  async expectLineEnd(): Promise<void> {
    const line = await this.readUntil(Buffer.from("\r\n"), 256, "boundary line");
    if (line.toString("latin1").trim() !== "") throw malformed("a boundary line has extra characters.");
  }

  async take(count: number): Promise<Buffer> {
    while (this.buffer.length < count) {
      if (!(await this.pull())) throw malformed("the body ended before the closing boundary.");
    }
    const taken = this.buffer.subarray(0, count);
    this.buffer = this.buffer.subarray(count);
    return taken;
  }

  /**
   * Yields bytes up to `needle`, holding back only what could be the start of it. The bytes are yielded as views of
   * the chunks they arrived in, never copied: the few bytes held back at the end of a chunk are joined only with the
   * start of the next one to look for the needle across the seam, and yielded on their own when it is not there.
   */
  async *streamUntil(needle: Buffer): AsyncGenerator<Uint8Array> {
    for (;;) {
      const index = this.buffer.indexOf(needle);
      if (index >= 0) {
        if (index > 0) yield this.buffer.subarray(0, index);
        this.buffer = this.buffer.subarray(index + needle.length);
        return;
      }
      const safe = this.buffer.length - (needle.length - 1);
      if (safe > 0) {
        yield this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
      }
      const chunk = await this.next();
      if (!chunk) throw malformed("the body ended before the closing boundary.");
      const held = this.buffer;
      if (held.length > 0 && chunk.length >= needle.length - 1) {
        // A needle that starts in `held` ends within the seam: held plus needle.length - 1 bytes of the chunk.
        const seam = Buffer.concat([held, chunk.subarray(0, needle.length - 1)]);
        const at = seam.indexOf(needle);
        if (at === -1 || at >= held.length) {
          yield held;
          this.buffer = chunk;
          continue;
        }
      }
      this.buffer = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
    }
  }
}
