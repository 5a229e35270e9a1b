import { describe, expect, it } from "vitest";
import { type ManifestRoute, pageModuleHrefs } from "./page-prefetch.ts";

// The shape of React Router's client manifest for a few of our routes (ids, nesting and paths as routes.ts makes them).
const routes: Record<string, ManifestRoute> = {
  root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/jsx-runtime.js"] },
  "routes/public/layout": {
    id: "routes/public/layout",
    parentId: "root",
    module: "/assets/layout.js",
    imports: ["/assets/public-chrome.js"],
  },
  "routes/public/home": {
    id: "routes/public/home",
    parentId: "routes/public/layout",
    index: true,
    module: "/assets/home.js",
  },
  "routes/public/about": {
    id: "routes/public/about",
    parentId: "routes/public/layout",
    path: "About",
    module: "/assets/about.js",
    imports: ["/assets/page-header.js", "/assets/public-chrome.js"],
  },
  "routes/public/not-found": {
    id: "routes/public/not-found",
    parentId: "routes/public/layout",
    path: "*",
    module: "/assets/not-found.js",
  },
  "app-shell": {
    id: "app-shell",
    parentId: "root",
    module: "/assets/layout-main.js",
    clientLoaderModule: "/assets/layout-client-loader.js",
    imports: ["/assets/theme.js"],
  },
  "app-home": {
    id: "app-home",
    parentId: "app-shell",
    path: "app",
    index: true,
    module: "/assets/app-home.js",
  },
  "app-MyData": {
    id: "app-MyData",
    parentId: "app-shell",
    path: "app/MyData",
    module: "/assets/documents.js",
    imports: ["/assets/theme.js", "/assets/empty-state.js"],
  },
};

const onPublicPage = new Set(["root", "routes/public/layout", "routes/public/home"]);

describe("the modules a page needs", () => {
  it("are those of its routes this tab has not loaded yet, each once", () => {
    expect(pageModuleHrefs(routes, onPublicPage, "/About")).toEqual([
      "/assets/about.js",
      "/assets/page-header.js",
      "/assets/public-chrome.js",
    ]);
    expect(pageModuleHrefs(routes, onPublicPage, "/app/MyData")).toEqual([
      "/assets/layout-main.js",
      "/assets/layout-client-loader.js",
      "/assets/theme.js",
      "/assets/documents.js",
      "/assets/empty-state.js",
    ]);
    expect(pageModuleHrefs(routes, onPublicPage, "/app")).toContain("/assets/app-home.js");
  });

  it("match paths whatever their case, as the router does, and nothing for a page already here", () => {
    expect(pageModuleHrefs(routes, onPublicPage, "/about")).toContain("/assets/about.js");
    expect(pageModuleHrefs(routes, onPublicPage, "/")).toEqual([]);
  });

  it("leave a route the router has not discovered yet to the click", () => {
    const { "app-MyData": _, ...known } = routes;
    // Without its own route, /app/MyData falls to the 404 page's catch-all.
    expect(pageModuleHrefs(known, onPublicPage, "/app/MyData")).toEqual([]);
  });
});
