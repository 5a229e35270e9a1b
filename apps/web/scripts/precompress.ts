// After `react-router build`: writes .br and .gz beside every text asset of the client build, at the highest
// settings, once. The server sends them as they are (@fastify/static preCompressed) instead of compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const clientDir = path.resolve(import.meta.dirname, "../build/client");
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (compressible.test(name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(clientDir)) {
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
  before += bytes.length;
  after += br.length;
}
console.log(
  `precompressed ${count} files: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
