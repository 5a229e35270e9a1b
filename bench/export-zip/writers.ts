// The two ZIP writers the bench compares, each used the way the vault export would use it: ours writes into the
// destination and aborts it on failure (writePickedFile in features/documents/download.ts); client-zip's stream is
// piped into it, which aborts it on failure or cancel.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ZipWriter } from "../../apps/web/app/features/export/zip.ts";
import type { Destination } from "./sinks.ts";
import type { BenchFile } from "./sources.ts";

export interface Writer {
  readonly label: string;
  /** Writes `files` as one ZIP into `destination` and closes it; on a failure or a cancel, aborts it and rejects. */
  write(files: readonly BenchFile[], destination: Destination, signal?: AbortSignal): Promise<void>;
}

export const ours: Writer = {
  label: "ours (zip.ts)",
  async write(files, destination, signal) {
    try {
      const zip = new ZipWriter(destination);
      for (const file of files) {
        signal?.throwIfAborted();
        await zip.add(file, async (write) => {
          for await (const piece of file.pieces()) {
            // Where decryptDocument checks the signal: before each chunk.
            signal?.throwIfAborted();
            await write(piece);
          }
        });
      }
      await zip.finish();
      await destination.close();
    } catch (error) {
      await destination.abort(error);
      throw error;
    }
  },
};

/** No ZIP at all: the source's pieces straight into the sink, to show what producing 1 GiB costs by itself. */
export const sourceAlone: Writer = {
  label: "source alone",
  async write(files, destination) {
    for (const file of files) for await (const piece of file.pieces()) await destination.write(piece);
    await destination.close();
  },
};

/** The part of client-zip's API the export would use (typed here: the package is installed for the bench only). */
interface ClientZip {
  makeZip(
    files: AsyncIterable<{
      name: string;
      lastModified: Date;
      size: number;
      mode: number;
      input: AsyncIterable<Uint8Array>;
    }>,
  ): ReadableStream<Uint8Array>;
}

export function clientZipWriter(clientZip: ClientZip): Writer {
  return {
    label: "client-zip",
    async write(files, destination, signal) {
      async function* inputs() {
        for (const file of files)
          yield {
            name: file.name,
            lastModified: file.modified,
            size: file.size,
            mode: 0o644,
            input: file.pieces(),
          };
      }
      await clientZip.makeZip(inputs()).pipeTo(
        new WritableStream<Uint8Array>({
          write: (bytes) => destination.write(bytes),
          close: () => destination.close(),
          abort: (reason) => destination.abort(reason),
        }),
        signal ? { signal } : {},
      );
    },
  };
}

/** client-zip and its version, or undefined when it is not installed. */
export async function loadClientZip(): Promise<{ writer: Writer; version: string } | undefined> {
  const specifier: string = "client-zip";
  let module: ClientZip;
  try {
    module = (await import(specifier)) as ClientZip;
  } catch {
    return undefined;
  }
  const main = createRequire(import.meta.url).resolve(specifier);
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(main), "package.json"), "utf8")) as {
    version: string;
  };
  return { writer: clientZipWriter(module), version };
}
