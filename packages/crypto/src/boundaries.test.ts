import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

// "One door to the keys" (STYLE.md): only primitives.ts may reach WebCrypto, the random source, the Argon2 WebAssembly
// (@phi-ag/argon2) or hash-wasm.
// Tests and the test helpers that run under Node may use node:crypto to check the package from the outside.

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("module boundaries", () => {
  test("only primitives.ts calls crypto.subtle, getRandomValues or imports @phi-ag/argon2 or hash-wasm", () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => relative(SRC, file) !== "primitives.ts")
      .filter((file) => {
        const code = readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "");
        return /\bsubtle\b|getRandomValues|(from\s+|import\()"(hash-wasm|@phi-ag\/argon2)[/"]/.test(code);
      })
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  test("the web app reaches WebCrypto and the Argon2 code only through this package", () => {
    const web = join(SRC, "../../../apps/web/app");
    const files = sourceFiles(web);
    expect(files.length).toBeGreaterThan(50);
    // /tester's probes ask the browser whether WebCrypto works at all, with throwaway keys and no user data
    // ([Note: Why these probes call crypto.subtle directly]); a multipart boundary (storage-client.ts) is random but
    // no key material.
    const probes = (file: string) => relative(web, file).startsWith("features/self-test/");
    const allowedRandom = new Set(["features/documents/storage-client.ts"]);
    const offenders = files
      .filter((file) => !probes(file))
      .filter((file) => {
        const code = readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "");
        const random = /getRandomValues/.test(code) && !allowedRandom.has(relative(web, file));
        return random || /\bsubtle\b|(from\s+|import\()"(hash-wasm|@phi-ag\/argon2)[/"]/.test(code);
      })
      .map((file) => relative(web, file));
    expect(offenders).toEqual([]);
  });

  test("no source file outside the test helpers imports Node built-ins, so the package runs in a browser", () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !relative(SRC, file).startsWith("testing/"))
      .filter((file) => /from\s+"node:/.test(readFileSync(file, "utf8")))
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
