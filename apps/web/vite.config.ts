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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), routeModuleReloadGuard()],
  build: { assetsInlineLimit: 0 },
});
