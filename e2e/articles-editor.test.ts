import { articleMessages } from "@heirloom/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminEmail } from "./global-setup.ts";
import { createAccount, openSignedInPage, type TestAccount } from "./support/accounts.ts";
import { launchBrowser, seriousAxeViolations } from "./support/browser.ts";
import { waitForMail } from "./support/mail.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");

// The articles editor (/app/addarticle, also reached from /admin): only a verified address of ADMIN_EMAILS may use it.

const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

async function openAs(
  browser: Browser,
  account: TestAccount,
  options: Parameters<typeof openSignedInPage>[3] = {},
) {
  const watched = await openSignedInPage(browser, baseUrl, account, options);
  await watched.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
  return watched;
}

describe("articles editor", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("is closed to a signed-in person who is not an admin: a 403 page, no link, and the API refuses", async () => {
    const account = await createAccount(baseUrl, { name: "ordinary person" });
    for (const colorScheme of ["light", "dark"] as const) {
      const { page, context, errors } = await openAs(browser, account, { colorScheme });
      try {
        await page.goto(`${baseUrl}/admin`);
        await page.getByText("Error 403").waitFor({ timeout: 30_000 });
        expect(new URL(page.url()).pathname).toBe("/app/addarticle");
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("For Heirloom editors only");
        expect(await page.getByRole("textbox", { name: "Title" }).count()).toBe(0);
        const status = await page.evaluate(async () => (await fetch("/api/admin/articles")).status);
        expect(status).toBe(403);
        await settled(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.goto(`${baseUrl}/app/More`);
        await page.getByRole("heading", { name: "Reading and help" }).waitFor({ timeout: 30_000 });
        expect(await page.getByRole("link", { name: /Articles editor/ }).count()).toBe(0);
        expect(errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("lets a verified admin write with a live preview, see the server's slug message, publish to /articles/{slug}, and unpublish", async () => {
    const admin = await createAccount(baseUrl, { email: adminEmail, name: "editor person" });
    const { page, context, errors } = await openAs(browser, admin);
    try {
      // Before the address is verified the account is no admin.
      await page.goto(`${baseUrl}/app/addarticle`);
      await page.getByText("Error 403").waitFor({ timeout: 30_000 });
      const mail = await waitForMail(mailDir, adminEmail, { subject: /confirm your email/i });
      const link = mail.links.find((l) => l.startsWith(`${baseUrl}/ConfirmEmail?token=`));
      if (!link) throw new Error("no verification link");
      await page.goto(link);
      await page.getByText("Email has been successfully verified.").waitFor({ timeout: 30_000 });

      await page.goto(`${baseUrl}/app/More`);
      await page.getByRole("link", { name: /Articles editor/ }).click();
      await page.getByRole("heading", { name: "Everything written" }).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("article-list").textContent()).toContain(
        "What a digital legacy is, and why it matters",
      );
      await page.getByRole("button", { name: "New article or guide" }).click();

      const slug = `keeping-notes-${Date.now().toString(36)}`;
      await page.getByRole("textbox", { name: "Title" }).fill("Keeping Notes for Later");
      // The slug follows the title until it is edited.
      await expect
        .poll(() => page.getByRole("textbox", { name: "Address (slug)" }).inputValue())
        .toBe("keeping-notes-for-later");
      await page
        .getByRole("textbox", { name: "Summary" })
        .fill("Where to write things down so they are found.");
      await page
        .getByRole("textbox", { name: "Text (Markdown)" })
        .fill("## Start small\n\nWrite **one page** first.\n\n<script>window.hacked = true</script>");
      const preview = page.getByTestId("article-preview");
      await preview.locator("strong", { hasText: "one page" }).waitFor({ timeout: 15_000 });
      expect(await preview.locator("h2").textContent()).toBe("Start small");
      expect(await preview.locator("script").count()).toBe(0);
      await settled(page);
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/editor-form.png`, fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A slug already taken: the server's message at the field, focus on it, nothing published.
      const slugField = page.getByRole("textbox", { name: "Address (slug)" });
      await slugField.fill("what-is-a-digital-legacy");
      await page.getByRole("button", { name: "Publish" }).click();
      await page.getByText(articleMessages.slugTaken).first().waitFor();
      expect(await slugField.getAttribute("aria-invalid")).toBe("true");
      await slugField.fill(slug);
      await page.getByRole("button", { name: "Publish" }).click();
      await page.getByText('"Keeping Notes for Later" was published.').waitFor();

      await page.getByRole("link", { name: `Read it at /articles/${slug}` }).click();
      await page
        .getByRole("heading", { name: "Keeping Notes for Later", level: 1 })
        .waitFor({ timeout: 30_000 });
      expect(await page.locator("strong", { hasText: "one page" }).count()).toBe(1);
      expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
      const published = await fetch(`${baseUrl}/articles/${slug}`);
      expect(published.status).toBe(200);

      // Unpublish: the public page is gone.
      await page.goto(`${baseUrl}/app/addarticle`);
      await page.getByRole("button", { name: "Edit Keeping Notes for Later" }).click();
      await page.getByRole("button", { name: "Unpublish" }).click();
      await page.getByText('"Keeping Notes for Later" was unpublished.').waitFor();
      expect((await fetch(`${baseUrl}/articles/${slug}`)).status).toBe(404);
      expect(errors.filter((e) => !/status of (403|409)/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [390, 1280]) {
        const { page, context } = await openAs(browser, admin, { colorScheme, width });
        try {
          await page.goto(`${baseUrl}/app/addarticle`);
          await page.getByRole("heading", { name: "Everything written" }).waitFor({ timeout: 30_000 });
          await settled(page);
          if (process.env.E2E_SCREENSHOTS)
            await page.screenshot({
              path: `${process.env.E2E_SCREENSHOTS}/editor-${colorScheme}-${width}.png`,
              fullPage: true,
            });
          expect(await seriousAxeViolations(page), `${colorScheme} ${width}`).toEqual([]);
        } finally {
          await context.close();
        }
      }
    }
  });
});
