// The marketing pages paint before their scripts load (ADR 053). Such a page is whole as the server renders it: its
// links work and its text is there; scripts only make it interactive (the menu button, the cookie notice). React
// Router puts a <link rel="modulepreload"> in the head for every module of the page and loads them from an inline
// module script, so a phone on a slow network fetches a dozen scripts alongside the stylesheet, and spends its first
// second evaluating them, before it shows the first word. Here the page keeps its modules' list, but asks for them in
// the first task after the first paint: the preloads are put back into the head then, and the module script waits for
// that moment before importing its routes.
//
// Only pages whose every route is a marketing page (root and routes/public/*), and that hold no form, change. A form
// (the contact page's, the checkout's) is typed into, and what is typed before the page's scripts take over could be
// lost, so such a page loads them at once, as do the doors into the vault (sign-in, sign-up, recovery) and the
// signed-in area. So is any page whose scripts are not in the shape this reads (a development server's, or a new
// React Router's).

import { pageHydratedEvent } from "@heirloom/contract/page-events";

/** How long after the client entry has loaded the held clicks wait for the page to say it has hydrated. */
const heldClicksLimitMs = 5000;

const preloadTag = /<link rel="modulepreload" href="(\/[^"<>]+)"\/>/g;
const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const staticImport = /^import \* as (route\d+) from ("[^"\n]+");$/;
const sideEffectImport = /^import ("[^"\n]+");$/;
const entryImport = /^import\(("[^"\n]+")\);$/;
const routeModules = /^\s*window\.__reactRouterRouteModules = \{([^{}\n]*)\};$/m;

/** Whether every route a page's module script names is the root or a marketing page. */
function marketingRoutes(script: string): boolean {
  const list = routeModules.exec(script)?.[1];
  if (list === undefined) return false;
  const ids = [...list.matchAll(/"([^"\\]+)":route\d+/g)].map((match) => match[1] ?? "");
  return ids.length > 0 && ids.every((id) => id === "root" || id.startsWith("routes/public/"));
}

/**
 * The page with its scripts asked for after its first paint, when it is a marketing page in the shape React Router
 * renders; any other page unchanged.
 */
export function loadScriptsAfterPaint(html: string): string {
  const scripts = [...html.matchAll(moduleScript)];
  if (scripts.length !== 1) return html;
  const [whole, script = ""] = scripts[0] ?? [];
  if (!whole || !marketingRoutes(script) || /<form[\s>]/i.test(html)) return html;

  const names: string[] = [];
  const specifiers: string[] = [];
  const rest: string[] = [];
  for (const line of script.split("\n")) {
    const route = staticImport.exec(line);
    const bare = sideEffectImport.exec(line);
    if (route?.[1] && route[2]) {
      names.push(route[1]);
      specifiers.push(route[2]);
    } else if (bare?.[1]) {
      names.push("");
      specifiers.push(bare[1]);
    } else if (/^\s*import\s*[^\s(]/.test(line)) {
      // A static import this does not read: the page is left as it is.
      return html;
    } else rest.push(line);
  }
  if (specifiers.length === 0) return html;
  // The script ends by importing the client entry, which hydrates the page: it is awaited, then the page's word that
  // it has hydrated, then the held clicks go.
  while (rest.length > 0 && rest.at(-1)?.trim() === "") rest.pop();
  const entry = entryImport.exec(rest.at(-1) ?? "")?.[1];
  if (!entry) return html;
  rest.pop();

  const preloads = [...html.matchAll(preloadTag)].map((match) => match[1] ?? "");
  const later = [
    // A click on a button before the page is hydrated would do nothing (the cookie notice's OK, the menu button):
    // it is held, and given to the button again once React listens (the root layout fires pageHydratedEvent).
    'const held = []; const hold = (event) => { const button = event.target instanceof Element ? event.target.closest("button") : null; if (!button || !event.isTrusted) return; event.preventDefault(); event.stopImmediatePropagation(); held.push(button); };',
    'document.addEventListener("click", hold, true);',
    `const hydrated = new Promise((go) => document.addEventListener(${JSON.stringify(pageHydratedEvent)}, go, { once: true }));`,
    // The first task after the first frame; in a tab that is not shown (no frames), after a second.
    "await new Promise((go) => { requestAnimationFrame(() => setTimeout(go)); setTimeout(go, 1000); });",
    `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }`,
    // Each module is evaluated in a task of its own, the last of the list first (a route's own modules come after
    // the route there), so a phone meets many short tasks instead of one long one; the client entry is left out.
    "const yieldTask = () => globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((go) => setTimeout(go));",
    `for (const href of ${JSON.stringify(preloads.filter((href) => JSON.stringify(href) !== entry).reverse())}) { try { await import(href); } catch {} await yieldTask(); }`,
    `const [${names.join(", ")}] = await Promise.all([${specifiers.map((s) => `import(${s})`).join(", ")}]);`,
    ...rest,
    // React's own start and the first of hydration run in a task after the route modules', so a phone meets
    // shorter tasks, not one long one.
    "await yieldTask();",
    // The client entry hydrates the page in a transition, which yields: its module having loaded says nothing of the
    // buttons. The root layout says when they all listen; should it never say, the clicks go 5 s after the entry.
    `try { await import(${entry}); await Promise.race([hydrated, new Promise((go) => setTimeout(go, ${heldClicksLimitMs}))]); } finally { document.removeEventListener("click", hold, true); }`,
    "await new Promise((go) => setTimeout(go));",
    "for (const button of held) if (button.isConnected) button.click();",
  ].join("\n");
  return html
    .replace(preloadTag, "")
    .replace(whole, () => `<script type="module" async="">${later}</script>`);
}
