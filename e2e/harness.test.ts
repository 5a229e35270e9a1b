import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, openSignedInPage, passwordUnlocksKeys } from "./support/accounts.ts";
import { launchBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/mail.ts";

// The journeys' own footing: accounts made in Node are real accounts, mail really travels over SMTP, and a page
// opened "signed in" really is (server session cookie and the tab's vault key).

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");

describe("browser journey harness", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("an account made in Node gets its verification mail over SMTP, and its password opens its keys", async () => {
    const account = await createAccount(baseUrl, { name: "harness person" });
    const mail = await waitForMail(mailDir, account.email, { subject: /confirm your email/i });
    expect(mail.text).toContain("Hello Harness Person");
    expect(mail.links.some((l) => l.startsWith(`${baseUrl}/ConfirmEmail?token=`))).toBe(true);
    expect(await passwordUnlocksKeys(baseUrl, account.email, account.password)).toBe(true);
    expect(await passwordUnlocksKeys(baseUrl, account.email, `${account.password}x`)).toBe(false);
  });

  it("a page opened signed in shows the signed-in header and the app", async () => {
    const account = await createAccount(baseUrl, { name: "header person" });
    const { page, context, errors } = await openSignedInPage(browser, baseUrl, account);
    try {
      await page.goto(`${baseUrl}/app`);
      await expect
        .poll(() => page.getByRole("button", { name: /sign out/i }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      expect(page.url()).toBe(`${baseUrl}/app`);
      await expect.poll(() => page.getByText("Header Person").count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
