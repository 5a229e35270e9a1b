import { accountMessages } from "@heirloom/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { authKeyFor, createAccount, HttpClient, signInHttp, uniqueEmail } from "./support/accounts.ts";
import { launchBrowser, openPage, seriousAxeViolations } from "./support/browser.ts";
import { leaksIn, storedText } from "./support/egress.ts";
import { signInAnswer, signInError, submitLogin } from "./support/login-form.ts";
import { waitForMail } from "./support/mail.ts";
import { currentStep, enrolTotp } from "./support/totp.ts";

// Logging in as a person does: the /Login form in Chromium against the real server, with accounts made in Node.

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");
const dataDir = inject("dataDir");
const databaseUrl = inject("databaseUrl");
const screenshots = process.env.E2E_SCREENSHOTS;

describe("login", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("signs in with email and password: progress while the vault unlocks, then the app with the name", async () => {
    const account = await createAccount(baseUrl, { name: "lena login" });
    const { page, context, errors } = await openPage(browser);
    // Everything that crosses the wire, both ways: URLs, headers, bodies.
    // Traffic after the check below (while the page closes) can no longer be read: it is marked, not left to reject.
    const traffic: Promise<string>[] = [];
    const unread = (url: string) => () => `${url} (closed before it was read)`;
    page.on("request", (request) => {
      traffic.push(
        request
          .allHeaders()
          .then((h) => `${request.url()} ${JSON.stringify(h)} ${request.postData() ?? ""}`)
          .catch(unread(request.url())),
      );
    });
    page.on("response", (response) => {
      traffic.push(
        Promise.all([response.allHeaders(), response.text().catch(() => "")])
          .then(([h, body]) => `${response.url()} ${JSON.stringify(h)} ${body}`)
          .catch(unread(response.url())),
      );
    });
    try {
      await page.goto(`${baseUrl}/Login`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await submitLogin(page, account.email, account.password);
      await page.getByText("Unlocking your vault...").waitFor();
      await page.waitForURL(`${baseUrl}/app`, { timeout: 30_000 });
      await expect
        .poll(() => page.getByRole("banner").getByText("Lena Login").count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      const vaultKeyB64 = await page.evaluate(() => sessionStorage.getItem("vaultKey"));
      expect(vaultKeyB64).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(await page.evaluate(() => localStorage.getItem("vaultKey"))).toBeNull();
      expect(errors).toEqual([]);
      // SPEC section 4 "Login": the server logged the sign-in, with the browser and system read from the user agent
      // (and, beside it, that this browser is new to the account).
      const activity = await (await page.request.get(`${baseUrl}/api/account/activity`)).json();
      expect(activity.entries.filter((e: { device: string }) => e.device === "Chrome on a computer")).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: "login", operating: "Linux" }),
          expect.objectContaining({ action: "new-device", operating: "Linux" }),
        ]),
      );

      // Zero knowledge: neither the password nor the vault key left the page, or reached the database, in any form.
      const secrets = [account.password, Buffer.from(vaultKeyB64 ?? "", "base64")];
      const wire = (await Promise.all(traffic)).join("\n");
      expect(wire).toContain(account.email); // the capture works
      expect(leaksIn(wire, secrets)).toEqual([]);
      const stored = await storedText(dataDir, databaseUrl);
      expect(stored).toContain(account.email); // the scan reads the real rows
      expect(leaksIn(stored, secrets)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("returns to the page named in ?from after signing in", async () => {
    const account = await createAccount(baseUrl);
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${baseUrl}/login?logout=true&timeout=true&from=%2Fapp%2FMyData`);
      await page.getByText("You were signed out").waitFor();
      await submitLogin(page, account.email, account.password);
      await page.waitForURL(`${baseUrl}/app/MyData`, { timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  it("answers a wrong password and an unknown email with the same words (ADR 021)", async () => {
    const account = await createAccount(baseUrl);
    const { page, context } = await openPage(browser, { width: 390 });
    try {
      await page.goto(`${baseUrl}/Login`);
      await submitLogin(page, account.email, `${account.password}!`);
      expect(await signInError(page)).toBe("Wrong email or password.");
      // The summary takes focus, so the message is where a keyboard user is.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("alert");
      expect(page.url()).toBe(`${baseUrl}/Login`);
      if (screenshots)
        await page.screenshot({ path: `${screenshots}/login-error-390-light.png`, fullPage: true });

      const answered = signInAnswer(page);
      await submitLogin(page, uniqueEmail("nobody"), account.password);
      expect(await answered).toBe(401);
      expect(await signInError(page)).toBe("Wrong email or password.");
    } finally {
      await context.close();
    }
  });

  it("after five wrong passwords, says 'Too many login attemps' and how long to wait, yet lets the owner's own browser in", async () => {
    const account = await createAccount(baseUrl, { name: "olga owner" });
    // The owner signs in once in their own browser (which makes it a known one for this account) and signs out.
    const owner = await openPage(browser);
    const attacker = await openPage(browser);
    try {
      await owner.page.goto(`${baseUrl}/Login`);
      await submitLogin(owner.page, account.email, account.password);
      await owner.page.waitForURL(`${baseUrl}/app`, { timeout: 30_000 });
      await owner.page.getByRole("button", { name: "Sign Out" }).first().click();
      await owner.page.waitForURL(/\/login/i, { timeout: 30_000 });

      const { page } = attacker;
      await page.goto(`${baseUrl}/Login`);
      for (let attempt = 1; attempt <= 5; attempt++) {
        const answered = signInAnswer(page);
        await submitLogin(page, account.email, `wrong password ${attempt}`);
        expect(await answered).toBe(401);
        expect(await signInError(page)).toBe("Wrong email or password.");
      }
      // Even the right password waits in a browser that never signed in to this account.
      const answered = signInAnswer(page);
      await submitLogin(page, account.email, account.password);
      expect(await answered).toBe(429);
      await expect
        .poll(() => page.getByTestId("sign-in-error").textContent(), { timeout: 30_000 })
        .toBe(`${accountMessages.tooManyAttempts} You can try again in 15 minutes.`);
      expect(accountMessages.tooManyAttempts).toBe("Too many login attemps, please try again later.");
      expect(page.url()).toBe(`${baseUrl}/Login`);

      // The owner's own browser is not locked out by what someone else typed.
      await owner.page.goto(`${baseUrl}/Login`);
      const ownAnswer = signInAnswer(owner.page);
      await submitLogin(owner.page, account.email, account.password);
      expect(await ownAnswer).toBe(200);
      await owner.page.waitForURL(`${baseUrl}/app`, { timeout: 30_000 });
      expect(owner.errors).toEqual([]);
    } finally {
      await owner.context.close();
      await attacker.context.close();
    }
  });

  it("asks for the authenticator code when two-factor sign-in is on, and refuses a code used before", async () => {
    const account = await createAccount(baseUrl, { name: "tess totp" });
    const http = await signInHttp(baseUrl, account.email, account.password);
    const { code, backupCodes } = await enrolTotp(http, account.authKey);

    const first = await openPage(browser);
    let usedCode = "";
    try {
      await first.page.goto(`${baseUrl}/Login`);
      await submitLogin(first.page, account.email, account.password);
      const codeField = first.page.getByLabel("6-digit code");
      await codeField.waitFor({ timeout: 30_000 });
      expect(await seriousAxeViolations(first.page)).toEqual([]);
      if (screenshots) {
        await first.page.screenshot({ path: `${screenshots}/login-totp-1280-light.png`, fullPage: true });
      }
      usedCode = code(await currentStep());
      await codeField.fill(usedCode);
      await first.page.getByRole("button", { name: "Verify and sign in" }).click();
      await first.page.waitForURL(`${baseUrl}/app`, { timeout: 30_000 });
      await expect
        .poll(() => first.page.getByRole("banner").getByText("Tess Totp").count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
    } finally {
      await first.context.close();
    }

    // Another browser replays the same code: refused. A backup code then gets in.
    const second = await openPage(browser);
    try {
      await second.page.goto(`${baseUrl}/Login`);
      await submitLogin(second.page, account.email, account.password);
      const codeField = second.page.getByLabel("6-digit code");
      await codeField.waitFor({ timeout: 30_000 });
      await codeField.fill(usedCode);
      await second.page.getByRole("button", { name: "Verify and sign in" }).click();
      expect(await signInError(second.page)).toBe("That code is not valid. Please try again.");
      expect(second.page.url()).toBe(`${baseUrl}/Login`);

      await second.page.getByRole("button", { name: "Use a backup code instead" }).click();
      // The cursor moves to the new field, so a keyboard user types straight away.
      await expect.poll(() => second.page.evaluate(() => document.activeElement?.id)).toBe("login-code");
      expect(await second.page.getByLabel("Backup code").count()).toBe(1);
      await second.page.keyboard.type(backupCodes[0] ?? "");
      await second.page.getByRole("button", { name: "Verify and sign in" }).click();
      await second.page.waitForURL(`${baseUrl}/app`, { timeout: 30_000 });
    } finally {
      await second.context.close();
    }
  });

  it("after an email-only password reset, says plainly that the vault is locked and points to recovery", async () => {
    const account = await createAccount(baseUrl);
    const since = Date.now();
    const http = new HttpClient(baseUrl);
    await http.ok("POST", "/api/auth/request-password-reset", { email: account.email });
    const mail = await waitForMail(mailDir, account.email, { subject: /reset/i, since });
    const token = mail.links.map((l) => new URL(l).searchParams.get("reset")).find(Boolean);
    expect(token).toBeTruthy();
    const newPassword = "a brand new password after the reset";
    await http.ok("POST", "/api/auth/reset-password", {
      token,
      newPassword: await authKeyFor(baseUrl, account.email, newPassword),
    });

    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${baseUrl}/Login`);
      await submitLogin(page, account.email, newPassword);
      await page.getByText("Your vault is locked").waitFor({ timeout: 30_000 });
      const link = page.getByRole("link", { name: "Unlock with your recovery key" });
      expect(await link.getAttribute("href")).toBe("/recover");
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (screenshots)
        await page.screenshot({ path: `${screenshots}/login-locked-1280-light.png`, fullPage: true });
      // Nothing of a half-open session is left behind.
      expect(await page.evaluate(() => sessionStorage.getItem("vaultKey"))).toBeNull();
      expect((await page.request.get(`${baseUrl}/api/account/me`)).status()).toBe(401);
    } finally {
      await context.close();
    }
  });

  it("sign out clears every stored key name and ends the server session", async () => {
    const account = await createAccount(baseUrl);
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${baseUrl}/Login`);
      await submitLogin(page, account.email, account.password);
      await page.waitForURL(`${baseUrl}/app`, { timeout: 30_000 });
      // SPEC section 4 "Sign out" names these in both storages; an older build could have left any of them.
      const names = ["vaultKey", "vaultSalt", "vaultPassword", "privateKey", "recipientKey"];
      await page.evaluate((keys) => {
        for (const key of keys) localStorage.setItem(key, "left-over-value-123");
        sessionStorage.setItem("privateKey", "left-over-value-123");
      }, names);
      expect((await page.request.get(`${baseUrl}/api/account/me`)).status()).toBe(200);

      await page.getByRole("button", { name: "Sign Out" }).first().click();
      await page.waitForURL(`${baseUrl}/login?logout=true`, { timeout: 15_000 });
      await page.getByText("You have signed out").waitFor();
      const left = await page.evaluate(
        (keys) => keys.flatMap((k) => [sessionStorage.getItem(k), localStorage.getItem(k)]),
        names,
      );
      expect(left.filter((v) => v !== null)).toEqual([]);
      expect((await page.request.get(`${baseUrl}/api/account/me`)).status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});
