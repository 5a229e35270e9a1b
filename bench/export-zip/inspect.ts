// Reads an archive the bench wrote back, independently of both writers: yauzl (central directory, ZIP64, sizes)
// with every entry's bytes run through zlib's CRC-32, the local headers and data descriptors parsed as APPNOTE
// 6.3.10 says a streaming reader must (4.3.9: a descriptor's sizes are 8 bytes when the local header carries a ZIP64
// field, else 4), and Info-ZIP's `unzip -t` when the machine has it.
import { spawnSync } from "node:child_process";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { crc32 } from "node:zlib";
import yauzl from "yauzl";

export interface InspectedEntry {
  readonly name: string;
  readonly size: number;
  /** The CRC-32 the archive records, and the one of the bytes read back. */
  readonly crc32: number;
  readonly dataCrc32: number;
  readonly mode: number;
  readonly modified: Date;
  readonly versionNeeded: number;
  /** General-purpose bit 3: sizes and CRC follow the data. */
  readonly usesDescriptor: boolean;
  /** The local header carries a ZIP64 field (so its descriptor holds 8-byte sizes). */
  readonly localZip64: boolean;
  /** The descriptor, read as the local header announces it, holds the right CRC and sizes. */
  readonly descriptorMatches: boolean;
  /** The descriptor holds 8-byte sizes (whatever the local header says). */
  readonly descriptor64: boolean;
  /** An "UT" extra field: the modification time in UTC to the second. */
  readonly unixTime: boolean;
}

export interface Inspection {
  readonly entries: readonly InspectedEntry[];
  /** A ZIP64 end record and locator precede the classic end record. */
  readonly zip64End: boolean;
  /** `unzip -t` found no errors; undefined when unzip is not installed. */
  readonly unzipOk: boolean | undefined;
  readonly unzipOutput: string;
}

const hasUnzip = () => spawnSync("unzip", ["-v"]).status === 0;

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  readSync(fd, buffer, 0, length, position);
  return buffer;
}

function localRecord(fd: number, entry: yauzl.Entry) {
  const at = entry.relativeOffsetOfLocalHeader;
  const header = readAt(fd, at, 30);
  if (header.readUInt32LE(0) !== 0x04034b50) throw new Error(`${entry.fileName}: no local header`);
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  const extra = readAt(fd, at + 30 + nameLength, extraLength);
  let localZip64 = false;
  for (let i = 0; i + 4 <= extra.length; i += 4 + extra.readUInt16LE(i + 2))
    if (extra.readUInt16LE(i) === 0x0001) localZip64 = true;
  const descriptor = readAt(fd, at + 30 + nameLength + extraLength + entry.compressedSize, 24);
  const signed = descriptor.readUInt32LE(0) === 0x08074b50;
  const crcMatches = signed && descriptor.readUInt32LE(4) === entry.crc32;
  const sizes64 = [Number(descriptor.readBigUInt64LE(8)), Number(descriptor.readBigUInt64LE(16))];
  const sizes32 = [descriptor.readUInt32LE(8), descriptor.readUInt32LE(12)];
  const matches = (sizes: number[]) =>
    sizes[0] === entry.compressedSize && sizes[1] === entry.uncompressedSize;
  return {
    versionNeeded: header.readUInt16LE(4),
    localZip64,
    descriptorMatches: crcMatches && matches(localZip64 ? sizes64 : sizes32),
    descriptor64: crcMatches && matches(sizes64) && !matches(sizes32),
  };
}

function readEntries(file: string): Promise<InspectedEntry[]> {
  const fd = openSync(file, "r");
  return new Promise<InspectedEntry[]>((resolve, reject) => {
    const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: true };
    yauzl.open(file, options, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: InspectedEntry[] = [];
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          let dataCrc32 = 0;
          stream.on("data", (piece: Buffer) => {
            dataCrc32 = crc32(piece, dataCrc32);
          });
          stream.on("error", reject);
          stream.on("end", () => {
            entries.push({
              name: entry.fileName,
              size: entry.uncompressedSize,
              crc32: entry.crc32,
              dataCrc32,
              mode: (entry.externalFileAttributes >>> 16) & 0o777,
              modified: entry.getLastModDate({ forceDosFormat: false }),
              usesDescriptor: (entry.generalPurposeBitFlag & 8) !== 0,
              unixTime: entry.extraFields.some((field) => field.id === 0x5455),
              ...localRecord(fd, entry),
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  }).finally(() => closeSync(fd));
}

function hasZip64End(file: string): boolean {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    return size >= 42 && readAt(fd, size - 42, 4).readUInt32LE(0) === 0x07064b50;
  } finally {
    closeSync(fd);
  }
}

export async function inspectZip(file: string): Promise<Inspection> {
  const entries = await readEntries(file);
  let unzipOk: boolean | undefined;
  let unzipOutput = "";
  if (hasUnzip()) {
    const test = spawnSync("unzip", ["-t", file], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    unzipOutput = `${test.stdout}${test.stderr}`;
    unzipOk = test.status === 0 && unzipOutput.includes("No errors detected");
  }
  return { entries, zip64End: hasZip64End(file), unzipOk, unzipOutput };
}
