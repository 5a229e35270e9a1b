import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { guardRouteModuleReload, routeModulesFile } from "./app/lib/route-module-reload.ts";

/**
 * [Note: React Router's reload goes through the chunk-reload guard] (app/lib/route-module-reload.ts). Builds only:
 * the dev server serves React Router pre-bundled, unchanged. A client build that never met the file fails, so an
 * upgrade that moves it cannot quietly bring the unguarded reload back.
 */
function routeModuleReloadGuard(): Plugin {
  const rewritten = new Set<string>();
  return {
    name: "heirloom:route-module-reload-guard",
    apply: "build",
    transform(code, id) {
      if (!routeModulesFile.test(id)) return null;
      rewritten.add(this.environment.name);
      return { code: guardRouteModuleReload(code), map: null };
    },
    buildEnd(error) {
      if (!error && this.environment.name === "client" && !rewritten.has("client")) {
        this.error(
          "react-router's routeModules.js was not in the client build: see app/lib/route-module-reload.ts",
        );
      }
    },
  };
}

const root = path.resolve(import.meta.dirname, "app/root.tsx");
// zod and the contract's schemas stay out of the shell (their group below); its route table and events' names, which
// the root reads, ride in it.
const notInShell =
  /[\\/](node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]src[\\/](?!routes\.ts$|page-events\.ts$))/;
type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const shells = new WeakMap<ChunkingContext, Set<string>>();

/**
 * "shell" for a module the root route imports, directly or through others (statically); null for any other. Every
 * page loads the root and so all of these: held in one chunk they add no module to any page, and a page fetches
 * some 20 scripts fewer (each a request, and work on the phone's main thread, however small: ADR 071).
 */
function shellOf(id: string, ctx: ChunkingContext): string | null {
  let shell = shells.get(ctx);
  if (!shell) {
    if (!ctx.getModuleInfo(root)) throw new Error(`vite.config.ts: the root route is no longer at ${root}`);
    shell = new Set();
    const stack = [root];
    while (stack.length) {
      const module = stack.pop() as string;
      if (shell.has(module) || notInShell.test(module)) continue;
      shell.add(module);
      stack.push(...(ctx.getModuleInfo(module)?.importedIds ?? []));
    }
    shells.set(ctx, shell);
  }
  return shell.has(id) ? "shell" : null;
}

/**
 * zod and the contract's schemas in a chunk of their own, which no public page loads (e2e/public-site.test.ts checks).
 * The bundler otherwise puts modules shared by the same pages into one chunk: the tiny ApiError class, which the
 * root's query client reads, rode in zod's chunk, and every public page downloaded and ran some 120 KB of zod and
 * schemas it never uses (on Lighthouse's mobile phone, about 0.2 s of blocked main thread).
 */
const chunkGroups = [
  { name: shellOf, priority: 2 },
  { name: "contract", priority: 1, test: /[\\/](node_modules[\\/]zod|packages[\\/]contract)[\\/]/ },
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), routeModuleReloadGuard()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } } },
  },
});
