import { createAccountKeys, deriveAuthKey, deriveVaultKey, type KdfParams } from "@heirloom/crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { HttpClient } from "./support/accounts.ts";
import { launchBrowser, openPage, seriousAxeViolations } from "./support/browser.ts";
import { signInError } from "./support/login-form.ts";
import { completeOidcLogin, socialEmailFor } from "./support/oidc.ts";
import { currentStep, enrolTotp } from "./support/totp.ts";

// Social sign-in in Chromium against a local OpenID Connect provider (oidc-provider) standing in for Google: the
// provider proves who the person is; the vault still opens only with the vault password, typed in this browser.

const baseUrl = inject("baseUrl");
const screenshots = process.env.E2E_SCREENSHOTS;

/** From /Login, "Continue with Google", through the provider's pages, back to Heirloom. */
async function continueWithGoogle(page: Page, login: string): Promise<void> {
  await page.goto(`${baseUrl}/Login`);
  const button = page.getByRole("button", { name: "Continue with Google" });
  await button.waitFor({ timeout: 15_000 });
  // Only configured providers are offered: the e2e server has Google alone.
  expect(await page.getByRole("button", { name: /^Continue with (Apple|Microsoft|GitHub)$/ }).count()).toBe(
    0,
  );
  await Promise.all([page.waitForURL((url) => !url.toString().startsWith(baseUrl)), button.click()]);
  await completeOidcLogin(page, login, baseUrl);
}

/**
 * The first-vault-password step done in Node with the browser's session (what /SignUp?social=1 does in the page):
 * keys made with the real crypto, and the vault password's auth key becoming the account's password credential.
 */
async function setFirstVaultPassword(
  page: Page,
  password: string,
): Promise<{ http: HttpClient; authKey: string }> {
  const http = new HttpClient(baseUrl);
  for (const cookie of await page.context().cookies(baseUrl)) http.cookies.set(cookie.name, cookie.value);
  const me = await http.ok<{ uid: string; email: string; hasVault: boolean }>("GET", "/api/account/me");
  expect(me.hasVault).toBe(false);
  const { saltHex, kdf } = await http.ok<{ saltHex: string; kdf: KdfParams }>(
    "POST",
    "/api/account/prelogin",
    {
      email: me.email,
    },
  );
  const vaultKey = await deriveVaultKey(password, saltHex, kdf);
  const keys = await createAccountKeys(vaultKey, me.uid);
  const authKey = await deriveAuthKey(vaultKey);
  await http.ok("PUT", "/api/account/keys", {
    saltHex,
    blobs: keys.blobs,
    recovery: keys.recovery,
    recoveryAuthKey: keys.recoveryAuthKey,
    newAuthKey: authKey,
  });
  return { http, authKey };
}

describe("social sign-in", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("first time: a new account is sent to set its first vault password; later: the vault password unlocks", async () => {
    const login = `sam.social.${Date.now().toString(36)}`;
    const vaultPassword = "a long vault password for sam";

    const first = await openPage(browser);
    try {
      await continueWithGoogle(first.page, login);
      await first.page.waitForURL(`${baseUrl}/SignUp?social=1`, { timeout: 20_000 });
      expect(await first.page.evaluate(() => sessionStorage.getItem("vaultKey"))).toBeNull();
      // The sign-up page's first-vault-password step, as a person does it.
      const field = first.page.getByLabel("Vault password", { exact: true });
      await field.waitFor({ timeout: 15_000 });
      await field.fill(vaultPassword);
      await first.page.getByRole("button", { name: "Set vault password" }).click();
      await first.page.getByText("I have saved my recovery kit").waitFor({ timeout: 60_000 });
    } finally {
      await first.context.close();
    }

    const second = await openPage(browser);
    const sent: string[] = [];
    second.page.on("request", (r) => sent.push(`${r.url()} ${r.postData() ?? ""}`));
    try {
      await continueWithGoogle(second.page, login);
      // The provider's own pages may log their own errors; ours are counted from here.
      const providerErrors = second.errors.length;
      await second.page.waitForURL(`${baseUrl}/Login?social=1`);
      await second.page.getByRole("heading", { name: "Unlock your vault" }).waitFor({ timeout: 20_000 });
      expect(await second.page.getByLabel("Signed in as").inputValue()).toBe(socialEmailFor(login));
      expect(await seriousAxeViolations(second.page)).toEqual([]);
      if (screenshots) {
        for (const [width, scheme] of [
          [390, "light"],
          [1280, "dark"],
        ] as const) {
          await second.page.setViewportSize({ width, height: 900 });
          await second.page.emulateMedia({ colorScheme: scheme });
          await second.page.screenshot({
            path: `${screenshots}/social-unlock-${width}-${scheme}.png`,
            fullPage: true,
          });
        }
      }

      await second.page.getByLabel("Vault password").fill("not the vault password");
      await second.page.getByRole("button", { name: "Unlock vault" }).click();
      expect(await signInError(second.page)).toBe(
        "That password does not open your vault. Please try again.",
      );

      await second.page.getByLabel("Vault password").fill(vaultPassword);
      await second.page.getByRole("button", { name: "Unlock vault" }).click();
      await second.page.waitForURL(`${baseUrl}/app`, { timeout: 30_000 });
      await expect
        .poll(() => second.page.getByRole("banner").getByText("Sam Social").count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      expect(sent.filter((line) => line.includes(vaultPassword))).toEqual([]);
      expect(second.errors.slice(providerErrors)).toEqual([]);
    } finally {
      await second.context.close();
    }
  });

  it("with two-factor sign-in on, the provider's sign-in asks for the code before the vault password", async () => {
    const login = `tia.twofactor.${Date.now().toString(36)}`;
    const vaultPassword = "the vault password of tia";
    let code: (step: number) => string;
    const first = await openPage(browser);
    try {
      await continueWithGoogle(first.page, login);
      await first.page.waitForURL(`${baseUrl}/SignUp?social=1`, { timeout: 20_000 });
      const { http, authKey } = await setFirstVaultPassword(first.page, vaultPassword);
      code = (await enrolTotp(http, authKey)).code;
    } finally {
      await first.context.close();
    }

    const second = await openPage(browser);
    try {
      await continueWithGoogle(second.page, login);
      await second.page.waitForURL(`${baseUrl}/Login?social=1&twoFactor=1`, { timeout: 20_000 });
      // No session until the code is given.
      expect((await second.page.request.get(`${baseUrl}/api/account/me`)).status()).toBe(401);
      const codeField = second.page.getByLabel("6-digit code");
      await codeField.waitFor({ timeout: 15_000 });
      const button = second.page.getByRole("button", { name: "Verify and sign in" });
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
      await codeField.fill(code(await currentStep()));
      await button.click();
      await second.page.getByRole("heading", { name: "Unlock your vault" }).waitFor({ timeout: 20_000 });
      await second.page.getByLabel("Vault password").fill(vaultPassword);
      await second.page.getByRole("button", { name: "Unlock vault" }).click();
      await second.page.waitForURL(`${baseUrl}/app`, { timeout: 30_000 });
      await second.page.getByRole("button", { name: "Sign Out" }).first().waitFor({ timeout: 15_000 });
    } finally {
      await second.context.close();
    }
  });

  it("a provider sign-in that did not complete says so on /Login", async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${baseUrl}/Login?error=access_denied`);
      expect(await signInError(page)).toBe(
        "Signing in with your provider did not complete. Please try again, or sign in with your email and password.",
      );
    } finally {
      await context.close();
    }
  });
});
