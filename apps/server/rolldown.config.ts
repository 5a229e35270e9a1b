import { defineConfig, type Plugin } from "rolldown";

// The server as `npm start` runs it: src/main.ts and everything it imports, bundled into dist/ (ADR 051). Loading
// some 1,600 modules one by one (each resolved, read, stat'ed and linked) was most of a cold start; a few chunks load
// in a fraction of that, and Node's compile cache then skips compiling them. Dynamic imports stay separate chunks, so
// what only some deployments use (the S3 client) still loads only there. `npm run dev`, the tests and `npm run sweep`
// run the sources themselves.
export default defineConfig({
  input: { main: "src/main.ts" },
  platform: "node",
  external: [
    // Native: loaded from node_modules, as its binary is found relative to the package.
    "better-sqlite3",
    // One copy of React and React Router, shared with the server-side render build in apps/web/build, which imports
    // them from node_modules itself.
    /^react(-dom|-router)?($|\/)/,
    // Development and test only, imported on demand: Vite's dev server, and pg's optional native binding.
    "vite",
    "s3rver",
    "pg-native",
  ],
  output: {
    dir: "dist",
    format: "esm",
    entryFileNames: "[name].mjs",
    chunkFileNames: "[name]-[hash].mjs",
    sourcemap: true,
    cleanDir: true,
    charset: "ascii",
    comments: { legal: true, annotation: false, jsdoc: false },
  },
  plugins: [asciiLegalComments()],
  logLevel: "warn",
  onLog(level, log, handler) {
    // React Router's "use client" marks a browser boundary for React Server Components, which the server never uses.
    if (log.code === "MODULE_LEVEL_DIRECTIVE") return;
    handler(level, log);
  },
});

/**
 * `charset: "ascii"` escapes non-ASCII characters in code, but not in the licence comments kept: one would make
 * V8 hold its whole chunk (3 MB) as two-byte text, decoded and hashed at every start. Escapes them there too (a
 * comment's text only), and warns of any left elsewhere.
 */
function asciiLegalComments(): Plugin {
  const nonAscii = /[\u0080-\uffff]/;
  const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  return {
    name: "ascii-legal-comments",
    renderChunk(code, chunk) {
      if (!nonAscii.test(code)) return null;
      const ascii = code.replace(/\/\*![\s\S]*?\*\//g, (comment) =>
        comment.replaceAll(new RegExp(nonAscii, "g"), escaped),
      );
      if (nonAscii.test(ascii)) this.warn(`${chunk.fileName} still holds non-ASCII characters`);
      return { code: ascii, map: null };
    },
  };
}
