import { pageHydratedEvent } from "@heirloom/contract/page-events";
import { describe, expect, it } from "vitest";
import { loadScriptsAfterPaint } from "./paint-first.ts";

// A page in the shape React Router 7 renders it: a modulepreload per module in the head, and one inline module
// script that imports the routes statically and the client entry dynamically.
function renderedPage(routes: Record<string, string>, extraImport = "") {
  const modules = ["/assets/entry.client-A.js", "/assets/runtime-B.js", ...Object.values(routes)];
  const names = Object.keys(routes).map((_, i) => `route${i}`);
  const script = [
    ";",
    extraImport,
    ...Object.values(routes).map((file, i) => `import * as route${i} from "${file}";`),
    `  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js","imports":[],"css":[]},"version":"1"};`,
    `  window.__reactRouterRouteModules = {${Object.keys(routes)
      .map((id, i) => `"${id}":${names[i]}`)
      .join(",")}};`,
    "",
    'import("/assets/entry.client-A.js");',
  ]
    .filter((line) => line !== "")
    .join("\n");
  return (
    `<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/app.css"/>` +
    modules.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("") +
    `<script>window.early = 1;</script></head><body><h1>Title</h1>` +
    `<script type="module" async="">${script}</script>` +
    `<script>window.__reactRouterContext.streamController.close();</script></body></html>`
  );
}

const marketing = {
  root: "/assets/root-C.js",
  "routes/public/layout": "/assets/layout-D.js",
  "routes/public/security": "/assets/security-E.js",
};

describe("a marketing page's scripts after its first paint", () => {
  const before = renderedPage(marketing);
  const after = loadScriptsAfterPaint(before);
  const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(after)?.[1] ?? "";

  it("sends the head without a single module preload, the stylesheet and other scripts as they were", () => {
    expect(after).not.toMatch(/<link rel="modulepreload"/);
    expect(after).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(after).toContain("<script>window.early = 1;</script>");
    expect(after).toContain("<script>window.__reactRouterContext.streamController.close();</script>");
  });

  it("waits for the first frame to be painted before it asks for anything", () => {
    const lines = moduleScript.split("\n");
    const paint = lines.indexOf(
      "await new Promise((go) => { requestAnimationFrame(() => setTimeout(go)); setTimeout(go, 1000); });",
    );
    expect(paint).toBeGreaterThan(0);
    expect(lines.findIndex((line) => line.includes("import("))).toBeGreaterThan(paint);
    // No static import is left: it would be fetched before the script runs.
    expect(moduleScript).not.toMatch(/^\s*import\s+[^(]/m);
  });

  it("then puts every preload back and imports the same routes under the same names, in order", () => {
    const preloads = JSON.parse(
      /for \(const href of (\[[^\]]*\]\))/.exec(moduleScript)?.[1]?.slice(0, -1) ?? "[]",
    );
    expect(preloads).toEqual([
      "/assets/entry.client-A.js",
      "/assets/runtime-B.js",
      "/assets/root-C.js",
      "/assets/layout-D.js",
      "/assets/security-E.js",
    ]);
    expect(moduleScript).toContain(
      'const [route0, route1, route2] = await Promise.all([import("/assets/root-C.js"), import("/assets/layout-D.js"), import("/assets/security-E.js")]);',
    );
    expect(moduleScript).toContain('window.__reactRouterRouteModules = {"root":route0,');
    // The client entry (which hydrates) last, in a task after the route modules', awaited, then the page's word
    // that it has hydrated (or 5 s); only then do the clicks held meanwhile go to their buttons.
    expect(moduleScript.split("\n").slice(-4)).toEqual([
      "await yieldTask();",
      'try { await import("/assets/entry.client-A.js"); await Promise.race([hydrated, new Promise((go) => setTimeout(go, 5000))]); } finally { document.removeEventListener("click", hold, true); }',
      "await new Promise((go) => setTimeout(go));",
      "for (const button of held) if (button.isConnected) button.click();",
    ]);
    expect(moduleScript.split("\n").slice(1, 3)).toEqual([
      'document.addEventListener("click", hold, true);',
      `const hydrated = new Promise((go) => document.addEventListener("${pageHydratedEvent}", go, { once: true }));`,
    ]);
  });

  it("evaluates each module but the client entry in a task of its own, the last listed first, before the routes", () => {
    const lines = moduleScript.split("\n");
    const each = lines.indexOf(
      'for (const href of ["/assets/security-E.js","/assets/layout-D.js","/assets/root-C.js","/assets/runtime-B.js"]) { try { await import(href); } catch {} await yieldTask(); }',
    );
    expect(each).toBeGreaterThan(0);
    expect(lines.findIndex((line) => line.startsWith("const [route0"))).toBeGreaterThan(each);
    // A task is ended with the scheduler's yield where the browser has one, otherwise with a timer.
    expect(lines).toContain(
      "const yieldTask = () => globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((go) => setTimeout(go));",
    );
  });

  it("keeps a module imported for its side effects, unnamed", () => {
    const page = loadScriptsAfterPaint(renderedPage(marketing, 'import "/assets/manifest-F.js";'));
    expect(page).toContain(
      'const [, route0, route1, route2] = await Promise.all([import("/assets/manifest-F.js"),',
    );
  });
});

describe("pages left as React Router renders them", () => {
  it("the doors into the vault, which need their scripts at once", () => {
    const login = renderedPage({
      root: "/assets/root-C.js",
      "routes/public/layout": "/assets/layout-D.js",
      "routes/auth/login": "/assets/login-G.js",
    });
    expect(loadScriptsAfterPaint(login)).toBe(login);
  });

  it("a marketing page with a form (the contact page), whose typing must not race its scripts", () => {
    const contact = renderedPage(marketing).replace(
      "<h1>Title</h1>",
      '<h1>Title</h1><form method="post"></form>',
    );
    expect(loadScriptsAfterPaint(contact)).toBe(contact);
  });

  it("the signed-in area", () => {
    const app = renderedPage({ root: "/assets/root-C.js", "app-shell": "/assets/layout-H.js" });
    expect(loadScriptsAfterPaint(app)).toBe(app);
  });

  it("a page whose module script has an import this does not read", () => {
    const odd = renderedPage(marketing, 'import { thing } from "/assets/other-I.js";');
    expect(loadScriptsAfterPaint(odd)).toBe(odd);
  });

  it("a page whose module script does not end by importing the client entry", () => {
    const page = renderedPage(marketing);
    const odd = page.replace(
      'import("/assets/entry.client-A.js");',
      'window.start("/assets/entry.client-A.js");',
    );
    expect(loadScriptsAfterPaint(odd)).toBe(odd);
  });

  it("a page with no module script, or two", () => {
    const plain = "<!DOCTYPE html><html><body><p>Hi</p></body></html>";
    expect(loadScriptsAfterPaint(plain)).toBe(plain);
    const page = renderedPage(marketing);
    const twice = page.replace("</body>", '<script type="module" async="">;</script></body>');
    expect(loadScriptsAfterPaint(twice)).toBe(twice);
  });
});
