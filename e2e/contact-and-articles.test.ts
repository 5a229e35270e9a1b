import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage } from "./support/browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("contact form", () => {
  it("shows a message under each bad field and sends nothing", async () => {
    const { page, context } = await openPage(browser);
    let posted = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/contact")) posted++;
    });
    await page.goto(`${baseUrl}/Contact`, { waitUntil: "networkidle" });
    await page.getByLabel("Name").fill("");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Message").fill("short");
    await page.getByRole("button", { name: /send/i }).click();
    await expect(page.getByText("Please enter your name.").isVisible()).resolves.toBe(true);
    await expect(
      page.getByText("Please enter a valid email address, like name@example.com.").isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText("Please write at least 10 characters.").isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Email").getAttribute("aria-invalid")).resolves.toBe("true");
    expect(posted).toBe(0);
    await context.close();
  });

  it("accepts good input and confirms it", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/Contact`, { waitUntil: "networkidle" });
    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Message").fill("How do I name my daughter as a legacy contact?");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/contact")),
      page.getByRole("button", { name: /send/i }).click(),
    ]);
    expect(response.status()).toBe(201);
    await page.getByText(/Thanks, Ada Lovelace/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses bad input on the server with field messages, whatever the client does", async () => {
    const res = await fetch(`${baseUrl}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "", email: "nope", message: "x" }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("validation_failed");
    expect(Object.keys(body.error.fields).sort()).toEqual(["email", "message", "name"]);
  });
});

describe("articles and guides", () => {
  it("lists at least 6 articles, each opening as a rendered page", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/articles`, { waitUntil: "networkidle" });
    const links = await page
      .locator("main a[href^='/articles/']")
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href") ?? ""))]);
    expect(links.length).toBeGreaterThanOrEqual(6);
    for (const href of links) {
      const response = await page.goto(`${baseUrl}${href}`);
      expect(response?.status(), href).toBe(200);
      expect(((await page.locator("main").textContent()) ?? "").length, href).toBeGreaterThan(1500);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists at least 4 guides, each opening as a rendered page", async () => {
    const res = await fetch(`${baseUrl}/guides`);
    const html = await res.text();
    const ids = [...new Set([...html.matchAll(/href="(\/guides\/[^"#?]+)"/g)].map((m) => m[1] ?? ""))];
    expect(ids.length).toBeGreaterThanOrEqual(4);
    for (const href of ids) {
      const page = await fetch(`${baseUrl}${href}`);
      expect(page.status, href).toBe(200);
    }
  });

  it.each(["/articles/no-such-article", "/guides/no-such-guide"])(
    "%s answers 404 with the error page",
    async (path) => {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Page not found");
    },
  );
});
