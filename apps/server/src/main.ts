import { enableCompileCache } from "node:module";

// The server's entry point. Node keeps the compiled code of the modules it loads (with TypeScript's types already
// stripped) in a cache in the system's temporary folder, so a restart skips parsing and compiling them: about a
// third of a cold start (issue 16). It must be turned on before anything else is imported, hence this file.
enableCompileCache();
await import("./serve.ts");
