import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, seriousAxeViolations } from "./support/browser.ts";
import { publicRoutes } from "./support/public-routes.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("header and footer", () => {
  it("show the spec's links, and every one of them reaches a real page", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    const header = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Features", "/#ft162837"],
      ["Pricing", "/#get-started"],
      ["FAQ", "/help"],
      ["Sign In", "/login#auth"],
    ]) {
      await expect(header.getByRole("link", { name, exact: true }).getAttribute("href")).resolves.toBe(href);
    }
    const footer = page.getByRole("contentinfo");
    const footerHrefs = await footer
      .locator("a[href^='/']")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
    for (const href of [
      "/howitworks",
      "/cookies",
      "/legalnotice",
      "/about",
      "/security",
      "/terms",
      "/privacy",
      "/contact",
    ]) {
      expect(footerHrefs).toContain(href);
    }
    await expect(footer.getByRole("link", { name: "Cookie Preference" }).getAttribute("href")).resolves.toBe(
      "/cookies",
    );
    expect(await footer.locator("a[href^='https://']").count()).toBe(5);
    await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()}`);

    const internal = new Set([...footerHrefs, "/help", "/login"]);
    for (const href of internal) {
      const res = await fetch(`${baseUrl}${href.split("#")[0]}`);
      expect(res.status, href).toBe(200);
      expect(await res.text(), href).not.toContain("Page not found");
    }
    for (const id of ["lg", "ft162837", "get-started"]) {
      expect(await page.locator(`#${id}`).count(), `#${id}`).toBe(1);
    }
    await context.close();
  });
});

describe("cookie banner", () => {
  it("stays hidden after OK, across a reload", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    const banner = page.getByRole("region", { name: "Cookie notice" });
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toMatch(/cookies/i);
    await banner.getByRole("button", { name: "OK" }).click();
    await banner.waitFor({ state: "detached" });
    await expect(page.evaluate(() => localStorage.getItem("cookiesAccepted"))).resolves.toBe("true");
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByRole("region", { name: "Cookie notice" }).count()).toBe(0);
    await context.close();
  });
});

describe("cookie banner, first paint", () => {
  it("moves nothing as a page loads, for a first visit and for a browser that said OK, which never sees it", async () => {
    const { page, context } = await openPage(browser, { width: 412, height: 823 });
    // Every layout shift from the first byte on, and whether the notice was ever painted before the page settled.
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number; noticeSeen: boolean };
      w.shift = 0;
      w.noticeSeen = false;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shift += (entry as unknown as { value: number }).value;
      }).observe({ type: "layout-shift", buffered: true });
      const look = () => {
        const notice = document.querySelector("[aria-label='Cookie notice']");
        if (notice && notice.getBoundingClientRect().height > 0) w.noticeSeen = true;
        if (document.readyState !== "complete") requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const measure = () =>
      page.evaluate(() => {
        const w = window as unknown as { shift: number; noticeSeen: boolean };
        return { shift: w.shift, noticeSeen: w.noticeSeen };
      });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("region", { name: "Cookie notice" }).waitFor();
    expect(await measure()).toEqual({ shift: 0, noticeSeen: true });
    await page.getByRole("region", { name: "Cookie notice" }).getByRole("button", { name: "OK" }).click();
    // As a person sees the OK taken: the notice goes (on a loaded machine the page may still be hydrating at the
    // click, which is then held until it has: ADR 053).
    await page.getByRole("region", { name: "Cookie notice" }).waitFor({ state: "detached" });
    await page.goto(`${baseUrl}/Security`, { waitUntil: "networkidle" });
    expect(await measure()).toEqual({ shift: 0, noticeSeen: false });
    expect(await page.getByRole("region", { name: "Cookie notice" }).count()).toBe(0);
    await context.close();
  });
});

describe("mobile menu", () => {
  it("opens below 1024 px, locks the body scroll, and closes itself at 1024 px", async () => {
    const { page, context } = await openPage(browser, { width: 1023, height: 800 });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const toggle = page.getByRole("button", { name: "Open menu" });
    expect(await toggle.isVisible()).toBe(true);
    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await close.waitFor();
    await expect(close.getAttribute("aria-expanded")).resolves.toBe("true");
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    await expect(overflow()).resolves.toBe("hidden");
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByRole("button", { name: "Close menu" }).waitFor({ state: "hidden" });
    // The button hides by CSS at once; the menu closes (and the body scrolls again) when the page
    // hears the media query change, a moment later.
    await page.waitForFunction(() => getComputedStyle(document.body).overflow !== "hidden", undefined, {
      timeout: 5000,
    });
    await expect(overflow()).resolves.not.toBe("hidden");
    await context.close();
  });

  it("is not offered at 1024 px, where the links are in the header", async () => {
    const { page, context } = await openPage(browser, { width: 1024, height: 800 });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
    expect(
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).isVisible(),
    ).toBe(true);
    await context.close();
  });
});

describe("accessibility", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    it(`axe-core finds no serious violations on any public page (${colorScheme})`, async () => {
      const { page, context } = await openPage(browser, { colorScheme });
      const problems: string[] = [];
      for (const route of [...publicRoutes, "/articles", "/no-such-page"]) {
        await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
        for (const v of await seriousAxeViolations(page)) problems.push(`${route}: ${v}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
