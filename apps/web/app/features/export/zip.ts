// A streaming ZIP writer (PKWARE APPNOTE 6.3.10): entries are "stored" (documents are mostly compressed formats
// already, and storing keeps the export as fast as the download), each followed by a data descriptor because its
// CRC is known only once its bytes have gone by. ZIP64 records are written where a size, an offset or the number of
// entries outgrows the classic fields, so a vault of any size exports to one file. Nothing is kept in memory but the
// central directory (about a hundred bytes a document).

import { crc32 } from "./crc32.ts";

export interface ByteSink {
  write(bytes: Uint8Array<ArrayBuffer>): Promise<void> | void;
}

export interface ZipEntry {
  /** The path inside the archive, "/"-separated, relative, no ".." (see safeEntryNames). */
  readonly name: string;
  /** The exact number of bytes `fill` will write: checked, and used to choose the ZIP64 form up front. */
  readonly size: number;
  readonly modified: Date;
}

export class ZipSizeMismatchError extends Error {
  constructor(name: string, declared: number, written: number) {
    super(`${name}: ${written} bytes were written where ${declared} were expected.`);
    this.name = "ZipSizeMismatchError";
  }
}

const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
const FLAGS = 0x0808; // bit 3: sizes and CRC in the data descriptor; bit 11: the name is UTF-8
const MADE_BY = (3 << 8) | 45; // Unix, ZIP 4.5 (so the file mode below is honoured)
const FILE_MODE = 0o100644; // a regular file, readable by everyone, executable by nobody

class Bytes {
  readonly view: DataView;
  readonly array: Uint8Array<ArrayBuffer>;
  #at = 0;
  constructor(length: number) {
    this.array = new Uint8Array(length);
    this.view = new DataView(this.array.buffer);
  }
  u16(value: number) {
    this.view.setUint16(this.#at, value, true);
    this.#at += 2;
    return this;
  }
  u32(value: number) {
    this.view.setUint32(this.#at, value >>> 0, true);
    this.#at += 4;
    return this;
  }
  u64(value: number) {
    this.view.setBigUint64(this.#at, BigInt(value), true);
    this.#at += 8;
    return this;
  }
  bytes(value: Uint8Array) {
    this.array.set(value, this.#at);
    this.#at += value.length;
    return this;
  }
}

/** MS-DOS date and time (local, two-second steps, 1980 at the earliest), as ZIP's headers carry them. */
export function dosDateTime(date: Date): { time: number; date: number } {
  const d = date.getFullYear() < 1980 ? new Date(1980, 0, 1) : date;
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.min(d.getFullYear(), 2107) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** The "UT" extra field: the modification time in seconds since 1970, UTC, which unzip tools prefer to DOS time. */
function unixTimeBytes(seconds: number): Uint8Array {
  const field = new Bytes(9);
  field.u16(0x5455).u16(5);
  field.array[4] = 1; // flags: the modification time follows
  field.view.setUint32(5, seconds, true);
  return field.array;
}

interface Written {
  readonly name: Uint8Array;
  readonly size: number;
  readonly crc: number;
  readonly offset: number;
  readonly zip64: boolean;
  readonly dos: { time: number; date: number };
  readonly unixTime: Uint8Array;
}

const encoder = new TextEncoder();

export class ZipWriter {
  readonly #sink: ByteSink;
  readonly #forceZip64: boolean;
  readonly #entries: Written[] = [];
  readonly #names = new Set<string>();
  #offset = 0;
  #busy = false;
  #finished = false;

  /** `forceZip64` writes every record in its ZIP64 form (valid for any size; used to test that form). */
  constructor(sink: ByteSink, options: { forceZip64?: boolean } = {}) {
    this.#sink = sink;
    this.#forceZip64 = options.forceZip64 ?? false;
  }

  /** Bytes written so far. */
  get length(): number {
    return this.#offset;
  }

  async #write(bytes: Uint8Array<ArrayBuffer>) {
    await this.#sink.write(bytes);
    this.#offset += bytes.length;
  }

  /**
   * Adds one file: its header, then whatever `fill` writes (exactly `entry.size` bytes, in any number of pieces),
   * then its data descriptor. One entry at a time.
   */
  async add(
    entry: ZipEntry,
    fill: (write: (bytes: Uint8Array<ArrayBuffer>) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    if (this.#busy || this.#finished) throw new Error("One entry at a time, before finish().");
    if (!isSafeEntryName(entry.name)) throw new Error(`Unsafe name in a ZIP: ${JSON.stringify(entry.name)}`);
    if (this.#names.has(entry.name)) throw new Error(`Two entries named ${JSON.stringify(entry.name)}`);
    if (!Number.isSafeInteger(entry.size) || entry.size < 0)
      throw new Error("An entry's size must be a whole number.");
    this.#busy = true;
    try {
      const name = encoder.encode(entry.name);
      const offset = this.#offset;
      const zip64 = this.#forceZip64 || entry.size >= MAX32;
      const dos = dosDateTime(entry.modified);
      const unixTime = unixTimeBytes(
        Math.max(0, Math.min(MAX32, Math.floor(entry.modified.getTime() / 1000))),
      );
      const extraLength = unixTime.length + (zip64 ? 20 : 0);
      const header = new Bytes(30 + name.length + extraLength)
        .u32(0x04034b50)
        .u16(zip64 ? 45 : 20)
        .u16(FLAGS)
        .u16(0) // stored
        .u16(dos.time)
        .u16(dos.date)
        .u32(0) // CRC: in the data descriptor
        .u32(zip64 ? MAX32 : 0)
        .u32(zip64 ? MAX32 : 0)
        .u16(name.length)
        .u16(extraLength)
        .bytes(name);
      // In a local header the ZIP64 field's sizes are zero too (they follow in the descriptor); its presence tells a
      // reader that the descriptor's sizes are eight bytes long.
      if (zip64) header.u16(0x0001).u16(16).u64(0).u64(0);
      header.bytes(unixTime);
      await this.#write(header.array);

      let crc = 0;
      let written = 0;
      await fill(async (bytes) => {
        written += bytes.length;
        if (written > entry.size) throw new ZipSizeMismatchError(entry.name, entry.size, written);
        crc = crc32(bytes, crc);
        await this.#write(bytes);
      });
      if (written !== entry.size) throw new ZipSizeMismatchError(entry.name, entry.size, written);

      const descriptor = new Bytes(zip64 ? 24 : 16).u32(0x08074b50).u32(crc);
      if (zip64) descriptor.u64(written).u64(written);
      else descriptor.u32(written).u32(written);
      await this.#write(descriptor.array);
      this.#names.add(entry.name);
      this.#entries.push({ name, size: written, crc, offset, zip64, dos, unixTime });
    } finally {
      this.#busy = false;
    }
  }

  /** Writes the central directory and the end records. Returns the archive's length in bytes. */
  async finish(): Promise<number> {
    if (this.#busy || this.#finished) throw new Error("finish() once, after the last entry.");
    this.#finished = true;
    const directoryOffset = this.#offset;
    for (const entry of this.#entries) {
      const sizesIn64 = entry.zip64 || entry.size >= MAX32;
      const offsetIn64 = this.#forceZip64 || entry.offset >= MAX32;
      const zip64Length = (sizesIn64 ? 16 : 0) + (offsetIn64 ? 8 : 0);
      const extraLength = entry.unixTime.length + (zip64Length ? 4 + zip64Length : 0);
      const record = new Bytes(46 + entry.name.length + extraLength)
        .u32(0x02014b50)
        .u16(MADE_BY)
        .u16(entry.zip64 || offsetIn64 ? 45 : 20)
        .u16(FLAGS)
        .u16(0)
        .u16(entry.dos.time)
        .u16(entry.dos.date)
        .u32(entry.crc)
        .u32(sizesIn64 ? MAX32 : entry.size)
        .u32(sizesIn64 ? MAX32 : entry.size)
        .u16(entry.name.length)
        .u16(extraLength)
        .u16(0) // comment
        .u16(0) // disk
        .u16(0) // internal attributes
        .u32(FILE_MODE * 0x10000)
        .u32(offsetIn64 ? MAX32 : entry.offset)
        .bytes(entry.name);
      if (zip64Length) {
        // Only the fields whose classic slot holds 0xFFFFFFFF, in this order (APPNOTE 4.5.3).
        record.u16(0x0001).u16(zip64Length);
        if (sizesIn64) record.u64(entry.size).u64(entry.size);
        if (offsetIn64) record.u64(entry.offset);
      }
      record.bytes(entry.unixTime);
      await this.#write(record.array);
    }
    const directorySize = this.#offset - directoryOffset;
    const count = this.#entries.length;
    const zip64End = this.#forceZip64 || count >= MAX16 || directoryOffset >= MAX32 || directorySize >= MAX32;
    if (zip64End) {
      const endOffset = this.#offset;
      await this.#write(
        new Bytes(56 + 20)
          .u32(0x06064b50)
          .u64(44) // the size of the rest of this record
          .u16(MADE_BY)
          .u16(45)
          .u32(0)
          .u32(0)
          .u64(count)
          .u64(count)
          .u64(directorySize)
          .u64(directoryOffset)
          // The locator, which readers find just before the classic end record.
          .u32(0x07064b50)
          .u32(0)
          .u64(endOffset)
          .u32(1).array,
      );
    }
    await this.#write(
      new Bytes(22)
        .u32(0x06054b50)
        .u16(0)
        .u16(0)
        .u16(zip64End ? MAX16 : count)
        .u16(zip64End ? MAX16 : count)
        .u32(zip64End ? MAX32 : directorySize)
        .u32(zip64End ? MAX32 : directoryOffset)
        .u16(0).array,
    );
    return this.#offset;
  }
}

const isControl = (c: string) => (c.codePointAt(0) ?? 0) < 0x20 || c === "\u007f";
/** Characters Windows refuses in a file name, and the separators. */
const reserved = new Set(["<", ">", ":", '"', "\\", "|", "?", "*", "/"]);

/** A name that unpacks inside the folder it is unpacked into: relative, no "." or ".." parts, no control characters. */
export function isSafeEntryName(name: string): boolean {
  if (!name || name.length > 1024 || name.startsWith("/") || name.endsWith("/")) return false;
  if ([...name].some((c) => isControl(c) || c === "\\")) return false;
  return name.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

/**
 * File names for a ZIP, in order: separators, control characters and the characters Windows refuses become "_",
 * leading dots and trailing dots or spaces are dropped (Windows cannot create those), and a repeated name gets
 * " (2)", " (3)" before its extension, compared without case (Windows and macOS disks ignore it). `taken` holds
 * names already used (e.g. the export's index file).
 */
export function safeEntryNames(names: readonly string[], taken: readonly string[] = []): string[] {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  return names.map((original) => {
    let name = [...original]
      .map((c) => (isControl(c) || reserved.has(c) ? "_" : c))
      .join("")
      .replace(/^[.\s]+/, "")
      .replace(/[.\s]+$/, "");
    if (!name) name = "Untitled";
    const characters = [...name];
    if (characters.length > 200) {
      // Cut whole characters (never half of an emoji), keeping a short extension.
      const dot = name.lastIndexOf(".");
      const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
      name = characters.slice(0, 200 - [...extension].length).join("") + extension;
    }
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}
