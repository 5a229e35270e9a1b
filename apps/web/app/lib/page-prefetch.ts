import { matchRoutes, type RouteObject } from "react-router";
import { createPreloadQueue } from "./preload-queue.ts";

// Page prefetch on intent: when a pointer rests on a menu link, or it takes focus or a touch, the modules of the page
// it leads to are fetched with <link rel="modulepreload">, through one queue that keeps at most 5 in flight (SPEC.md
// section 9), so the click finds them in the browser's module map. Only the routes React Router already knows are
// prefetched (those of links on the page, which it discovers as they render); the rest load on the click as before.

/** The part of React Router's client manifest (window.__reactRouterManifest) a prefetch reads. */
export interface ManifestRoute {
  id: string;
  parentId?: string | undefined;
  path?: string | undefined;
  index?: boolean | undefined;
  caseSensitive?: boolean | undefined;
  module: string;
  clientLoaderModule?: string | undefined;
  imports?: readonly string[] | undefined;
}

/** The module URLs `pathname` needs that this tab has not loaded yet, in route order, each once. */
export function pageModuleHrefs(
  routes: Readonly<Record<string, ManifestRoute | undefined>>,
  loadedRouteIds: ReadonlySet<string>,
  pathname: string,
): string[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const matches = matchRoutes(tree(undefined), pathname) ?? [];
  // The 404 page's catch-all: most likely a route not discovered yet, not worth a fetch.
  if (matches.at(-1)?.route.path?.endsWith("*")) return [];
  const hrefs = new Set<string>();
  for (const match of matches) {
    const route = routes[match.route.id ?? ""];
    if (!route || loadedRouteIds.has(route.id)) continue;
    for (const href of [route.module, route.clientLoaderModule, ...(route.imports ?? [])]) {
      if (href) hrefs.add(href);
    }
  }
  return [...hrefs];
}

const queue = createPreloadQueue();

/** A <link rel="modulepreload">, settled when the browser has fetched the module or given up. */
function modulePreload(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

interface ReactRouterGlobals {
  __reactRouterManifest?: { routes?: Record<string, ManifestRoute | undefined> };
  __reactRouterRouteModules?: Record<string, unknown>;
}

/** Prefetches the modules of the page at `to` (a path, with or without a query or fragment). */
export function prefetchPage(to: string) {
  if (typeof window === "undefined") return;
  const globals = window as unknown as ReactRouterGlobals;
  const routes = globals.__reactRouterManifest?.routes;
  if (!routes) return;
  const pathname = new URL(to, window.location.href).pathname;
  const loaded = new Set(Object.keys(globals.__reactRouterRouteModules ?? {}));
  for (const href of pageModuleHrefs(routes, loaded, pathname)) {
    // The page's own modules came with it (and a module already fetched stays in the module map).
    if (document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    queue.add(href, () => modulePreload(href));
  }
}

/** Props for a link: prefetch its page when the person shows the intent to open it. */
export function prefetchOnIntent(to: string) {
  const prefetch = () => prefetchPage(to);
  return { onMouseEnter: prefetch, onFocus: prefetch, onTouchStart: prefetch };
}
