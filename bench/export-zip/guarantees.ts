// What the vault export relies on its ZIP writer for (ADR 034, zip.test.ts, e2e/your-data.test.ts), checked on any
// writer the same way: archives readable by independent readers, ZIP64, data descriptors, file mode and time, and
// that a failure or a cancel leaves no file behind.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { type Inspection, inspectZip } from "./inspect.ts";
import { type Destination, FileSink } from "./sinks.ts";
import {
  type BenchFile,
  bytesFile,
  GIB,
  MIB,
  pseudoRandomFile,
  type SourceOptions,
  zeroFile,
} from "./sources.ts";
import type { Writer } from "./writers.ts";

/** An odd second: a DOS time (two-second steps) cannot hold it, the UT field can. */
export const MODIFIED = new Date(2026, 10, 23, 14, 5, 31);

export interface Check {
  readonly ok: boolean;
  readonly note: string;
}

export type Guarantees = Record<string, Check>;

async function expectedCrc(file: BenchFile): Promise<number> {
  let crc = 0;
  for await (const piece of file.pieces()) crc = crc32(piece, crc);
  return crc;
}

/** The real export's shape: its index first, then the documents (some names outside ASCII, one in a folder). */
function exportLike(count: number, size: number, options: (i: number) => SourceOptions = () => ({})) {
  const index = new TextEncoder().encode(
    `${JSON.stringify({ format: "heirloom-vault-export", version: 1 })}\n`,
  );
  return [
    bytesFile("heirloom-export.json", index, MODIFIED),
    bytesFile("Empty note.txt", new Uint8Array(0), MODIFIED),
    ...Array.from({ length: count }, (_, i) =>
      pseudoRandomFile(
        i % 8 === 0 ? `Lettre à ma fille ✉ ${i}.pdf` : `scans/document-${i}.pdf`,
        size,
        i,
        MODIFIED,
        options(i),
      ),
    ),
  ];
}

async function written(writer: Writer, files: readonly BenchFile[], file: string, sparse = false) {
  const sink = new FileSink(file, { sparse });
  await writer.write(files, sink);
  return inspectZip(file);
}

function readable(inspection: Inspection, files: readonly BenchFile[], crcs: readonly number[]): Check {
  const { entries } = inspection;
  const problems = [
    entries.length !== files.length && `${entries.length} entries for ${files.length} files`,
    entries.some((e, i) => e.name !== files[i]?.name) && "names differ",
    entries.some((e, i) => e.size !== files[i]?.size) && "sizes differ",
    entries.some((e, i) => e.dataCrc32 !== crcs[i] || e.crc32 !== crcs[i]) && "bytes or CRCs differ",
  ].filter(Boolean);
  return {
    ok: problems.length === 0,
    note: problems.join(", ") || `${entries.length} entries byte for byte`,
  };
}

const unzipCheck = (inspection: Inspection): Check =>
  inspection.unzipOk === undefined
    ? { ok: false, note: "unzip is not installed (apt-get install -y unzip)" }
    : {
        ok: inspection.unzipOk,
        note: inspection.unzipOk ? "No errors detected" : inspection.unzipOutput.slice(-300),
      };

/** Runs `writer` into a file that a failure must leave absent; returns what happened. */
async function failing(
  writer: Writer,
  file: string,
  files: (onPiece: () => void) => readonly BenchFile[],
  expected: (signal: AbortSignal) => unknown,
  cancelAfterBytes?: number,
): Promise<Check> {
  const controller = new AbortController();
  let pulled = 0;
  let pulledAtAbort = 0;
  const sink = new FileSink(file);
  const destination: Destination = {
    write: (bytes) => {
      sink.write(bytes);
      if (cancelAfterBytes !== undefined && sink.bytes >= cancelAfterBytes && !controller.signal.aborted) {
        pulledAtAbort = pulled;
        controller.abort(new DOMException("The export was canceled.", "AbortError"));
      }
    },
    close: () => sink.close(),
    abort: () => sink.abort(),
  };
  let outcome: unknown = "resolved";
  try {
    await writer.write(
      files(() => pulled++),
      destination,
      controller.signal,
    );
  } catch (error) {
    outcome = error;
  }
  // Let anything still running after the rejection show itself.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const left = existsSync(file) || existsSync(sink.swapPath);
  rmSync(file, { force: true });
  rmSync(sink.swapPath, { force: true });
  const sameError = outcome === expected(controller.signal);
  const after =
    cancelAfterBytes === undefined ? "" : `; pieces pulled after the abort: ${pulled - pulledAtAbort}`;
  return {
    ok: sameError && !left,
    note: `${outcome === "resolved" ? "resolved" : sameError ? "rejects with the failure's own error" : `rejects with ${String(outcome)}`}, ${left ? "A FILE IS LEFT" : "no file left"}${after}`,
  };
}

/** Whether `writer` refuses `files` (a check the caller might otherwise rely on). */
async function refuses(writer: Writer, files: readonly BenchFile[], file: string): Promise<Check> {
  try {
    await writer.write(files, new FileSink(file));
  } catch (error) {
    rmSync(`${file}.crswap`, { force: true });
    return { ok: true, note: `refused: ${(error as Error).message.slice(0, 80)}` };
  }
  try {
    const names = (await inspectZip(file)).entries.map((e) => `${e.name} (${e.size} B)`);
    return { ok: false, note: `written as ${names.join(", ")}` };
  } catch (error) {
    return { ok: false, note: `written; yauzl then refuses it: ${(error as Error).message.slice(0, 60)}` };
  } finally {
    rmSync(file, { force: true });
  }
}

export async function checkGuarantees(writer: Writer, dir: string): Promise<Guarantees> {
  const result: Guarantees = {};
  const file = path.join(dir, "export.zip");

  const documents = exportLike(64, 16 * MIB);
  const crcs = await Promise.all(documents.map(expectedCrc));
  const inspection = await written(writer, documents, file);
  rmSync(file);
  result.readable = readable(inspection, documents, crcs);
  result.unzip = unzipCheck(inspection);
  const entries = inspection.entries;
  result.descriptors = {
    ok: entries.every((e) => e.usesDescriptor && e.descriptorMatches),
    note: `bit 3 on ${entries.filter((e) => e.usesDescriptor).length}/${entries.length}, descriptor as announced on ${entries.filter((e) => e.descriptorMatches).length}`,
  };
  result.mode = {
    ok: entries.every((e) => e.mode === 0o644),
    note: [...new Set(entries.map((e) => e.mode.toString(8)))].join(", "),
  };
  result.time = {
    ok: entries.every((e) => e.modified.getTime() === MODIFIED.getTime()),
    note: `${entries[0]?.unixTime ? "UT field" : "DOS time only"}: ${entries[0]?.modified.toTimeString().slice(0, 8)} for ${MODIFIED.toTimeString().slice(0, 8)}`,
  };
  result.version = {
    ok: entries.every((e) => e.versionNeeded === 20),
    note: `version needed ${[...new Set(entries.map((e) => e.versionNeeded / 10))].join(", ")} for entries under 4 GiB`,
  };

  // ZIP64: a 4 GiB + 12 KiB entry between two small ones (so the last one's offset is past 4 GiB too).
  const big = [
    bytesFile("before.txt", new TextEncoder().encode("before\n"), MODIFIED),
    zeroFile("big.bin", 4 * GIB + 12 * 1024, MODIFIED),
    bytesFile("after.txt", new TextEncoder().encode("after\n"), MODIFIED),
  ];
  const bigCrcs = await Promise.all(big.map(expectedCrc));
  const bigInspection = await written(writer, big, file, true);
  rmSync(file);
  const bigEntry = bigInspection.entries[1];
  result.zip64 = {
    ...readable(bigInspection, big, bigCrcs),
    note: `${readable(bigInspection, big, bigCrcs).note}; ZIP64 end record: ${bigInspection.zip64End ? "yes" : "no"}`,
  };
  result.zip64Unzip = unzipCheck(bigInspection);
  result.zip64Local = {
    ok: Boolean(bigEntry?.localZip64 && bigEntry.descriptorMatches),
    note: `ZIP64 field in its local header: ${bigEntry?.localZip64 ? "yes" : "no"}; descriptor sizes ${bigEntry?.descriptor64 ? "8" : "4"} bytes, ${bigEntry?.descriptorMatches ? "as announced" : "NOT as the local header announces"}`,
  };

  const altered = new Error("AES-GCM refused an altered chunk");
  result.alteredChunk = await failing(
    writer,
    file,
    (onPiece) =>
      exportLike(8, 16 * MIB, (i) => (i === 3 ? { failAtPiece: 2, error: altered, onPiece } : { onPiece })),
    () => altered,
  );
  const chain = new Error("the digest chain differs from the signed manifest");
  result.chainDiffers = await failing(
    writer,
    file,
    (onPiece) =>
      exportLike(8, 16 * MIB, (i) =>
        i === 3 ? { failAfterLast: true, error: chain, onPiece } : { onPiece },
      ),
    () => chain,
  );
  result.cancel = await failing(
    writer,
    file,
    (onPiece) => exportLike(8, 16 * MIB, () => ({ onPiece })),
    (signal) => signal.reason,
    40 * MIB,
  );

  const entry = (name: string, size: number, actual = size) => ({
    ...pseudoRandomFile(name, actual, 1, MODIFIED),
    size,
  });
  result.sizeMismatch = await refuses(writer, [entry("short.pdf", 16 * MIB, 16 * MIB - 1)], file);
  result.unsafeName = await refuses(writer, [entry("../evil.txt", 5)], file);
  result.repeatedName = await refuses(writer, [entry("a.txt", 5), entry("a.txt", 5)], file);
  return result;
}

export const GUARANTEE_LABELS: Record<string, string> = {
  readable: "yauzl reads it back (index + 65 files, 1 GiB)",
  unzip: "unzip -t (same archive)",
  descriptors: "data descriptors after every entry",
  mode: "files are mode 0644",
  time: "modified time to the second",
  version: "version 2.0 needed below 4 GiB",
  zip64: "ZIP64: 4 GiB + 12 KiB entry, yauzl",
  zip64Unzip: "ZIP64: unzip -t",
  zip64Local: "ZIP64 announced in the local header",
  alteredChunk: "altered chunk mid-document: no file",
  chainDiffers: "chain differs after last chunk: no file",
  cancel: "cancel (AbortSignal) after 40 MiB: no file",
  sizeMismatch: "declared size differs from bytes",
  unsafeName: 'unsafe name "../evil.txt"',
  repeatedName: "repeated name",
};
