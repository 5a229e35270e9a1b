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

/**
 * zod and the contract's schemas in a chunk of their own; the contract's route table and the hydrated event's name,
 * which the root reads, in others (the schemas import the route table, so it would be pulled in with them). The
 * bundler otherwise puts modules shared by the same pages into one chunk: the tiny ApiError class, which the root's
 * query client reads, rode in zod's chunk, and every public page downloaded and ran some 120 KB of zod and schemas
 * it never uses (on Lighthouse's mobile phone, about 0.2 s of blocked main thread). e2e/public-site.test.ts checks
 * that no public page loads them.
 */
const chunkGroups = [
  { name: "api-routes", priority: 2, test: /[\\/]packages[\\/]contract[\\/]src[\\/]routes\.ts$/ },
  { name: "page-events", priority: 2, test: /[\\/]packages[\\/]contract[\\/]src[\\/]page-events\.ts$/ },
  { name: "contract", priority: 1, test: /[\\/](node_modules[\\/]zod|packages[\\/]contract)[\\/]/ },
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), routeModuleReloadGuard()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } } },
  },
});
