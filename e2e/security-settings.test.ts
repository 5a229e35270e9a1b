import { readFileSync } from "node:fs";
import path from "node:path";
import { accountMessages, preloginResponseSchema } from "@heirloom/contract";
import { dangerouslyExportVaultKeyB64, deriveAuthKey, deriveVaultKey } from "@heirloom/crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { passwordMessages } from "../apps/web/app/features/auth/password-policy.ts";
import {
  createAccount,
  HttpClient,
  openSignedInPage,
  passwordUnlocksKeys,
  signInHttp,
  type TestAccount,
} from "./support/accounts.ts";
import { launchBrowser, openPage, seriousAxeViolations, type WatchedPage } from "./support/browser.ts";
import { leaksIn, recordRequests } from "./support/egress.ts";
import { base32Decode, currentStep, hotp } from "./support/totp.ts";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const databaseUrl = inject("databaseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// --- Helpers ---------------------------------------------------------------------------------------------------

/** A tab signed in as the account (e2e/support/accounts.ts), with the cookie notice already acknowledged. */
async function signedInPage(
  account: TestAccount,
  options: { width?: number; colorScheme?: "light" | "dark" } = {},
): Promise<WatchedPage> {
  const watched = await openSignedInPage(browser, baseUrl, account, options);
  await watched.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
  return watched;
}

/** POST /api/auth/sign-in/email with an auth key, from a fresh client (another device). */
async function signInWithAuthKey(email: string, authKey: string) {
  const http = new HttpClient(baseUrl);
  const response = await http.request("POST", "/api/auth/sign-in/email", { email, password: authKey });
  return { http, status: response.status, json: (await response.json()) as unknown };
}

/** What the browser derives from a password with the account's current salt: the vault key (base64) and auth key. */
async function vaultKeyFor(email: string, password: string) {
  const pre = preloginResponseSchema.parse(
    await new HttpClient(baseUrl).ok("POST", "/api/account/prelogin", { email }),
  );
  const vaultKey = await deriveVaultKey(password, pre.saltHex, pre.kdf, { extractable: true });
  return {
    saltHex: pre.saltHex,
    authKey: await deriveAuthKey(vaultKey),
    vaultKeyB64: await dangerouslyExportVaultKeyB64(vaultKey),
  };
}

const status = async (http: HttpClient, urlPath: string) => (await http.request("GET", urlPath)).status;

/** How many rows the user has in the tables a deletion must empty, read from the e2e server's database. */
async function rowsOf(userId: string) {
  const database = await openDatabase(databaseUrl ?? `sqlite://${path.join(dataDir, "heirloom.sqlite")}`);
  try {
    const { db } = database;
    const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
    return {
      user: await count(db.selectFrom("user").select("id").where("id", "=", userId)),
      session: await count(db.selectFrom("session").select("id").where("userId", "=", userId)),
      account: await count(db.selectFrom("account").select("id").where("userId", "=", userId)),
      account_keys: await count(
        db.selectFrom("account_keys").select("user_id").where("user_id", "=", userId),
      ),
      profiles: await count(db.selectFrom("profiles").select("user_id").where("user_id", "=", userId)),
    };
  } finally {
    await database.close();
  }
}

// --- Page helpers ----------------------------------------------------------------------------------------------

const settingsPath = "/app/securitysettings";

async function openSettings(page: Page, at = settingsPath) {
  await page.goto(`${baseUrl}${at}`);
  await page.getByRole("heading", { name: "Security settings", level: 1 }).waitFor();
}

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `${name}.png`), fullPage: true });
}

// --- Journeys --------------------------------------------------------------------------------------------------

describe("two-factor enrolment", () => {
  it("enrols an authenticator through the page, shows the backup codes once, and the settings say it is on", async () => {
    const account = await createAccount(baseUrl);
    const { page, context, errors } = await signedInPage(account);
    await openSettings(page);
    await expect(page.getByTestId("mfa-status").textContent()).resolves.toContain("Off");
    const sent = recordRequests(page);
    await page.getByRole("link", { name: "Set up two-factor" }).click();
    await page.waitForURL(`${baseUrl}/mfa/setup`);
    await page.getByRole("heading", { name: /Confirm it is you/ }).waitFor();

    // Step 1: the password, checked by its auth key.
    await page.getByLabel("Current password").fill("not my password");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText(accountMessages.incorrectPassword).waitFor();
    // Keyboard only from here: Enter submits.
    await page.getByLabel("Current password").fill(account.password);
    await page.getByLabel("Current password").press("Enter");

    // Step 2: QR code and the setup key in groups of four.
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const shownKey = (await page.getByTestId("mfa-setup-key").textContent()) ?? "";
    expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(
      await page
        .getByRole("heading", { name: /Add Heirloom to your authenticator app/ })
        .evaluate((h) => h === document.activeElement),
    ).toBe(true);
    // Copy key puts the key itself (no spaces) on the clipboard.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await page.getByRole("button", { name: "Copy key" }).click();
    await page.getByText("Key copied.").waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      shownKey.replace(/ /g, ""),
    );
    const secret = base32Decode(shownKey);
    const step = await currentStep();

    // Step 3: a wrong code is refused with SPEC's text; the right one turns two-factor on.
    const code = page.getByRole("textbox", { name: "Six-digit code" });
    await code.fill(String((Number(hotp(secret, step)) + 1) % 1_000_000).padStart(6, "0"));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await page.getByText(accountMessages.invalidTotp).waitFor();
    expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
    await shoot(page, "mfa-wrong-code");
    await code.fill(hotp(secret, step));
    await code.press("Enter");

    // Step 4: ten backup codes, shown once.
    const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await page.getByRole("heading", { name: /Save your backup codes/ }).waitFor();
    expect(await codes.count()).toBe(10);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, "mfa-backup-codes");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download codes" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("heirloom-backup-codes.txt");
    const fileLines = readFileSync(await file.path(), "utf8").split("\n");
    expect(fileLines).toEqual(expect.arrayContaining(await codes.allTextContents()));
    expect(fileLines).toContain(`Account: ${account.email}`);
    await page.getByRole("button", { name: "I have saved my backup codes" }).click();
    await page.waitForURL(`${baseUrl}${settingsPath}`);
    await expect(page.getByTestId("mfa-status").textContent()).resolves.toContain(
      "On: sign-in asks for a code",
    );

    // The server agrees: signing in now asks for the second factor.
    expect((await signInWithAuthKey(account.email, account.authKey)).json).toMatchObject({
      twoFactorRedirect: true,
    });

    // Re-authentication now asks for a fresh code too: the one used to enrol is refused (no replay).
    const deletion = page.getByRole("region", { name: "Delete account" });
    await deletion.getByLabel("Current password").fill(account.password);
    await deletion.getByLabel("Type DELETE to confirm").fill("DELETE");
    const reauthCode = deletion.getByLabel("Code from your authenticator app");
    await reauthCode.fill("12345");
    await deletion.getByRole("button", { name: "Delete my account" }).click();
    await deletion.getByText(accountMessages.totpRequired).waitFor();
    await reauthCode.fill(hotp(secret, step));
    await deletion.getByRole("button", { name: "Delete my account" }).click();
    await deletion.getByText(accountMessages.invalidTotp).waitFor({ timeout: 30_000 });
    expect(await reauthCode.evaluate((el) => el === document.activeElement)).toBe(true);
    await shoot(page, "settings-two-factor-on");
    // Nothing was deleted: the account still signs in, and still asks for the second factor.
    expect((await signInWithAuthKey(account.email, account.authKey)).json).toMatchObject({
      twoFactorRedirect: true,
    });

    // /mfa/setup now says it is on, with the way to turn it off.
    await page.goto(`${baseUrl}/mfa/setup`);
    await page.getByText("Two-factor sign-in is on").waitFor();
    await page.getByRole("button", { name: "Turn off two-factor" }).click();
    await page.getByLabel("Current password").fill(account.password);
    // Turning it off needs a fresh code too: without one, nothing changes.
    await page.getByRole("button", { name: "Turn off two-factor" }).click();
    await page.getByText(accountMessages.totpRequired).first().waitFor();
    await page.getByLabel("Code from your authenticator app").fill(hotp(secret, step + 1));
    await page.getByRole("button", { name: "Turn off two-factor" }).click();
    await page.getByRole("heading", { name: /Confirm it is you/ }).waitFor();
    await page.getByText("Two-factor sign-in is off").waitFor();
    const again = await signInWithAuthKey(account.email, account.authKey);
    expect(again.status).toBe(200);
    expect(again.json).not.toMatchObject({ twoFactorRedirect: true });
    expect(sent.length).toBeGreaterThan(0);
    expect(leaksIn(sent.join("\n"), [account.password])).toEqual([]);
    // The refused password and code show in the console as failed requests; nothing else may (CSP, exceptions).
    expect(errors.filter((e) => !/^Failed to load resource: .* (400|401|403)/.test(e))).toEqual([]);
    await context.close();
  });
});

describe("active sessions", () => {
  it("lists the sessions with this device marked, and signing others out ends them", async () => {
    const account = await createAccount(baseUrl); // sign-up leaves a session, as in the browser
    const other = await signInHttp(baseUrl, account.email, account.password);
    const { page, context, errors } = await signedInPage(account);
    await openSettings(page);
    const list = page.getByRole("list", { name: "Signed-in devices" });
    const rows = list.getByRole("listitem");
    await list.waitFor();
    expect(await rows.count()).toBe(3);
    // (openSignedInPage makes the session from Node, so the server saw Node's user agent for this one too.)
    await expect(rows.nth(0).textContent()).resolves.toContain("This device");
    for (const i of [1, 2]) await expect(rows.nth(i).textContent()).resolves.not.toContain("This device");
    expect(await rows.nth(0).getByRole("button").count()).toBe(0);

    // Everything but this browser.
    await page.getByRole("button", { name: "Sign out all other sessions" }).click();
    await page.getByText("Every other device has been signed out.").waitFor();
    expect(await rows.count()).toBe(1);
    await page.getByText("No other device is signed in.").waitFor();
    expect(await status(other, "/api/account/me")).toBe(401);

    // One device, by its own button.
    const second = await signInHttp(baseUrl, account.email, account.password);
    await page.reload();
    await list.waitFor();
    expect(await rows.count()).toBe(2);
    await rows
      .nth(1)
      .getByRole("button", { name: /^Sign out/ })
      .click();
    await page.getByText(/has been signed out\./).waitFor();
    expect(await rows.count()).toBe(1);
    expect(await status(second, "/api/account/me")).toBe(401);

    // This browser is still signed in.
    await page.reload();
    await list.waitFor();
    expect(await rows.count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("password change", () => {
  it("re-wraps the keys: the old password stops working, the new one unlocks them, other sessions end", async () => {
    const account = await createAccount(baseUrl);
    const other = await signInHttp(baseUrl, account.email, account.password);
    const oldCreds = await vaultKeyFor(account.email, account.password);
    const { page, context, errors } = await signedInPage(account);
    await openSettings(page);
    const form = page.getByRole("region", { name: "Change password" });

    // The new password follows the sign-up rules, checked before anything slow starts.
    const newPassword = "a new and rather long passphrase for heirloom";
    await form.getByLabel("Current password").fill(account.password);
    await form.getByLabel("New password", { exact: true }).fill("password");
    await form.getByLabel("Confirm new password").fill("password");
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText(passwordMessages.common).first().waitFor();
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(`${newPassword}!`);
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText(passwordMessages.mismatch).waitFor();

    // A wrong current password is named on its field.
    await form.getByLabel("Current password").fill("wrong password");
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(newPassword);
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText(accountMessages.incorrectPassword).waitFor();
    expect(await form.getByLabel("Current password").evaluate((el) => el === document.activeElement)).toBe(
      true,
    );

    // Every request from here on, to check that no password or vault key leaves the browser.
    const sent = recordRequests(page);

    // Progress is announced step by step while Argon2id and the re-wrap run: record every step the page shows.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        for (const status of document.querySelectorAll("[role=status]")) {
          const step = status.textContent?.match(/Step \d of 4: [^.…]+/)?.[0];
          if (step && seen.at(-1) !== step) seen.push(step);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await form.getByLabel("Current password").fill(account.password);
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText("Changing your password").waitFor();
    await shoot(page, "password-progress");
    await form.getByText("Your password has been changed.", { exact: false }).waitFor({ timeout: 60_000 });
    await shoot(page, "password-changed");
    await expect(
      page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen),
    ).resolves.toEqual([
      "Step 1 of 4: Checking your current password",
      "Step 2 of 4: Making the key for your new password",
      "Step 3 of 4: Re-encrypting your keys",
      "Step 4 of 4: Saving",
    ]);
    // The sessions list now shows this device alone.
    await page.getByText("No other device is signed in.").waitFor();

    // The old password's auth key is refused; the new password's works and opens the account's keys.
    expect((await signInWithAuthKey(account.email, account.authKey)).status).toBe(401);
    const renewed = await vaultKeyFor(account.email, newPassword);
    expect(renewed.saltHex).not.toBe(oldCreds.saltHex);
    expect((await signInWithAuthKey(account.email, renewed.authKey)).status).toBe(200);
    await expect(passwordUnlocksKeys(baseUrl, account.email, newPassword)).resolves.toBe(true);
    await expect(passwordUnlocksKeys(baseUrl, account.email, account.password)).resolves.toBe(false);

    // Zero knowledge: neither password nor either vault key was sent, in any common encoding.
    expect(sent.length).toBeGreaterThan(0);
    const vaultKeys = [oldCreds.vaultKeyB64, renewed.vaultKeyB64].map((k) => Buffer.from(k, "base64"));
    expect(leaksIn(sent.join("\n"), [account.password, newPassword, ...vaultKeys])).toEqual([]);
    expect(sent.some((s) => s.includes(renewed.authKey))).toBe(true);

    // The other device was signed out; this tab keeps the new key and stays in.
    expect(await status(other, "/api/account/me")).toBe(401);
    await expect(page.evaluate(() => sessionStorage.getItem("vaultSalt"))).resolves.toBe(renewed.saltHex);
    await page.reload();
    await page.getByRole("heading", { name: "Security settings", level: 1 }).waitFor();
    expect(page.url()).toBe(`${baseUrl}${settingsPath}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("account deletion", () => {
  it("needs the typed word, then removes the account and its rows and lands on the home page", async () => {
    const account = await createAccount(baseUrl);
    const { page, context } = await signedInPage(account);
    await openSettings(page);
    expect(await rowsOf(account.userId)).toEqual({
      user: 1,
      session: 2,
      account: 1,
      account_keys: 1,
      profiles: 1,
    });
    const form = page.getByRole("region", { name: "Delete account" });
    await form.getByLabel("Current password").fill(account.password);
    await form.getByLabel("Type DELETE to confirm").fill("delete");
    const sent = recordRequests(page);
    let deleteCalls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/account/delete")) deleteCalls++;
    });
    await form.getByRole("button", { name: "Delete my account" }).click();
    await form.getByText("Type DELETE in capital letters to confirm.").waitFor();
    expect(deleteCalls).toBe(0);
    expect(
      await form.getByLabel("Type DELETE to confirm").evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await form.getByLabel("Type DELETE to confirm").fill("DELETE");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${baseUrl}/?accountDeleted=true`, { timeout: 60_000 });
    await page.getByText("Your account has been deleted").waitFor();
    await shoot(page, "home-after-deletion");
    expect(deleteCalls).toBe(1);
    expect(sent.length).toBeGreaterThan(0);
    expect(leaksIn(sent.join("\n"), [account.password])).toEqual([]);
    await expect(page.evaluate(() => sessionStorage.getItem("vaultKey"))).resolves.toBeNull();

    expect((await signInWithAuthKey(account.email, account.authKey)).status).toBe(401);
    expect(await rowsOf(account.userId)).toEqual({
      user: 0,
      session: 0,
      account: 0,
      account_keys: 0,
      profiles: 0,
    });
    await context.close();
  });
});

describe("access", () => {
  it("sends a visitor from /mfa/setup and the security settings to the login page", async () => {
    const { page, context } = await openPage(browser);
    for (const target of ["/mfa/setup", settingsPath, "/account/securitysettings"]) {
      await page.goto(`${baseUrl}${target}`);
      await page.waitForURL((url) => url.pathname.toLowerCase() === "/login", { timeout: 30_000 });
    }
    await context.close();
  });
});

describe("accessibility and layout", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    it(`the settings page and /mfa/setup have no serious axe violations and fit 320 px (${colorScheme})`, async () => {
      const account = await createAccount(baseUrl);
      const { page, context } = await signedInPage(account, { colorScheme, width: 1280 });
      // The same page answers under /account too (SPEC.md "Parallel set").
      await openSettings(page, colorScheme === "dark" ? "/account/securitysettings" : settingsPath);
      await page.getByRole("list", { name: "Signed-in devices" }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, `settings-1280-${colorScheme}`);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await noHorizontalScroll(page), `settings at ${width}`).toBe(true);
        await shoot(page, `settings-${width}-${colorScheme}`);
      }

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${baseUrl}/mfa/setup`);
      await page.getByLabel("Current password").fill(account.password);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, `mfa-1280-${colorScheme}`);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await noHorizontalScroll(page), `/mfa/setup at ${width}`).toBe(true);
        await shoot(page, `mfa-${width}-${colorScheme}`);
      }
      await context.close();
    });
  }
});
