import yauzl from "yauzl";

/** One file read back out of a ZIP by yauzl (an independent, widely used reader that checks ZIP64 and CRCs). */
export interface UnzippedFile {
  readonly name: string;
  readonly data: Buffer;
  readonly modified: Date;
  readonly crc32: number;
  /** Unix permission bits from the central directory (0 when the archive did not record them). */
  readonly mode: number;
}

/** Every file of a ZIP held in memory or on disk, in archive order; rejects on any structural or CRC error. */
export function readZip(source: Buffer | string): Promise<UnzippedFile[]> {
  return new Promise((resolve, reject) => {
    const opened = (error: Error | null, zip: yauzl.ZipFile | undefined) => {
      if (error || !zip) return reject(error);
      const files: UnzippedFile[] = [];
      zip.on("error", reject);
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const parts: Buffer[] = [];
          stream.on("data", (part: Buffer) => parts.push(part));
          stream.on("error", reject);
          stream.on("end", () => {
            files.push({
              name: entry.fileName,
              data: Buffer.concat(parts),
              modified: entry.getLastModDate({ forceDosFormat: false }),
              crc32: entry.crc32,
              mode: (entry.externalFileAttributes >>> 16) & 0o777,
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    };
    const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: true };
    if (typeof source === "string") yauzl.open(source, options, opened);
    else yauzl.fromBuffer(source, options, opened);
  });
}
