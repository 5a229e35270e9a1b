// Serves this package's TypeScript sources to a browser as ES modules, with types stripped by Node itself
// (node:module stripTypeScriptTypes). No bundler is needed: relative imports already carry their .ts extension, and
// the one bare import (hash-wasm, in primitives.ts) is pointed at the library's own ES module build.
// Used by browser.test.ts and bench/crypto.ts. Listens on 127.0.0.1 only: localhost is a secure context, so WebCrypto
// is available.

import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { createRequire, stripTypeScriptTypes } from "node:module";
import { dirname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SRC_ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), ".."));
const HASH_WASM_URL = "/@deps/hash-wasm.js";

function hashWasmEsmPath(): string {
  // hash-wasm's "main" is its UMD build; its ES module build sits beside it.
  return join(dirname(createRequire(import.meta.url).resolve("hash-wasm")), "index.esm.js");
}

export interface TsModuleServer {
  readonly origin: string;
  close(): Promise<void>;
}

/** `pages` maps a path (e.g. "/") to the HTML served there. Every other path is a source file under src/. */
export async function startTsModuleServer(pages: Readonly<Record<string, string>>): Promise<TsModuleServer> {
  const hashWasmPath = hashWasmEsmPath();
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    try {
      const page = pages[path];
      if (page !== undefined) {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        response.end(page);
        return;
      }
      if (path === HASH_WASM_URL) {
        response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
        response.end(await readFile(hashWasmPath));
        return;
      }
      const file = normalize(join(SRC_ROOT, decodeURIComponent(path)));
      if (!file.startsWith(SRC_ROOT + sep) || !file.endsWith(".ts")) {
        response.writeHead(404).end();
        return;
      }
      const javascript = stripTypeScriptTypes(await readFile(file, "utf8"), { mode: "strip" }).replace(
        /from\s+"hash-wasm"/g,
        `from "${HASH_WASM_URL}"`,
      );
      response.writeHead(200, {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "no-store",
      });
      response.end(javascript);
    } catch (error) {
      response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("server has no port");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function modulePage(title: string, moduleUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title></head><body><script type="module" src="${moduleUrl}"></script></body></html>`;
}
