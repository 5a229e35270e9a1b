// Serves this package's TypeScript sources to a browser as ES modules, with types stripped by Node itself
// (node:module stripTypeScriptTypes). No bundler is needed: relative imports already carry their .ts extension, and
// the bare imports of primitives.ts are pointed at URLs under /@deps/:
//   "hash-wasm"                          -> hash-wasm's ES module build
//   "@phi-ag/argon2/argon2.wasm?init"    -> a module doing what Vite's ?init does: fetch the .wasm, instantiate it
// Used by browser.test.ts and bench/crypto.ts. Listens on 127.0.0.1 only: localhost is a secure context, so WebCrypto
// is available.

import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { createRequire, stripTypeScriptTypes } from "node:module";
import { dirname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SRC_ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), ".."));
const DEPS = "/@deps/";
const HASH_WASM_URL = `${DEPS}hash-wasm.js`;
const require = createRequire(import.meta.url);

function hashWasmEsmPath(): string {
  // hash-wasm's "main" is its UMD build; its ES module build sits beside it.
  return join(dirname(require.resolve("hash-wasm")), "index.esm.js");
}

const ARGON2_WASM_URL = `${DEPS}@phi-ag/argon2/argon2.wasm`;

function argon2WasmFile(): string {
  return require.resolve("@phi-ag/argon2/argon2.wasm");
}

/** Rewrites the bare specifiers of the library imports in `javascript` to URLs this server answers. */
function pointBareImportsAtDeps(javascript: string): string {
  return javascript
    .replace(/from\s+"hash-wasm"/g, `from "${HASH_WASM_URL}"`)
    .replace(/import\("@phi-ag\/argon2\/argon2\.wasm\?init"\)/g, `import("${ARGON2_WASM_URL}?init")`);
}

function wasmInitModule(wasmUrl: string): string {
  return `export default async (imports) => {
  const response = await fetch(${JSON.stringify(wasmUrl)});
  if (!response.ok) throw new Error("could not load ${wasmUrl}: " + response.status);
  return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
};
`;
}

export interface TsModuleServer {
  readonly origin: string;
  close(): Promise<void>;
}

/** `pages` maps a path (e.g. "/") to the HTML served there. Every other path is a source file under src/. */
export async function startTsModuleServer(pages: Readonly<Record<string, string>>): Promise<TsModuleServer> {
  const hashWasmPath = hashWasmEsmPath();
  const argon2WasmPath = argon2WasmFile();
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const path = url.pathname;
    try {
      const page = pages[path];
      if (page !== undefined) {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        response.end(page);
        return;
      }
      if (path === HASH_WASM_URL) {
        const javascript = await readFile(hashWasmPath);
        response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
        response.end(javascript);
        return;
      }
      if (path === ARGON2_WASM_URL && url.search === "?init") {
        response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
        response.end(wasmInitModule(ARGON2_WASM_URL));
        return;
      }
      if (path === ARGON2_WASM_URL) {
        const wasm = await readFile(argon2WasmPath);
        response.writeHead(200, { "content-type": "application/wasm" });
        response.end(wasm);
        return;
      }
      const file = normalize(join(SRC_ROOT, decodeURIComponent(path)));
      if (!file.startsWith(SRC_ROOT + sep) || !file.endsWith(".ts")) {
        response.writeHead(404).end();
        return;
      }
      const javascript = pointBareImportsAtDeps(
        stripTypeScriptTypes(await readFile(file, "utf8"), { mode: "strip" }),
      );
      response.writeHead(200, {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "no-store",
      });
      response.end(javascript);
    } catch (error) {
      if (response.headersSent) response.destroy(error instanceof Error ? error : undefined);
      else response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
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
