// Vite's `?init` import of a .wasm file: a function that instantiates it with the given imports. Vite (web build,
// Vitest) implements it; src/testing/ts-module-server.ts serves an equivalent module to browser tests and benches.
declare module "*.wasm?init" {
  const init: (imports?: WebAssembly.Imports) => Promise<WebAssembly.Instance>;
  export default init;
}
