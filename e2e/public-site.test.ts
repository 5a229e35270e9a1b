import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage } from "./support/browser.ts";
import { aliases, publicRoutes } from "./support/public-routes.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const notFoundTitle = "Page not found";

describe("public pages", () => {
  it.each(publicRoutes)("%s loads with status 200, a heading, and no console errors", async (route) => {
    const { page, context, errors } = await openPage(browser);
    const response = await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").first().textContent()).resolves.toMatch(/\S/);
    expect(await page.getByRole("heading", { name: notFoundTitle }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("serves public content as HTML that reads without JavaScript", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${baseUrl}/Security`);
    await expect(page.locator("h1").textContent()).resolves.toMatch(/\S/);
    expect(((await page.locator("main").textContent()) ?? "").length).toBeGreaterThan(500);
    await context.close();
  });

  it.each(["/howitworks", "/ABOUT", "/faq", "/legalnotice", "/getstarted", "/signup"])(
    "case variant %s loads the page",
    async (route) => {
      const res = await fetch(`${baseUrl}${route}`);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain(notFoundTitle);
    },
  );

  it.each(Object.entries(aliases))("alias %s redirects to %s", async (from, to) => {
    const res = await fetch(`${baseUrl}${from}`, { redirect: "manual" });
    expect([301, 302, 307, 308]).toContain(res.status);
    expect(res.headers.get("location")).toBe(to);
  });

  it("an unknown path shows the 404 page with status 404", async () => {
    const { page, context, errors } = await openPage(browser);
    const response = await page.goto(`${baseUrl}/no-such-page/here`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: notFoundTitle }).isVisible()).toBe(true);
    await expect(
      page.getByText("Sorry, we couldn't find the page you're looking for.").isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Return home" }).getAttribute("href")).resolves.toBe("/");
    await expect(page.getByRole("link", { name: "Contact support" }).getAttribute("href")).resolves.toBe(
      "/contact",
    );
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
    await context.close();
  });
});

describe("scripts after the first paint", () => {
  it("a marketing page shows its text before it asks for any script, then works as an app", async () => {
    const { page, context, errors } = await openPage(browser, { width: 390, height: 800 });
    const response = await page.goto(`${baseUrl}/Security`, { waitUntil: "networkidle" });
    // Nothing in the page as sent preloads a module: the head asks for the stylesheet alone.
    expect(await response?.text()).not.toMatch(/<link rel="modulepreload"/);
    const timing = await page.evaluate(() => {
      // paintTime: when the frame was painted on the page's own thread (startTime is when it reached the screen,
      // a few milliseconds later, by which time the page's next task may have run).
      const entry = performance.getEntriesByName("first-contentful-paint")[0] as
        | (PerformanceEntry & { paintTime?: number })
        | undefined;
      const paint = entry?.paintTime ?? Number.NaN;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
      return { paint, scripts: scripts.length, firstScript: Math.min(...scripts.map((e) => e.startTime)) };
    });
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.scripts).toBeGreaterThan(10);
    expect(timing.firstScript).toBeGreaterThan(timing.paint);
    // Then it hydrates: the menu button opens the menu, and the preloads are back in the head.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(
      page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded"),
    ).resolves.toBe("true");
    expect(await page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a click on the menu button before the page's scripts arrive opens the menu once they do", async () => {
    const { page, context, errors } = await openPage(browser, { width: 390, height: 800 });
    // Every script waits until the test lets it through.
    const scripts = /\/assets\/[^/]+\.js$/;
    const held: Route[] = [];
    let letThrough = false;
    await page.route(scripts, (route) => (letThrough ? route.continue() : void held.push(route)));
    await page.goto(`${baseUrl}/Security`, { waitUntil: "domcontentloaded" });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.waitForTimeout(300);
    expect(await page.getByRole("button", { name: "Close menu" }).count()).toBe(0);
    // The scripts arrive: the page hydrates and the click it held opens the menu, once.
    letThrough = true;
    for (const route of held.splice(0)) await route.continue();
    const close = page.getByRole("button", { name: "Close menu" });
    await close.waitFor();
    await expect(close.getAttribute("aria-expanded")).resolves.toBe("true");
    await page.waitForTimeout(300);
    await expect(close.getAttribute("aria-expanded")).resolves.toBe("true");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a click after the scripts have loaded but before the page has hydrated is given back once it has", async () => {
    const { page, context, errors } = await openPage(browser, { width: 390, height: 800 });
    // As on a slow phone: the client entry loads, and the page hydrates 1.5 s later. The entry's module is sent
    // with its hydration put off, and says when it has been evaluated.
    const hydration = /\(0,\w+\.startTransition\)\(\(\)=>\{\(0,\w+\.hydrateRoot\)\(document,[^;]*?\}\)\)\}\)/;
    let rewritten = false;
    await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      rewritten = hydration.test(body);
      const later = body.replace(hydration, (call) => `setTimeout(()=>${call},1500)`);
      await route.fulfill({ contentType: "text/javascript", body: `${later}\nwindow.__entryLoaded=true;` });
    });
    await page.goto(`${baseUrl}/Security`, { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => (window as { __entryLoaded?: boolean }).__entryLoaded === true);
    expect(rewritten).toBe(true);
    const banner = page.getByRole("region", { name: "Cookie notice" });
    await banner.getByRole("button", { name: "OK" }).click();
    // The page hydrates, and the OK it held closes the notice.
    await banner.waitFor({ state: "detached", timeout: 10_000 });
    await expect(page.evaluate(() => localStorage.getItem("cookiesAccepted"))).resolves.toBe("true");
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ["/Login", "login"],
    ["/Contact", "contact"],
  ])("%s, a page with a form, still asks for its scripts at once", async (path, chunk) => {
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    expect(html).toMatch(new RegExp(`<link rel="modulepreload" href="/assets/${chunk}-[^"]+\\.js"/>`));
    expect(html).not.toContain("requestAnimationFrame");
  });
});

describe("what a public page runs", () => {
  /** The scripts a page loaded once it is quiet, and which of them carry zod (the API's schemas). */
  async function scriptsOf(path: string) {
    const { page, context } = await openPage(browser, { width: 390, height: 800 });
    await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.endsWith(".js")),
    );
    await context.close();
    const withSchemas = [];
    for (const url of urls) if ((await (await fetch(url)).text()).includes("ZodError")) withSchemas.push(url);
    return { urls, withSchemas };
  }

  // The schemas cost a phone about 0.2 s of blocked main thread before the page answers a tap (Lighthouse's
  // mobile score fell from 96 to 86-90 when the root layout imported one constant from the contract's index).
  it.each(["/", "/Security", "/Faq"])("%s, signed out, loads none of the API's schemas", async (path) => {
    const { urls, withSchemas } = await scriptsOf(path);
    expect(urls.length).toBeGreaterThan(10);
    expect(withSchemas).toEqual([]);
  });

  it("the sign-up page, which checks its form with them, does (so the check above can see them)", async () => {
    const { withSchemas } = await scriptsOf("/SignUp");
    expect(withSchemas.length).toBeGreaterThan(0);
  });
});

describe("page prefetch", () => {
  it("fetches a menu link's page when the pointer rests on it, never more than 5 modules at a time", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    // From here on, every module the page asks for waits until the test lets it through.
    const held: Route[] = [];
    const asked: string[] = [];
    let mostAtOnce = 0;
    await page.route(/\/assets\/[^/]+\.js$/, (route) => {
      held.push(route);
      asked.push(new URL(route.request().url()).pathname);
      mostAtOnce = Math.max(mostAtOnce, held.length);
    });
    const menu = page.getByRole("navigation", { name: "Main" });
    await menu.getByRole("link", { name: "FAQ" }).hover();
    await menu.getByRole("link", { name: "Sign In" }).hover();
    await expect.poll(() => held.length).toBe(5);
    await page.waitForTimeout(300);
    expect(held.length).toBe(5);

    // Each one that arrives makes room for the next, until the two pages' modules are all here.
    while (held.length > 0) {
      await held.shift()?.continue();
      await page.waitForTimeout(100);
    }
    expect(mostAtOnce).toBe(5);
    expect(asked.length).toBeGreaterThan(5);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.some((path) => path.startsWith("/assets/help-"))).toBe(true);
    expect(asked.some((path) => path.startsWith("/assets/login-"))).toBe(true);

    // The click then finds them: the FAQ opens without asking for any of them again.
    const before = asked.length;
    await menu.getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL(`${baseUrl}/help`);
    await page.locator("h1").first().waitFor();
    await page.waitForTimeout(300);
    expect(asked.slice(before)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("failed page chunks", () => {
  it("reload the page once, and not again within 10 seconds", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/About`, { waitUntil: "networkidle" });
    // Document loads, not "framenavigated": React Router's replaceState when a page hydrates is a navigation within
    // the document too, and whether it lands before or after the reload's load event is a matter of timing.
    let loads = 0;
    page.on("load", () => loads++);
    const failChunk = () =>
      page.evaluate(() => {
        const event = new Event("vite:preloadError", { cancelable: true });
        window.dispatchEvent(event);
      });
    await Promise.all([page.waitForEvent("load"), failChunk()]);
    expect(loads).toBe(1);
    await page.waitForLoadState("networkidle");
    await failChunk();
    await page.waitForTimeout(500);
    expect(loads).toBe(1);
    await context.close();
  });

  it("React Router's own reload of a page module it cannot fetch keeps the same 10-second guard", async () => {
    const { page, context } = await openPage(browser);
    // A deployment replaced the Terms and Privacy pages' modules: fetching them from another page fails. (A page
    // loaded afresh at its own address asks for the new build's modules, which work.)
    await page.route(/\/assets\/(terms|privacy)-[\w-]+\.js$/, (route) => {
      const name = /\/assets\/(\w+)-/.exec(route.request().url())?.[1];
      const here = new URL(route.request().frame().url()).pathname.toLowerCase();
      return here === `/${name}` ? route.continue() : route.abort();
    });
    await page.goto(`${baseUrl}/About`, { waitUntil: "networkidle" });
    let loads = 0;
    page.on("load", () => loads++);
    const footerLink = (name: string) =>
      page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name }).click();

    // The first failure reloads, at the address asked for.
    await Promise.all([page.waitForEvent("load"), footerLink("Terms")]);
    expect(loads).toBe(1);
    await page.waitForLoadState("networkidle");
    expect(new URL(page.url()).pathname).toBe("/terms");
    await page.getByRole("heading", { level: 1, name: "Terms of service" }).waitFor();

    // Another within 10 seconds of that reload does not reload again: the error page says something went wrong.
    await footerLink("Privacy");
    await page.getByRole("heading", { name: "Server Error" }).waitFor();
    await page.waitForTimeout(500);
    expect(loads).toBe(1);
    await context.close();
  });
});
