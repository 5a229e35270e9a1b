import { readFile } from "node:fs/promises";
import { accountMessages } from "@heirloom/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { resendTooMany } from "../apps/web/app/features/auth/confirm-email.ts";
import { passwordMessages } from "../apps/web/app/features/auth/password-policy.ts";
import {
  authKeyFor,
  createAccount,
  HttpClient,
  passwordUnlocksKeys,
  signInHttp,
  uniqueEmail,
} from "./support/accounts.ts";
import { launchBrowser, openPage, seriousAxeViolations, type WatchedPage } from "./support/browser.ts";
import { recordRequests } from "./support/egress.ts";
import { waitForMail } from "./support/mail.ts";
import { completeOidcLogin, socialEmailFor } from "./support/oidc.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");

// Sign-up as a person does it: the form, the progress while the browser makes the keys, the recovery kit that has
// to be acknowledged, the verification mail over real SMTP, and the failure paths with SPEC.md section 8's texts.

async function open(browser: Browser, options: Parameters<typeof openPage>[1] = {}): Promise<WatchedPage> {
  const watched = await openPage(browser, options);
  // The cookie banner is another test's subject; here it would only cover the form.
  await watched.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
  return watched;
}

async function fillSignUp(page: Page, values: { name: string; email: string; password: string }) {
  await page.getByLabel("Your name").fill(values.name);
  await page.getByLabel("Email address").fill(values.email);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel(/I agree to the/).check();
}

describe("sign-up", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("creates a vault with visible progress, insists on the recovery kit, and verifies the email from the real mail", async () => {
    const { page, context, errors } = await open(browser);
    try {
      const email = uniqueEmail("signup");
      const password = "tangerine lighthouse cobalt marmalade";
      const sent = recordRequests(page);
      await page.goto(`${baseUrl}/SignUp`);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Hold the key upload for a moment so the progress is on screen long enough to be looked at.
      await page.route("**/api/account/keys", async (route) => {
        await new Promise((r) => setTimeout(r, 700));
        await route.continue();
      });
      await fillSignUp(page, { name: "grace hopper", email, password });
      await page.getByRole("button", { name: "Create vault" }).click();
      const progress = page.locator("progress");
      await progress.waitFor({ state: "visible" });
      await expect
        .poll(() => page.getByRole("status").allTextContents(), { timeout: 30_000 })
        .toContainEqual("Saving your encrypted keys…");
      expect(Number(await progress.getAttribute("value"))).toBeGreaterThan(0);

      // The kit: once, with the account and the key; moving on needs the tick.
      const kitHeading = page.getByRole("heading", { name: "Save your recovery kit" });
      await kitHeading.waitFor({ timeout: 30_000 });
      const recoveryKey = ((await page.getByTestId("recovery-key").textContent()) ?? "").trim();
      expect(recoveryKey).toMatch(/^([0-9A-Z]{4}-){13}[0-9A-Z]{4}$/);
      await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Printing shows the kit alone: no site header, no buttons.
      await page.emulateMedia({ media: "print" });
      expect(await page.getByTestId("recovery-key").isVisible()).toBe(true);
      expect(await page.getByRole("banner").first().isVisible()).toBe(false);
      expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
      await page.emulateMedia({ media: "screen" });

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download (.txt)" }).click();
      const file = await (await download).path();
      const kitText = await readFile(file, "utf8");
      expect(kitText).toContain(recoveryKey);
      expect(kitText).toContain(email);

      await page.getByRole("button", { name: /Skip for now/ }).click();
      await expect
        .poll(() => page.getByText(/Tick the box to confirm you have saved your recovery kit/).count())
        .toBe(1);
      expect(new URL(page.url()).pathname).toBe("/SignUp");
      await page.getByLabel("I have saved my recovery kit").check();
      await page.getByRole("button", { name: /Skip for now/ }).click();
      await page.waitForURL(`${baseUrl}/app`);
      await expect.poll(() => page.getByRole("button", { name: /sign out/i }).count()).toBeGreaterThan(0);

      // The mail really went out; its link verifies the address.
      const mail = await waitForMail(mailDir, email, { subject: /confirm your email/i });
      expect(mail.text).toContain("Hello Grace Hopper");
      const link = mail.links.find((l) => l.includes("/ConfirmEmail?token="));
      expect(link).toBeTruthy();
      await page.goto(link ?? "");
      await expect.poll(() => page.getByText(accountMessages.verified).count(), { timeout: 15_000 }).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole("link", { name: "Go to my vault" }).click();
      await page.waitForURL(`${baseUrl}/app`);

      // Zero knowledge: neither the password nor the recovery key was ever sent.
      const everything = sent.join("\n");
      expect(everything).not.toContain(password);
      expect(everything).not.toContain(encodeURIComponent(password));
      expect(everything).not.toContain(recoveryKey);
      expect(everything).not.toContain(recoveryKey.replaceAll("-", ""));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows SPEC's text when the email is already in use, on the email field", async () => {
    const existing = await createAccount(baseUrl);
    const { page, context } = await open(browser);
    try {
      await page.goto(`${baseUrl}/SignUp`);
      await fillSignUp(page, {
        name: "someone else",
        email: existing.email,
        password: "plum orchard quietly sings",
      });
      await page.getByRole("button", { name: "Create vault" }).click();
      await expect
        .poll(() => page.getByText(accountMessages.emailInUse).count(), { timeout: 15_000 })
        .toBe(1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("signup-email");
      expect(await page.getByLabel("Email address").getAttribute("aria-invalid")).toBe("true");
    } finally {
      await context.close();
    }
  });

  it("refuses a common or short password with a message, before anything is sent", async () => {
    const { page, context } = await open(browser, { width: 320, colorScheme: "dark" });
    try {
      const sent = recordRequests(page);
      await page.goto(`${baseUrl}/SignUp`);
      await fillSignUp(page, { name: "weak person", email: uniqueEmail("weak"), password: "password1" });
      await page.getByRole("button", { name: "Create vault" }).click();
      await expect
        .poll(() => page.getByText(passwordMessages.common).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("signup-password");

      await page.getByLabel("Password", { exact: true }).fill("short");
      await page.getByRole("button", { name: "Create vault" }).click();
      await expect.poll(() => page.getByText(passwordMessages.tooShort).count()).toBeGreaterThan(0);
      // Nothing of the form went anywhere. (The public GET of the configured social providers, made on load for the
      // "Continue with ..." buttons, carries nothing; the first-party page view, counted after the cookie banner's
      // OK, carries the page's path alone.)
      expect(
        sent.filter(
          (s) =>
            s.includes("/api/") &&
            !s.includes("/api/account/social-providers") &&
            !s.endsWith('/api/page-views {"path":"/SignUp"}'),
        ),
      ).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("removes the new account when saving the keys fails, so the email can be used again", async () => {
    const { page, context } = await open(browser);
    try {
      const email = uniqueEmail("cleanup");
      const password = "velvet harbour nineteen lanterns";
      await page.goto(`${baseUrl}/SignUp`);
      await page.route("**/api/account/keys", (route) =>
        route.request().method() === "PUT"
          ? route.fulfill({
              status: 503,
              contentType: "application/json",
              body: JSON.stringify({ error: { code: "unavailable", message: "down", requestId: "e2e" } }),
            })
          : route.continue(),
      );
      await fillSignUp(page, { name: "cleanup person", email, password });
      await page.getByRole("button", { name: "Create vault" }).click();
      await expect
        .poll(() => page.getByText(accountMessages.creationFailed).count(), { timeout: 30_000 })
        .toBe(1);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
        .toBe("alert");
      expect(await page.getByRole("heading", { name: "Save your recovery kit" }).count()).toBe(0);

      // The account is gone: the email is free again and the password signs nobody in.
      const http = new HttpClient(baseUrl);
      const check = await http.ok<{ success: boolean }>("POST", "/api/account/preliminary-check", {
        email,
        name: "cleanup person",
        accType: "individual",
      });
      expect(check.success).toBe(true);
      const signIn = await http.request("POST", "/api/auth/sign-in/email", {
        email,
        password: await authKeyFor(baseUrl, email, password),
      });
      expect(signIn.status).toBe(401);
    } finally {
      await context.close();
    }
  });
});

describe("a social account's first vault password", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("explains why, creates the keys with progress, shows the kit, and the vault password then opens the keys", async () => {
    const { page, context, errors } = await open(browser, { width: 390 });
    try {
      const login = `social.${Date.now().toString(36)}`;
      await page.goto(`${baseUrl}/SignUp`);
      // What the provider buttons do: better-auth answers with the provider's URL, the browser goes there.
      const { url } = await page.evaluate(async () => {
        const res = await fetch("/api/auth/sign-in/social", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ provider: "google", callbackURL: "/SignUp?social=1" }),
        });
        return (await res.json()) as { url: string };
      });
      await page.goto(url);
      await completeOidcLogin(page, login, baseUrl);
      await page.waitForURL(`${baseUrl}/SignUp?social=1`);
      errors.length = 0; // The provider's own pages are not ours to judge.
      await expect.poll(() => page.getByText("Why a second password?").count(), { timeout: 15_000 }).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);

      const vaultPassword = "juniper satellite pebble oboe";
      await page.getByLabel("Vault password", { exact: true }).fill(vaultPassword);
      await page.getByRole("button", { name: "Set vault password" }).click();
      await page.locator("progress").waitFor({ state: "visible" });
      await page.getByRole("heading", { name: "Save your recovery kit" }).waitFor({ timeout: 30_000 });
      await page.getByLabel("I have saved my recovery kit").check();
      await page.getByRole("button", { name: /Skip for now/ }).click();
      await page.waitForURL(`${baseUrl}/app`);

      expect(await passwordUnlocksKeys(baseUrl, socialEmailFor(login), vaultPassword)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("email confirmation and the local mailbox", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("verifies from a fresh browser with no session, and asks to log in again", async () => {
    const account = await createAccount(baseUrl, { name: "fresh browser" });
    const mail = await waitForMail(mailDir, account.email, { subject: /confirm your email/i });
    const { page, context } = await open(browser, { width: 390 });
    try {
      await page.goto(mail.links.find((l) => l.includes("/ConfirmEmail?token=")) ?? "");
      await expect
        .poll(() => page.getByText(accountMessages.verifiedLogInAgain).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await page.getByRole("link", { name: "Log in" }).count()).toBe(1);
      // The page's heading says it is done, no longer asks for it.
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Your email address is confirmed",
      );
      const me = await signInHttp(baseUrl, account.email, account.password);
      expect((await me.ok<{ emailVerified: boolean }>("GET", "/api/account/me")).emailVerified).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("explains an invalid link, and resending without a session gives the same answer for any address", async () => {
    const { page, context } = await open(browser, { colorScheme: "dark" });
    try {
      await page.goto(`${baseUrl}/ConfirmEmail?token=not-a-real-token`);
      await expect
        .poll(() => page.getByText(accountMessages.invalidLink).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Confirm your email address");
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole("link", { name: "Send a new link" }).click();
      await page.getByLabel("Your email address", { exact: true }).fill(uniqueEmail("nobody"));
      await page.getByRole("button", { name: "Send the email again" }).click();
      await expect.poll(() => page.getByText(/We sent a new link to/).count(), { timeout: 15_000 }).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says how long to wait when verification emails are asked for too often", async () => {
    const { page, context } = await open(browser);
    try {
      await page.goto(`${baseUrl}/ConfirmEmail`);
      await page.getByLabel("Your email address", { exact: true }).fill(uniqueEmail("often"));
      const send = page.getByRole("button", { name: "Send the email again" });
      // better-auth allows three per client address per five minutes; the fourth is refused with 429.
      for (let i = 0; i < 4; i++) {
        await send.click();
        await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
      }
      await expect.poll(() => page.getByText(resendTooMany).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("the mailbox page lists messages newest first with clickable links (endpoint answered by the test)", async () => {
    const { page, context } = await open(browser, { width: 390, colorScheme: "dark" });
    try {
      await page.route("**/api/dev/mailbox", (route) =>
        route.fulfill({
          contentType: "application/json",
          body: JSON.stringify({
            messages: [
              {
                id: "new",
                to: "ada@example.com",
                subject: "Confirm your email for Heirloom",
                text: `Hello.\n\nConfirm my email: ${baseUrl}/ConfirmEmail?token=abc\n\nBye.`,
                html: "<script>never rendered</script>",
                createdAt: "2026-11-23T10:00:00.000Z",
              },
              {
                id: "old",
                to: "ada@example.com",
                subject: "Older message",
                text: "No links here.",
                html: "",
                createdAt: "2026-11-22T10:00:00.000Z",
              },
            ],
          }),
        }),
      );
      await page.goto(`${baseUrl}/dev/mailbox`);
      const headings = page.getByRole("article").getByRole("heading");
      await expect
        .poll(() => headings.allTextContents())
        .toEqual(["Confirm your email for Heirloom", "Older message"]);
      expect(
        await page.getByRole("link", { name: `${baseUrl}/ConfirmEmail?token=abc` }).getAttribute("href"),
      ).toBe(`${baseUrl}/ConfirmEmail?token=abc`);
      expect(await page.getByText("never rendered").count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the mailbox page says it is off when the server sends real mail", async () => {
    const { page, context } = await open(browser);
    try {
      await page.goto(`${baseUrl}/dev/mailbox`);
      await expect.poll(() => page.getByText("The local mailbox is off").count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
