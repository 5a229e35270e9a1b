import { accountMessages } from "@heirloom/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, passwordUnlocksKeys, signInHttp } from "./support/accounts.ts";
import { launchBrowser, openPage, seriousAxeViolations, type WatchedPage } from "./support/browser.ts";
import { waitForMail } from "./support/mail.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");

// A forgotten password, both ways: with the recovery key (new password, every key still opens) and by email only
// (login back, vault locked until the recovery key is used).

async function open(browser: Browser, options: Parameters<typeof openPage>[1] = {}): Promise<WatchedPage> {
  const watched = await openPage(browser, options);
  await watched.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
  return watched;
}

async function recoverWithKey(page: Page, values: { email?: string; key: string; password: string }) {
  if (values.email !== undefined) await page.getByLabel("Email address").first().fill(values.email);
  await page.getByLabel("Recovery key", { exact: true }).fill(values.key);
  await page.getByLabel("New password", { exact: true }).fill(values.password);
  await page.getByRole("button", { name: "Set new password" }).click();
}

describe("account recovery", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("sets a new password with the recovery key: the old one stops working and the keys still open", async () => {
    const account = await createAccount(baseUrl, { name: "recovering person" });
    const { page, context, errors } = await open(browser);
    try {
      const sent: string[] = [];
      page.on("request", (r) => sent.push(`${r.url()} ${r.postData() ?? ""}`));
      await page.goto(`${baseUrl}/recover`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const newPassword = "saffron tugboat orbit seventeen";
      // Typed as a person copies it from paper: lower case, spaces instead of dashes.
      const typed = account.recoveryKey.toLowerCase().replaceAll("-", " ");
      await recoverWithKey(page, { email: account.email, key: typed, password: newPassword });
      await page.waitForURL(`${baseUrl}/app`, { timeout: 60_000 });
      await expect.poll(() => page.getByRole("button", { name: /sign out/i }).count()).toBeGreaterThan(0);

      expect(await passwordUnlocksKeys(baseUrl, account.email, account.password)).toBe(false);
      expect(await passwordUnlocksKeys(baseUrl, account.email, newPassword)).toBe(true);
      const everything = sent.join("\n");
      expect(everything).not.toContain(newPassword);
      expect(everything).not.toContain(account.recoveryKey);
      expect(everything.toUpperCase()).not.toContain(account.recoveryKey.replaceAll("-", ""));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says when a recovery key has a typing mistake, and when it belongs to another account", async () => {
    const [account, other] = await Promise.all([createAccount(baseUrl), createAccount(baseUrl)]);
    const { page, context } = await open(browser, { width: 320, colorScheme: "dark" });
    try {
      await page.goto(`${baseUrl}/recover`);
      const mistyped = `${account.recoveryKey.slice(0, -1)}${account.recoveryKey.endsWith("0") ? "1" : "0"}`;
      await recoverWithKey(page, {
        email: account.email,
        key: mistyped,
        password: "quiet meadow lantern fig",
      });
      await expect
        .poll(() => page.getByText(/Invalid recovery key: please check for typing mistakes/).count(), {
          timeout: 30_000,
        })
        .toBe(1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("recover-key");

      await recoverWithKey(page, { key: other.recoveryKey, password: "quiet meadow lantern fig" });
      await expect
        .poll(() => page.getByText(accountMessages.recoveryKeyMismatch).count(), { timeout: 30_000 })
        .toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await passwordUnlocksKeys(baseUrl, account.email, account.password)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("an email-only reset restores login, says plainly the documents stay locked, and the key unlocks them", async () => {
    const account = await createAccount(baseUrl, { name: "reset person" });
    const { page, context } = await open(browser, { width: 390 });
    try {
      await page.goto(`${baseUrl}/recover`);
      const since = Date.now();
      await page.locator("#reset-email").fill(account.email);
      await page.getByRole("button", { name: "Email me a reset link" }).click();
      await expect
        .poll(() => page.getByText(`If an account uses ${account.email}`, { exact: false }).count(), {
          timeout: 15_000,
        })
        .toBe(1);

      const mail = await waitForMail(mailDir, account.email, { subject: /reset/i, since });
      const link = mail.links.find((l) => l.includes("/recover?reset="));
      expect(link).toBeTruthy();
      await page.goto(link ?? "");
      await expect.poll(() => page.getByLabel("Email address").inputValue()).toBe(account.email);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const resetPassword = "marble cactus whistle ninety";
      await page.getByLabel("New password", { exact: true }).fill(resetPassword);
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect
        .poll(() => page.getByText("Your documents are still locked").count(), { timeout: 30_000 })
        .toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Login works again with the new password, and the server knows the vault is locked.
      const http = await signInHttp(baseUrl, account.email, resetPassword);
      expect(await http.ok("GET", "/api/account/me")).toMatchObject({ vaultLocked: true });
      expect(await passwordUnlocksKeys(baseUrl, account.email, resetPassword)).toBe(false);

      // The recovery key opens the documents again, under a new password.
      await page.getByRole("link", { name: "Unlock with my recovery key" }).click();
      await expect.poll(() => page.getByLabel("Email address").first().inputValue()).toBe(account.email);
      const finalPassword = "harbour violet compass eleven";
      await recoverWithKey(page, { key: account.recoveryKey, password: finalPassword });
      await page.waitForURL(`${baseUrl}/app`, { timeout: 60_000 });
      expect(await passwordUnlocksKeys(baseUrl, account.email, finalPassword)).toBe(true);
      const after = await signInHttp(baseUrl, account.email, finalPassword);
      expect(await after.ok("GET", "/api/account/me")).toMatchObject({ vaultLocked: false });
    } finally {
      await context.close();
    }
  });

  it("explains a used or invalid reset link", async () => {
    const { page, context } = await open(browser);
    try {
      await page.goto(`${baseUrl}/recover?reset=not-a-token&email=nobody%40example.com`);
      await page.getByLabel("New password", { exact: true }).fill("copper kettle seventy dunes");
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect
        .poll(() => page.getByText(/This reset link is invalid or has expired/).count(), { timeout: 30_000 })
        .toBe(1);
    } finally {
      await context.close();
    }
  });
});
