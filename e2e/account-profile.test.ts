import { accountMessages, profileMessages } from "@heirloom/contract";
import { recoveryAuthKeyFromText } from "@heirloom/crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  createAccount,
  HttpClient,
  openSignedInPage,
  passwordUnlocksKeys,
  signInHttp,
  type TestAccount,
  uniqueEmail,
} from "./support/accounts.ts";
import { launchBrowser, openPage, seriousAxeViolations, type WatchedPage } from "./support/browser.ts";
import { submitLogin } from "./support/login-form.ts";
import { waitForMail } from "./support/mail.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");
const screenshots = process.env.E2E_SCREENSHOTS;

// The person's own pages: My info, display settings (theme before first paint), the get-started checklist and the
// security page's account status and recovery kit re-print.

type Options = Parameters<typeof openPage>[1];

async function signedIn(browser: Browser, account: TestAccount, options: Options = {}): Promise<WatchedPage> {
  const watched = await openSignedInPage(browser, baseUrl, account, options);
  await watched.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
  return watched;
}

async function profileOf(account: TestAccount) {
  const http = await signInHttp(baseUrl, account.email, account.password);
  return http.ok<Record<string, unknown>>("GET", "/api/account/profile");
}

async function preferencesOf(account: TestAccount) {
  const http = await signInHttp(baseUrl, account.email, account.password);
  return http.ok<Record<string, unknown>>("GET", "/api/account/preferences");
}

async function shoot(page: Page, name: string) {
  if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
}

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return {
    day: String(d.getUTCDate()),
    month: String(d.getUTCMonth() + 1),
    year: String(d.getUTCFullYear()),
  };
};

async function fillDob(page: Page, dob: { day: string; month: string; year: string }) {
  await page.getByLabel("Day").fill(dob.day);
  await page.getByLabel("Month").selectOption(dob.month);
  await page.getByLabel("Year").fill(dob.year);
}

describe("the person's own pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("My info: saves name, date of birth and postcode, shows them after a reload, and refuses bad input with a field message", async () => {
    const account = await createAccount(baseUrl, { name: "ada lovelace" });
    const { page, context, errors } = await signedIn(browser, account, { width: 390, height: 844 });
    try {
      await page.goto(`${baseUrl}/account/MyInfo`);
      const name = page.getByLabel("Name", { exact: true });
      await name.waitFor({ timeout: 30_000 });
      expect(await name.inputValue()).toBe("Ada Lovelace");
      expect(await page.getByTestId("my-info-username").textContent()).toBe(account.email.split("@")[0]);
      expect(await page.getByTestId("avatar").textContent()).toBe("AL");
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Bad input: each shows its message by the field, the summary takes focus, and nothing reaches the server.
      const patches: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "PATCH") patches.push(r.url());
      });
      const save = page.getByRole("button", { name: "Save changes" });
      const cases: [() => Promise<void>, string][] = [
        [() => fillDob(page, yearsAgo(0, 2)), profileMessages.dobFuture],
        [() => fillDob(page, yearsAgo(18, 1)), profileMessages.dobUnder18],
        [
          async () => {
            await fillDob(page, { day: "", month: "", year: "" });
            await page.getByLabel("ZIP or postcode").fill("!!");
          },
          profileMessages.zipInvalid,
        ],
      ];
      for (const [fill, message] of cases) {
        await fill();
        await save.click();
        await page.getByText(message, { exact: true }).waitFor({ timeout: 10_000 });
        expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("alert");
      }
      await shoot(page, "my-info-errors-390-light");
      expect(patches).toEqual([]);
      expect(await profileOf(account)).toMatchObject({ dobYear: null, zipCode: null, name: "Ada Lovelace" });

      // Kept as typed: SPEC capitalises at sign-up only.
      await name.fill("Ada van King");
      await fillDob(page, { day: "10", month: "12", year: "1975" });
      await page.getByLabel("ZIP or postcode").fill("sw1a 1aa");
      await save.click();
      await page.getByTestId("save-status").waitFor({ timeout: 15_000 });
      expect(await page.getByTestId("save-status").textContent()).toBe("Your details are saved.");

      await page.reload();
      await name.waitFor({ timeout: 30_000 });
      await expect.poll(() => name.inputValue()).toBe("Ada van King");
      expect(await page.getByLabel("Day").inputValue()).toBe("10");
      expect(await page.getByLabel("Month").inputValue()).toBe("12");
      expect(await page.getByLabel("Year").inputValue()).toBe("1975");
      expect(await page.getByLabel("ZIP or postcode").inputValue()).toBe("SW1A 1AA");
      // The header follows the new name.
      await expect.poll(() => page.getByText("Ada van King").count()).toBeGreaterThan(0);
      expect(await profileOf(account)).toMatchObject({
        name: "Ada van King",
        dobDay: "10",
        dobMonth: "12",
        dobYear: "1975",
        zipCode: "SW1A 1AA",
      });
      await shoot(page, "my-info-390-light");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("My info and settings have no serious axe violations in dark mode at 1280 px", async () => {
    const account = await createAccount(baseUrl);
    const { page, context, errors } = await signedIn(browser, account, { colorScheme: "dark" });
    try {
      for (const [path, ready, shot] of [
        ["/account/MyInfo", "Save changes", "my-info-1280-dark"],
        ["/account/settings", "Save settings", "settings-1280-dark"],
        ["/account/primarysettings", "Save settings", "primary-settings-1280-dark"],
        ["/account/securitysettings", "Print a new recovery kit", "security-1280-dark"],
      ] as const) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole("button", { name: ready }).waitFor({ timeout: 30_000 });
        expect(await seriousAxeViolations(page), path).toEqual([]);
        await shoot(page, shot);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("Settings: dark mode is in the first response's HTML after a reload and in a new browser, with time zone and landing page kept", async () => {
    const account = await createAccount(baseUrl);
    const { page, context, errors } = await signedIn(browser, account);
    try {
      await page.goto(`${baseUrl}/account/settings`);
      await page.getByRole("button", { name: "Save settings" }).waitFor({ timeout: 30_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, "settings-1280-light");
      await page.getByLabel("Dark").check();
      await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
      await page.getByLabel("After signing in, open").selectOption("/app/Passwords");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByTestId("save-status").waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.className)).toBe("dark");
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The document the server sends already carries the class: no script has to run for the first frame.
      const response = await page.reload();
      expect(await response?.text()).toMatch(/<html lang="en" class="dark"/);
      await page.getByRole("button", { name: "Save settings" }).waitFor({ timeout: 30_000 });
      expect(await page.getByLabel("Dark").isChecked()).toBe(true);
      expect(await page.getByLabel("Time zone").inputValue()).toBe("Asia/Tokyo");
      expect(await page.getByLabel("After signing in, open").inputValue()).toBe("/app/Passwords");
      expect(await preferencesOf(account)).toMatchObject({
        DarkMode: "dark",
        timeZone: "Asia/Tokyo",
        landingPage: "/app/Passwords",
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The first frame: with scripts off, the page the server renders is dark from the start (the theme cookie).
    const noScript = await openPage(browser, { javaScriptEnabled: false, colorScheme: "light" });
    try {
      await noScript.context.addCookies([
        { name: "heirloom-theme", value: "dark", domain: new URL(baseUrl).hostname, path: "/" },
      ]);
      await noScript.page.goto(`${baseUrl}/getStarted`);
      expect(await noScript.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        "rgb(19, 20, 18)",
      );
      await shoot(noScript.page, "first-frame-dark");
    } finally {
      await noScript.context.close();
    }

    // A new browser (no cookie): the profile is the source of truth, so the signed-in area turns it dark and
    // remembers it for the next document.
    const other = await signedIn(browser, account);
    try {
      await other.page.goto(`${baseUrl}/app`);
      await expect
        .poll(() => other.page.evaluate(() => document.documentElement.className), { timeout: 30_000 })
        .toBe("dark");
      const next = await other.page.goto(`${baseUrl}/getStarted`);
      expect(await next?.text()).toMatch(/<html lang="en" class="dark"/);
    } finally {
      await other.context.close();
    }

    // Signing in from the login page (no ?from) lands on the chosen page.
    const login = await openPage(browser);
    try {
      await login.page.goto(`${baseUrl}/Login`);
      await submitLogin(login.page, account.email, account.password);
      await login.page.waitForURL(`${baseUrl}/app/Passwords`, { timeout: 60_000 });
    } finally {
      await login.context.close();
    }
  });

  it("Get started: a visitor sees the pitch; a signed-in person sees a checklist read from the server", async () => {
    const visitor = await openPage(browser, { width: 390, height: 844 });
    try {
      await visitor.page.goto(`${baseUrl}/getStarted`);
      await visitor.page
        .getByRole("link", { name: /Create your free vault/ })
        .first()
        .waitFor();
      expect(await visitor.page.getByTestId("checklist-progress").count()).toBe(0);
    } finally {
      await visitor.context.close();
    }

    const account = await createAccount(baseUrl, { name: "grace hopper" });
    const first = await signedIn(browser, account, { width: 390, height: 844 });
    try {
      await first.page.goto(`${baseUrl}/getStarted`);
      const progress = first.page.getByTestId("checklist-progress");
      await progress.waitFor({ timeout: 30_000 });
      expect(await progress.textContent()).toBe("0 of 6 done");
      expect(await first.page.getByTestId("checklist-legacy-contact").getAttribute("data-state")).toBe(
        "todo",
      );
      expect(await seriousAxeViolations(first.page)).toEqual([]);
      await shoot(first.page, "get-started-390-light");
    } finally {
      await first.context.close();
    }

    // Progress made elsewhere (over HTTP, as another device would) shows in a new browser.
    const http = await signInHttp(baseUrl, account.email, account.password);
    await http.ok("POST", "/api/account/recovery-kit/saved", {});
    const patched = await http.request("PATCH" as "PUT", "/api/account/profile", { zipCode: "10001" });
    expect(patched.status).toBe(200);
    const later = await signedIn(browser, account, { colorScheme: "dark" });
    try {
      await later.page.goto(`${baseUrl}/getStarted`);
      const progress = later.page.getByTestId("checklist-progress");
      await progress.waitFor({ timeout: 30_000 });
      expect(await progress.textContent()).toBe("2 of 6 done");
      expect(await later.page.getByTestId("checklist-recovery-kit").getAttribute("data-state")).toBe("done");
      expect(await later.page.getByTestId("checklist-add-info").getAttribute("data-state")).toBe("done");
      expect(await later.page.getByTestId("checklist-two-factor").getAttribute("data-state")).toBe("todo");
      expect(await seriousAxeViolations(later.page)).toEqual([]);
      await shoot(later.page, "get-started-1280-dark");
      expect(later.errors).toEqual([]);
    } finally {
      await later.context.close();
    }
  });

  it("Security: shows the last sign-in and the check-in dates, and re-prints the recovery kit after re-authentication", async () => {
    const account = await createAccount(baseUrl);
    const { page, context, errors } = await signedIn(browser, account, { width: 390, height: 844 });
    try {
      const sent: string[] = [];
      page.on("request", (r) => sent.push(`${r.url()} ${r.postData() ?? ""}`));
      await page.goto(`${baseUrl}/account/securitysettings`);
      const lastSignIn = page.getByTestId("status-last-sign-in");
      await lastSignIn.waitFor({ timeout: 30_000 });
      expect(await lastSignIn.textContent()).toContain(String(new Date().getUTCFullYear()));
      expect(await page.getByTestId("status-next-check-in-due").textContent()).not.toBe("Not scheduled");

      // The panel has its own password field (the password and deletion panels have theirs).
      const kitPanel = page.locator("#recovery-kit");
      await kitPanel.getByRole("button", { name: "Print a new recovery kit" }).click();
      await kitPanel.getByLabel("Current password").fill("not my password at all");
      await kitPanel.getByRole("button", { name: "Make a new kit" }).click();
      await expect
        .poll(() => kitPanel.getByText(accountMessages.incorrectPassword, { exact: true }).count(), {
          timeout: 60_000,
        })
        .toBeGreaterThan(0);

      await kitPanel.getByLabel("Current password").fill(account.password);
      await kitPanel.getByRole("button", { name: "Make a new kit" }).click();
      const key = kitPanel.getByTestId("recovery-key");
      await key.waitFor({ timeout: 60_000 });
      const newKey = (await key.textContent()) ?? "";
      expect(newKey).not.toBe(account.recoveryKey);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, "security-kit-390-light");
      await kitPanel.getByLabel("I have saved my recovery kit").check();
      await kitPanel.getByRole("button", { name: "Done" }).click();
      await page.getByText("New recovery kit saved").waitFor({ timeout: 15_000 });

      // The old kit no longer opens a recovery; the new one does. Neither key nor password went over the wire.
      const anon = new HttpClient(baseUrl);
      const old = await anon.request("POST", "/api/account/recovery/start", {
        email: account.email,
        recoveryAuthKey: await recoveryAuthKeyFromText(account.recoveryKey),
      });
      expect(old.status).toBe(403);
      const fresh = await anon.request("POST", "/api/account/recovery/start", {
        email: account.email,
        recoveryAuthKey: await recoveryAuthKeyFromText(newKey),
      });
      expect(fresh.status).toBe(200);
      const everything = sent.join("\n");
      expect(everything).not.toContain(account.password);
      expect(everything).not.toContain(newKey);
      expect(await preferencesOf(account)).toMatchObject({ recoveryKitSavedAt: expect.any(String) });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("My info: changes the email after the password and the link sent to the new address; the password keeps working", async () => {
    const account = await createAccount(baseUrl);
    const { page, context, errors } = await signedIn(browser, account);
    try {
      const sent: string[] = [];
      page.on("request", (r) => sent.push(`${r.url()} ${r.postData() ?? ""}`));
      await page.goto(`${baseUrl}/account/MyInfo`);
      await page.getByRole("button", { name: "Change email address" }).click();
      const newEmail = uniqueEmail("moved");
      await page.getByLabel("New email address").fill(newEmail);
      await page.getByLabel("Current password").fill("not the password");
      await page.getByRole("button", { name: "Send the link" }).click();
      await expect
        .poll(() => page.getByText(accountMessages.incorrectPassword, { exact: true }).count(), {
          timeout: 60_000,
        })
        .toBeGreaterThan(0);
      await page.getByLabel("Current password").fill(account.password);
      await page.getByRole("button", { name: "Send the link" }).click();
      await page.getByText("Check your new inbox").waitFor({ timeout: 60_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.getByTestId("my-info-email").textContent()).toBe(account.email);

      const mail = await waitForMail(mailDir, newEmail, { subject: /confirm your email/i });
      const link = mail.links.find((l) => l.includes("/ConfirmEmail?token="));
      expect(link).toBeTruthy();
      await page.goto(link ?? "");
      await expect.poll(() => page.getByText(accountMessages.verified).count(), { timeout: 15_000 }).toBe(1);
      await page.goto(`${baseUrl}/account/MyInfo`);
      await expect
        .poll(() => page.getByTestId("my-info-email").textContent(), { timeout: 30_000 })
        .toBe(newEmail);
      expect(await page.getByTestId("my-info-username").textContent()).toBe(newEmail.split("@")[0]);

      expect(await passwordUnlocksKeys(baseUrl, newEmail, account.password)).toBe(true);
      expect(sent.join("\n")).not.toContain(account.password);
      // The one refused attempt (wrong password) is the only failed request.
      expect(errors.filter((e) => !e.includes("status of 403"))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
