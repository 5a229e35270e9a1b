import { chunkLoadErrorName } from "./chunk-reload.ts";

// [Note: React Router's reload goes through the chunk-reload guard]
// When a route module fails to load (a deployment removed it), React Router's loadRouteModule calls
// window.location.reload() itself, unguarded: a module that keeps failing reloads the page on every click. The build
// (vite.config.ts) rewrites that call: the failed route gets a module whose page throws a ChunkLoadError when it
// renders, and the root error boundary hands it to the one guarded reload (useReloadAfterChunkError): the page
// reloads, now at the address the person asked for; within 10 seconds of the last such reload it shows the error page
// instead. Throwing from loadRouteModule would not do: React Router drops a failed module import of a route without
// a loader and renders a blank page.

/** React Router's own module, the one file the build rewrites. */
export const routeModulesFile =
  /[\\/]react-router[\\/]dist[\\/](?:production|development)[\\/]lib[\\/]dom[\\/]ssr[\\/]routeModules\.js$/;

const unguardedReload = /window\.location\.reload\(\);\s*return new Promise\(\(\) => \{\}\);/g;

// Uses the catch block's `error`; `cause` keeps the browser's own message for the console.
const unavailableModule = `const unavailable = Object.assign(new Error("This page could not be loaded.", { cause: error }), { name: ${JSON.stringify(chunkLoadErrorName)} });
		return { default: function PageModuleUnavailable() { throw unavailable; } };`;

/** loadRouteModule with its reload taken out. Throws when the code is not the one this was written for. */
export function guardRouteModuleReload(code: string): string {
  const found = code.match(unguardedReload)?.length ?? 0;
  if (found !== 1 || code.split("catch (error) {").length !== 2) {
    throw new Error(
      `react-router's loadRouteModule changed (${found} unguarded reloads found): update app/lib/route-module-reload.ts`,
    );
  }
  return code.replace(unguardedReload, unavailableModule);
}
