import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { uniqueEmail } from "./support/accounts.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { findSecrets, recordTraffic, storedText, trafficPlaces } from "./support/egress.ts";
import { submitLogin } from "./support/login-form.ts";

// [Note: The secret egress check] in e2e/support/egress.ts. One person's whole life with the account's secrets, as
// they would do it in the browser: sign up, sign out, log in, change the password, forget it and recover with the
// recovery key. Every request and response of the browser, and afterwards every byte the server stored, is searched
// for every password, every vault key and the recovery key.

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const databaseUrl = inject("databaseUrl");

const vaultKeyOf = async (page: Page) => {
  const b64 = await page.evaluate(() => sessionStorage.getItem("vaultKey"));
  expect(b64).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  return Buffer.from(b64 ?? "", "base64");
};

async function signOut(page: Page) {
  await page
    .getByRole("button", { name: /sign out/i })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname.toLowerCase() === "/login");
}

describe("secret egress", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("no password, vault key or recovery key reaches the server during sign-up, login, password change and recovery", async () => {
    const { page, context, errors } = await openPage(browser);
    await context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
    const traffic = recordTraffic(page);
    const email = uniqueEmail("egress");
    const passwords = {
      first: "juniper orchestra pebble lantern",
      second: "saffron glacier tumble harbour",
      third: "velvet compass thistle morning",
    };
    const vaultKeys: Buffer[] = [];
    try {
      // Sign up, keep the recovery kit's key as a person would (on paper), acknowledge it.
      await page.goto(`${baseUrl}/SignUp`);
      await page.getByLabel("Your name").fill("egress person");
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(passwords.first);
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole("button", { name: "Create vault" }).click();
      await page.getByRole("heading", { name: "Save your recovery kit" }).waitFor({ timeout: 60_000 });
      const recoveryKey = ((await page.getByTestId("recovery-key").textContent()) ?? "").trim();
      expect(recoveryKey).toMatch(/^([0-9A-Z]{4}-){13}[0-9A-Z]{4}$/);
      await page.getByLabel("I have saved my recovery kit").check();
      await page.getByRole("button", { name: /Skip for now/ }).click();
      await page.waitForURL(`${baseUrl}/app`);
      vaultKeys.push(await vaultKeyOf(page));
      await signOut(page);

      // Log in again.
      await submitLogin(page, email, passwords.first);
      await page.waitForURL(`${baseUrl}/app`, { timeout: 60_000 });
      vaultKeys.push(await vaultKeyOf(page));

      // Change the password on the security settings page.
      await page.goto(`${baseUrl}/app/securitysettings`);
      const change = page.getByRole("region", { name: "Change password" });
      await change.getByLabel("Current password").fill(passwords.first);
      await change.getByLabel("New password", { exact: true }).fill(passwords.second);
      await change.getByLabel("Confirm new password").fill(passwords.second);
      await change.getByRole("button", { name: "Change password" }).click();
      await change
        .getByText("Your password has been changed.", { exact: false })
        .waitFor({ timeout: 60_000 });
      vaultKeys.push(await vaultKeyOf(page));
      await signOut(page);

      // Forget it: recover with the recovery key, which sets a third password and signs in.
      await page.goto(`${baseUrl}/recover`);
      await page.getByLabel("Email address").first().fill(email);
      await page.getByLabel("Recovery key", { exact: true }).fill(recoveryKey);
      await page.getByLabel("New password", { exact: true }).fill(passwords.third);
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.waitForURL(`${baseUrl}/app`, { timeout: 60_000 });
      vaultKeys.push(await vaultKeyOf(page));

      await traffic.settle();
      const places = trafficPlaces(traffic.exchanges);
      const wire = Object.entries(places)
        .map(([where, what]) => `${where}\n${what}`)
        .join("\n");
      // The capture sees what it should: the email went out, and a derived auth key (not a secret) was sent.
      expect(wire).toContain(email);
      expect(wire).toContain("/api/auth/sign-in/email");
      const stored = await storedText(dataDir, databaseUrl);
      expect(stored).toContain(email);

      const secrets: Record<string, string | Uint8Array> = {
        "first password": passwords.first,
        "second password": passwords.second,
        "third password": passwords.third,
        "recovery key": recoveryKey,
        "recovery key without dashes": recoveryKey.replaceAll("-", ""),
        ...Object.fromEntries(vaultKeys.map((key, i) => [`vault key ${i + 1}`, key])),
      };
      expect(new Set(vaultKeys.map((k) => k.toString("hex"))).size).toBe(3); // sign-up = login; then two new ones
      // The search finds what is there (the email, in several places) ...
      expect(findSecrets({ email }, places).length).toBeGreaterThan(0);
      // ... and none of the secrets anywhere.
      expect(findSecrets(secrets, places)).toEqual([]);
      expect(findSecrets(secrets, { "the server's stored data": stored })).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
