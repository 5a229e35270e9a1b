import { randomBytes } from "node:crypto";
import { crc32 as zlibCrc32 } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// biome-ignore lint/style/noRestrictedImports: the independent ZIP reader is shared with the browser journeys (e2e/support).
import { readZip } from "../../../../../e2e/support/zip.ts";
import { crc32 } from "./crc32.ts";
import { dosDateTime, isSafeEntryName, safeEntryNames, ZipSizeMismatchError, ZipWriter } from "./zip.ts";

/** Writes `files` into a ZIP held in memory, each fed in pieces of `piece` bytes. */
async function zipOf(
  files: { name: string; data: Uint8Array; modified?: Date }[],
  options: { forceZip64?: boolean; piece?: number } = {},
) {
  const parts: Uint8Array[] = [];
  const writer = new ZipWriter({ write: (bytes) => void parts.push(bytes.slice()) }, options);
  for (const file of files) {
    await writer.add(
      {
        name: file.name,
        size: file.data.length,
        modified: file.modified ?? new Date(2026, 10, 23, 14, 5, 30),
      },
      async (write) => {
        const piece = options.piece ?? 1000;
        for (let at = 0; at < file.data.length; at += piece)
          await write(new Uint8Array(file.data.subarray(at, at + piece)));
      },
    );
  }
  const length = await writer.finish();
  const zip = Buffer.concat(parts);
  expect(zip.length).toBe(length);
  return zip;
}

describe("CRC-32", () => {
  it("matches zlib's for any bytes, split anywhere", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), (bytes, cut) => {
        const at = Math.min(cut, bytes.length);
        expect(crc32(bytes.subarray(at), crc32(bytes.subarray(0, at)))).toBe(zlibCrc32(bytes));
      }),
    );
    const big = randomBytes(5 * 1024 * 1024 + 3);
    expect(crc32(big)).toBe(zlibCrc32(big));
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });
});

describe("ZIP writer", () => {
  const files = [
    { name: "Deed of the house.pdf", data: randomBytes(10_000) },
    { name: "Empty note.txt", data: new Uint8Array(0) },
    { name: "Lettre à ma fille ✉.txt", data: new TextEncoder().encode("Chère Anna,\n") },
    { name: "scans/Passport.png", data: randomBytes(70_001) },
  ];

  for (const forceZip64 of [false, true]) {
    it(`writes an archive an independent reader opens byte for byte${forceZip64 ? " (ZIP64 form)" : ""}`, async () => {
      const zip = await zipOf(files, { forceZip64, piece: 4096 });
      const read = await readZip(zip);
      expect(read.map((f) => f.name)).toEqual(files.map((f) => f.name));
      for (const [i, file] of read.entries()) {
        expect(Buffer.compare(file.data, Buffer.from(files[i]?.data as Uint8Array))).toBe(0);
        expect(file.crc32).toBe(zlibCrc32(files[i]?.data as Uint8Array));
        // Readable by everyone, executable by nobody.
        expect(file.mode).toBe(0o644);
      }
      // The UT field carries the time in UTC, to the second.
      expect(read[0]?.modified.getTime()).toBe(new Date(2026, 10, 23, 14, 5, 30).getTime());
    });
  }

  it("opens with Info-ZIP's unzip when the machine has it", async (context) => {
    const { spawnSync } = await import("node:child_process");
    if (spawnSync("unzip", ["-v"]).status !== 0) {
      // .ci/run installs it; elsewhere yauzl above is the reader.
      if (process.env.CI) throw new Error("unzip is missing: install it with apt-get install -y unzip");
      return context.skip();
    }
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = mkdtempSync(path.join(tmpdir(), "heirloom-zip-"));
    try {
      for (const forceZip64 of [false, true]) {
        const file = path.join(dir, `test-${forceZip64}.zip`);
        writeFileSync(file, await zipOf(files, { forceZip64 }));
        const test = spawnSync("unzip", ["-t", file], { encoding: "utf8" });
        expect(test.stdout + test.stderr).toContain("No errors detected");
        expect(test.status).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes an empty archive", async () => {
    expect(await readZip(await zipOf([]))).toEqual([]);
  });

  it("refuses an entry whose bytes do not match its declared size, and unsafe or repeated names", async () => {
    const writer = new ZipWriter({ write: () => {} });
    const entry = { name: "a.txt", size: 3, modified: new Date() };
    await expect(writer.add(entry, async (write) => write(new Uint8Array(2)))).rejects.toBeInstanceOf(
      ZipSizeMismatchError,
    );
    await expect(
      new ZipWriter({ write: () => {} }).add(entry, async (write) => write(new Uint8Array(4))),
    ).rejects.toBeInstanceOf(ZipSizeMismatchError);
    const ok = new ZipWriter({ write: () => {} });
    await ok.add(entry, async (write) => write(new Uint8Array(3)));
    await expect(ok.add(entry, async () => {})).rejects.toThrow("Two entries");
    for (const name of ["../evil", "/etc/passwd", "a/../../b", "a\\b", "", "dir/", "a\u0000b", "./a"]) {
      await expect(ok.add({ ...entry, name }, async () => {})).rejects.toThrow("Unsafe name");
    }
  });

  it("keeps DOS dates in range", () => {
    expect(dosDateTime(new Date(1970, 0, 1))).toEqual({ time: 0, date: (0 << 9) | (1 << 5) | 1 });
    const { date, time } = dosDateTime(new Date(2026, 10, 23, 14, 5, 31));
    expect([date >> 9, (date >> 5) & 15, date & 31]).toEqual([46, 11, 23]);
    expect([time >> 11, (time >> 5) & 63, (time & 31) * 2]).toEqual([14, 5, 30]);
  });
});

describe("names in the export", () => {
  it("makes every name safe to unpack and unique regardless of case", () => {
    expect(
      safeEntryNames(
        [
          "Will.pdf",
          "will.pdf",
          "WILL.pdf",
          "../../etc/passwd",
          "a/b\\c:d*?.txt",
          "...",
          " .hidden",
          "CON.",
          `${"x".repeat(300)}.pdf`,
          "notes",
        ],
        ["heirloom-export.json"],
      ),
    ).toEqual([
      "Will.pdf",
      "will (2).pdf",
      "WILL (3).pdf",
      "_.._etc_passwd",
      "a_b_c_d__.txt",
      "Untitled",
      "hidden",
      "CON",
      `${"x".repeat(196)}.pdf`,
      "notes",
    ]);
    expect(safeEntryNames(["heirloom-export.json"], ["heirloom-export.json"])).toEqual([
      "heirloom-export (2).json",
    ]);
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 40 }), { maxLength: 12 }), (names) => {
        const safe = safeEntryNames(names);
        expect(new Set(safe.map((n) => n.toLowerCase())).size).toBe(names.length);
        for (const name of safe) expect(isSafeEntryName(name)).toBe(true);
      }),
    );
  });
});
