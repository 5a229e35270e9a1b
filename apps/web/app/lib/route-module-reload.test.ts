import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunkLoadErrorName } from "./chunk-reload.ts";
import { guardRouteModuleReload, routeModulesFile } from "./route-module-reload.ts";

// React Router's own file, as installed: the build rewrites this very code.
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist",
);
const installed = (build: "production" | "development") =>
  path.join(reactRouterDist, build, "lib", "dom", "ssr", "routeModules.js");

type LoadRouteModule = (
  route: { id: string; module: string },
  cache: Record<string, unknown>,
) => Promise<unknown>;

/** The rewritten loadRouteModule, with `window` and `import()` played by the test. */
function rewrittenLoadRouteModule(source: string, win: object): LoadRouteModule {
  const code = guardRouteModuleReload(source)
    .replace(/^export .*$/m, "")
    .replace(/await import\(/, "await importModule(")
    .replace(/import\.meta\.hot/g, "undefined");
  const importModule = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
  return new Function("window", "importModule", "console", `${code}\nreturn loadRouteModule;`)(
    win,
    importModule,
    {
      error() {},
    },
  ) as LoadRouteModule;
}

describe("React Router's route module loader, as the build rewrites it", () => {
  it.each(["production", "development"] as const)(
    "never reloads by itself (%s): a module that fails gives a page that throws a ChunkLoadError",
    async (build) => {
      const file = installed(build);
      expect(routeModulesFile.test(file)).toBe(true);
      let reloads = 0;
      const win = { location: { reload: () => reloads++ } };
      const load = rewrittenLoadRouteModule(readFileSync(file, "utf8"), win);

      const cache: Record<string, unknown> = {};
      const module = (await load({ id: "routes/public/terms", module: "/assets/terms-x.js" }, cache)) as {
        default: () => unknown;
      };
      expect(reloads).toBe(0);
      expect(cache).toEqual({});
      let thrown: unknown;
      try {
        module.default();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Error);
      expect((thrown as Error).name).toBe(chunkLoadErrorName);
      expect((thrown as Error).cause).toBeInstanceOf(TypeError);
    },
  );

  it("refuses code it was not written for, so an upgrade cannot quietly bring the reload back", () => {
    expect(() => guardRouteModuleReload("async function loadRouteModule() {}")).toThrow(/changed/);
  });
});
