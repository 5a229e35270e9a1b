import { phoneMessages } from "@heirloom/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, openSignedInPage, signInHttp } from "./support/accounts.ts";
import { launchBrowser, openPage, seriousAxeViolations, type WatchedPage } from "./support/browser.ts";
import { submitLogin } from "./support/login-form.ts";
import { changePasswordHttp } from "./support/password-change.ts";
import { textCount, waitForTextCode } from "./support/texts.ts";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");

// Contact preferences, notifications, the activity log, help and More, as a signed-in person uses them.

const shots = process.env.E2E_SCREENSHOTS;
/** The routed page fades in: wait for that to end, so axe and screenshots see the page as a person does. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

async function shot(page: Page, name: string) {
  await settled(page);
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** axe in light and dark, at phone and desktop widths, on one signed-in page. */
async function checkEveryLook(
  browser: Browser,
  account: Awaited<ReturnType<typeof createAccount>>,
  path: string,
  ready: string,
) {
  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openSignedInPage(browser, baseUrl, account, {
        colorScheme,
        width,
      });
      try {
        await page.goto(`${baseUrl}${path}`);
        await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 30_000 });
        await shot(page, `${path.replaceAll("/", "_")}-${colorScheme}-${width}`);
        expect(await seriousAxeViolations(page), `${path} ${colorScheme} ${width}`).toEqual([]);
        // No sideways scrolling on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} ${colorScheme} ${width}`).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }
}

async function openAs(
  browser: Browser,
  account: Awaited<ReturnType<typeof createAccount>>,
): Promise<WatchedPage> {
  const watched = await openSignedInPage(browser, baseUrl, account);
  await watched.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
  return watched;
}

describe("account preferences", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("edits contact preferences, refuses a bad phone number, verifies a number with the texted code, and keeps it all after a reload", async () => {
    const account = await createAccount(baseUrl, { name: "contact person" });
    const { page, context, errors } = await openAs(browser, account);
    try {
      await page.goto(`${baseUrl}/account/contactpreferencess`);
      const email = page.getByRole("checkbox", { name: "Email" });
      const texts = page.getByRole("checkbox", { name: "Text messages" });
      await email.waitFor({ timeout: 30_000 });
      // Texts cannot be turned on before a number is verified.
      expect(await texts.isDisabled()).toBe(true);
      expect(await page.getByRole("radio", { name: /Every 60 days/ }).isChecked()).toBe(true);

      await email.check();
      await page.getByRole("radio", { name: /Every 90 days/ }).check();
      await page.getByRole("button", { name: "Save preferences" }).click();
      await page.getByText("Your contact preferences are saved.").waitFor();

      // A bad number: the field says what is wrong, nothing is sent or saved.
      const phoneField = page.getByRole("textbox", { name: "Mobile number" });
      await phoneField.fill("07700 900123");
      await page.getByRole("button", { name: "Text me a code" }).click();
      await page.getByText(phoneMessages.invalid).waitFor();
      expect(await phoneField.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await phoneField.getAttribute("aria-invalid")).toBe("true");
      const http = await signInHttp(baseUrl, account.email, account.password);
      expect(await http.ok("GET", "/api/account/phone")).toEqual({ phone: null, pending: null });

      // The right one: a code goes to the phone; a wrong code is refused; the right one verifies it.
      const number = `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`;
      await phoneField.fill(number.replace(/^(\+44)(\d{4})/, "$1 $2 "));
      await page.getByRole("button", { name: "Text me a code" }).click();
      const codeField = page.getByLabel("Code from the text message");
      await codeField.waitFor();
      expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);
      const code = await waitForTextCode(dataDir, number);
      await codeField.fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Verify number" }).click();
      await page.getByText(phoneMessages.codeWrong).waitFor();
      await codeField.fill(code);
      await page.getByRole("button", { name: "Verify number" }).click();
      await page.getByTestId("verified-phone").waitFor();
      expect(await page.getByTestId("verified-phone").textContent()).toBe(number);
      expect(textCount(dataDir, number)).toBe(1);

      // Now texts can be turned on.
      await expect.poll(() => texts.isDisabled()).toBe(false);
      await texts.check();
      await page.getByRole("button", { name: "Save preferences" }).click();
      await page.getByText("Your contact preferences are saved.").waitFor();

      await page.reload();
      await email.waitFor({ timeout: 30_000 });
      expect(await email.isChecked()).toBe(true);
      expect(await texts.isChecked()).toBe(true);
      expect(await page.getByRole("radio", { name: /Every 90 days/ }).isChecked()).toBe(true);
      expect(await page.getByTestId("verified-phone").textContent()).toBe(number);
      // /account/contactpreferences is the same page.
      await page.goto(`${baseUrl}/account/contactpreferences`);
      await page.getByTestId("verified-phone").waitFor({ timeout: 30_000 });
      // The one refused call is the wrong code's (400); the browser logs it, the page handled it.
      expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
      expect(errors).toHaveLength(1);
    } finally {
      await context.close();
    }
    await checkEveryLook(browser, account, "/account/contactpreferencess", "Mobile number");
  });

  it("shows a notification after a password change, with an unread badge, and marks it read", async () => {
    const created = await createAccount(baseUrl, { name: "notified person" });
    const account = await changePasswordHttp(baseUrl, created, "new harbour lantern ninety");
    const { page, context, errors } = await openAs(browser, account);
    try {
      await page.goto(`${baseUrl}/app`);
      const bell = page.getByTestId("notifications-bell");
      await expect
        .poll(() => bell.getAttribute("aria-label"), { timeout: 30_000 })
        .toBe("Notifications, 1 unread");
      await bell.click();
      await page.waitForURL(`${baseUrl}/app/notifications`);
      await page.getByRole("heading", { name: /Your password was changed/ }).waitFor({ timeout: 30_000 });
      expect(await page.getByRole("heading", { name: "1 unread" }).count()).toBe(1);
      await shot(page, "notifications-unread");
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole("button", { name: /Mark as read/ }).click();
      await page.getByRole("heading", { name: "All read" }).waitFor();
      await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications");
      await page.reload();
      await page.getByRole("heading", { name: "All read" }).waitFor({ timeout: 30_000 });
      expect(await page.getByRole("heading", { name: /Unread: / }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    await checkEveryLook(browser, account, "/account/notifications", "Your password was changed");
  });

  it("lists a login with its device and operating system, and keeps the logging switch after a reload", async () => {
    const account = await createAccount(baseUrl, { name: "active person" });
    const { page, context, errors } = await openPage(browser);
    try {
      await context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
      await page.goto(`${baseUrl}/Login`);
      await submitLogin(page, account.email, account.password);
      await page.waitForURL(`${baseUrl}/app`, { timeout: 60_000 });
      await page.goto(`${baseUrl}/app/Activity`);
      const list = page.getByTestId("activity-list");
      await list.waitFor({ timeout: 30_000 });
      const first = list.getByRole("listitem").first();
      expect(await first.textContent()).toMatch(/Signed in.*Chrome on a computer.*Linux/);
      // The time is shown in the reader's locale, with a machine-readable value beside it.
      expect(await first.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      const logging = page.getByRole("checkbox", { name: "Log my routine activity" });
      expect(await logging.isChecked()).toBe(true);
      await logging.uncheck();
      await page.getByText("Activity logging is off. Security events are still kept.").waitFor();
      await page.reload();
      await logging.waitFor({ timeout: 30_000 });
      expect(await logging.isChecked()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    await checkEveryLook(browser, account, "/app/Activity", "Chrome on a computer");
  });

  it("offers help topics, questions and support on /app/help, and the secondary pages on /app/More", async () => {
    const account = await createAccount(baseUrl, { name: "helped person" });
    const { page, context, errors } = await openAs(browser, account);
    try {
      await page.goto(`${baseUrl}/app/help`);
      await page.getByRole("heading", { name: "Help topics" }).waitFor({ timeout: 30_000 });
      await page.getByText("What if I forget my password?").click();
      await page.getByText(/Use your recovery kit/).waitFor();
      expect(await page.getByRole("link", { name: "Write to support" }).getAttribute("href")).toBe(
        "/Contact",
      );
      await page.goto(`${baseUrl}/app/More`);
      await page.getByRole("link", { name: /Contact preferences/ }).waitFor({ timeout: 30_000 });
      // A person who is not an editor never sees the editor's link.
      expect(await page.getByRole("link", { name: /Articles editor/ }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    await checkEveryLook(browser, account, "/app/help", "Help topics");
    await checkEveryLook(browser, account, "/app/More", "Reading and help");
  });

  it("answers common questions on the public /account/help, and asks a visitor to sign in for the rest", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [390, 1280]) {
        const { page, context, errors } = await openPage(browser, { colorScheme, width });
        try {
          await context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
          const response = await page.goto(`${baseUrl}/account/help`);
          expect(response?.status()).toBe(200);
          await page.getByRole("heading", { name: "Common questions" }).waitFor();
          await page.getByRole("heading", { name: "Sign in to continue" }).waitFor({ timeout: 15_000 });
          // Topics lead into the vault, so visitors do not get them.
          expect(await page.getByRole("heading", { name: "Help topics" }).count()).toBe(0);
          await shot(page, `account-help-visitor-${colorScheme}-${width}`);
          expect(await seriousAxeViolations(page), `${colorScheme} ${width}`).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }
    }
  });
});
