import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { analyticsAdminEmail } from "./global-setup.ts";
import { createAccount, openSignedInPage, signInHttp, type TestAccount } from "./support/accounts.ts";
import { launchBrowser, openPage, seriousAxeViolations } from "./support/browser.ts";
import { submitLogin } from "./support/login-form.ts";
import { waitForMail } from "./support/mail.ts";
import { changePasswordHttp } from "./support/password-change.ts";

const baseUrl = inject("baseUrl");

// Issue 13: what a new user found untrue. The activity log keeps what the page promises, and every time follows the
// person's chosen zone.

/** The routed page fades in: wait for that to end, so axe and screenshots see the page as a person does. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

async function signedInPage(account: TestAccount, options: Parameters<typeof openSignedInPage>[3] = {}) {
  const watched = await openSignedInPage(browser, baseUrl, account, options);
  await watched.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
  return watched;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the activity log", () => {
  it("shows a sign-out and a password change, each with the device and the operating system", async () => {
    const account = await createAccount(baseUrl, { name: "careful person" });
    const { page, context, errors } = await openPage(browser);
    try {
      await context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
      await page.goto(`${baseUrl}/Login`);
      await submitLogin(page, account.email, account.password);
      await page.waitForURL(`${baseUrl}/app`, { timeout: 60_000 });
      await page.getByRole("button", { name: "Sign out" }).first().click();
      await page.waitForURL((url) => url.pathname.toLowerCase() === "/login");
      // The form keeps the email after a sign-out, never the password.
      await expect.poll(() => page.getByLabel("Email address").inputValue()).toBe(account.email);
      expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
      await submitLogin(page, account.email, account.password);
      await page.waitForURL(`${baseUrl}/app`, { timeout: 60_000 });

      await page.goto(`${baseUrl}/app/securitysettings`);
      const form = page.getByRole("region", { name: "Change password" });
      const newPassword = "another long passphrase for the activity log";
      await form.getByLabel("Current password").fill(account.password);
      await form.getByLabel("New password", { exact: true }).fill(newPassword);
      await form.getByLabel("Confirm new password").fill(newPassword);
      await form.getByRole("button", { name: "Change password" }).click();
      await form.getByText("Your password has been changed.", { exact: false }).waitFor({ timeout: 60_000 });

      await page.goto(`${baseUrl}/app/Activity`);
      const list = page.getByTestId("activity-list");
      await list.waitFor({ timeout: 30_000 });
      const rows = (await list.getByRole("listitem").allTextContents()).map((row) =>
        row.replace(/\s+/g, " "),
      );
      for (const action of ["Changed the password", "Signed out", "Signed in"]) {
        expect(
          rows.some((row) => row.includes(action) && /Chrome on a computer.*Linux/.test(row)),
          `${action} in ${rows.join(" | ")}`,
        ).toBe(true);
      }
      expect(rows.filter((row) => row.includes("Signed in")).length).toBeGreaterThanOrEqual(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("time zones", () => {
  it("writes every time in the chosen zone, not the device's, on every page that shows one", async () => {
    const created = await createAccount(baseUrl, { name: "tokyo person" });
    const http = await signInHttp(baseUrl, created.email, created.password);
    await http.ok("PATCH", "/api/account/preferences", { timeZone: "Asia/Tokyo" });
    // A notification to show, with its time.
    const account = await changePasswordHttp(baseUrl, created, "a changed passphrase for the tokyo test");
    // The device thinks it is in New York; the person chose Tokyo.
    const { page, context, errors } = await signedInPage(account, { timezoneId: "America/New_York" });
    const inTokyo = (iso: string) =>
      new Intl.DateTimeFormat("en-GB", {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "Asia/Tokyo",
      }).format(new Date(iso));
    try {
      const pages = [
        { path: "/app/Activity", time: page.getByTestId("activity-list").locator("time").first() },
        { path: "/app/notifications", time: page.locator("main time").first() },
        { path: "/app/securitysettings", time: page.locator("main time").first() },
      ];
      for (const { path, time } of pages) {
        await page.goto(`${baseUrl}${path}`);
        await time.waitFor({ timeout: 30_000 });
        const iso = (await time.getAttribute("datetime")) ?? "";
        expect(await time.textContent(), path).toBe(inTokyo(iso));
      }
      const lastSignIn = page.getByTestId("status-last-sign-in");
      await settled(page);
      expect(await lastSignIn.textContent()).toMatch(/\d{4} at \d{2}:\d{2}/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

const shots = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  await settled(page);
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

describe("home", () => {
  it("starts with one clear button per empty section, then shows the stored documents with their count and space", async () => {
    const account = await createAccount(baseUrl, { name: "home person" });
    const { page, context, errors } = await signedInPage(account);
    try {
      await page.goto(`${baseUrl}/app`);
      const documents = page.getByRole("link", { name: "Add your first document" });
      await documents.waitFor({ timeout: 30_000 });
      expect(await page.getByRole("link", { name: "Invite a legacy contact" }).count()).toBe(1);
      await page.getByRole("heading", { name: /Your first steps/ }).waitFor();
      await shot(page, "home-empty-1280");

      await documents.click();
      await page.waitForURL(`${baseUrl}/app/MyData`);
      const files = [
        { name: "will.txt", mimeType: "text/plain", buffer: Buffer.from("my will") },
        { name: "deeds.txt", mimeType: "text/plain", buffer: Buffer.from("the deeds of the house, in full") },
      ];
      await page.getByLabel("Choose files").setInputFiles(files);
      await expect
        .poll(() => page.locator('[data-upload-state="done"]').count(), { timeout: 120_000, interval: 500 })
        .toBe(2);
      // Finished uploads go in one click, not one Dismiss each.
      await page.getByRole("button", { name: "Clear finished (2)" }).click();
      await expect.poll(() => page.locator("[data-upload-state]").count()).toBe(0);
      expect(await page.getByRole("region", { name: "Uploads" }).count()).toBe(0);

      await page.goto(`${baseUrl}/app`);
      const count = page.getByTestId("home-documents-count");
      await count.waitFor({ timeout: 30_000 });
      expect(await count.textContent()).toMatch(/^2 documents, .+ of 1 GB used$/);
      const latest = page.getByRole("list", { name: "Latest documents" });
      await latest.waitFor();
      expect((await latest.getByRole("listitem").allTextContents()).join(" ")).toMatch(/will\.txt/);
      expect((await latest.getByRole("listitem").allTextContents()).join(" ")).toMatch(/deeds\.txt/);
      expect(await page.getByText("No documents yet").count()).toBe(0);
      await shot(page, "home-documents-1280");
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Home with the checklist is longer than the window: the side panel reaches the bottom of the page, and its
      // navigation is still in view once the page is scrolled there.
      const reach = await page.evaluate(() => {
        const panel = document.querySelector("[data-testid=side-panel]")?.getBoundingClientRect();
        return {
          panel: panel?.height ?? 0,
          page: document.documentElement.scrollHeight,
          window: innerHeight,
        };
      });
      expect(reach.page).toBeGreaterThan(reach.window);
      expect(reach.panel).toBeGreaterThanOrEqual(reach.page - 1);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(
        await page.getByRole("navigation", { name: "Vault" }).getByRole("link", { name: "Home" }).isVisible(),
      ).toBe(true);
      const navTop = await page
        .getByRole("navigation", { name: "Vault" })
        .evaluate((nav) => nav.getBoundingClientRect().top);
      expect(navTop).toBeGreaterThanOrEqual(0);
      expect(navTop).toBeLessThan(reach.window);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, "home-documents-390");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the cookie banner", () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`covers no control of the sign-up form at ${size.width}x${size.height}, before or after scrolling to it`, async () => {
      const { page, context, errors } = await openPage(browser, size);
      try {
        await page.goto(`${baseUrl}/SignUp`);
        const banner = page.getByRole("region", { name: "Cookie notice" });
        await banner.waitFor();
        await page.getByRole("button", { name: "Create vault" }).waitFor();
        await shot(page, `sign-up-banner-${size.width}`);
        const covered = () =>
          page.evaluate(() => {
            const notice = document.querySelector("[aria-label='Cookie notice']")?.getBoundingClientRect();
            if (!notice) return ["no banner"];
            const controls = [
              ...document.querySelectorAll("main form :is(input, button, select, textarea, a)"),
            ];
            return controls
              .filter((control) => {
                const r = control.getBoundingClientRect();
                if (r.width === 0 || r.height === 0) return false;
                return (
                  r.left < notice.right &&
                  r.right > notice.left &&
                  r.top < notice.bottom &&
                  r.bottom > notice.top
                );
              })
              .map((control) => control.getAttribute("name") ?? control.textContent ?? control.tagName);
          });
        expect(await covered()).toEqual([]);
        const count = await page.locator("main form :is(input, button, select, textarea, a)").count();
        for (let i = 0; i < count; i++) {
          await page
            .locator("main form :is(input, button, select, textarea, a)")
            .nth(i)
            .evaluate((el) => {
              el.scrollIntoView({ block: "end" });
            });
          expect(await covered(), `control ${i}`).toEqual([]);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe("settings", () => {
  it("lead to the data export, and show no language menu while there is one language", async () => {
    const account = await createAccount(baseUrl, { name: "settings person" });
    const { page, context, errors } = await signedInPage(account);
    try {
      await page.goto(`${baseUrl}/app/settings`);
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor({ timeout: 30_000 });
      await page.getByLabel("Time zone").waitFor();
      expect(await page.getByLabel("Language").count()).toBe(0);
      // SPEC section 2 "Header": the display name links to the app.
      const name = page.getByRole("banner").getByRole("link", { name: "Settings Person" });
      expect(await name.getAttribute("href")).toBe("/app");
      await page.getByRole("link", { name: /Your data/ }).click();
      await page.waitForURL((url) => url.pathname === "/app/MyData");
      await page.getByRole("button", { name: "Download my data (JSON)" }).waitFor({ timeout: 30_000 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("a new deployment", () => {
  it("is noticed by an open tab, which offers to reload and loses nothing typed meanwhile", async () => {
    const { page, context, errors } = await openPage(browser, { width: 390, height: 844 });
    try {
      await context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
      await page.goto(`${baseUrl}/Contact`);
      const message = page.getByLabel("Message");
      await message.waitFor();
      // The server names the build this tab runs: nothing to offer.
      const running = await page.evaluate(
        () =>
          (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version,
      );
      const latest = await (await page.request.get(`${baseUrl}/latest-build.json`)).json();
      expect(latest).toEqual({ version: running });
      // The tab listens for focus once it has hydrated, which the visible form does not prove (on a loaded machine
      // it can take seconds): focus is given again until the tab asks the server.
      let asked = 0;
      page.on("response", (r) => {
        if (r.url().endsWith("/latest-build.json")) asked += 1;
      });
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.dispatchEvent(new Event("focus")));
            return asked;
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      await settled(page);
      expect(await page.getByRole("region", { name: "New version" }).count()).toBe(0);

      // A new build is deployed while the person is typing; the tab checks again when it gets focus.
      await message.fill("Half a message, still being written");
      await page.route("**/latest-build.json", (route) =>
        route.fulfill({ json: { version: `${running}-next` } }),
      );
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      const notice = page.getByRole("region", { name: "New version" });
      await notice.waitFor({ timeout: 10_000 });
      expect(await message.inputValue()).toBe("Half a message, still being written");
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, "new-version-390");
      await Promise.all([page.waitForEvent("load"), notice.getByRole("button", { name: "Reload" }).click()]);
      await page.getByLabel("Message").waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("page views", () => {
  it("are counted only after OK, by path alone with no cookie, and plotted for an admin", async () => {
    // A signed-in person's views carry no user id either: the admin's chart shows paths and days only. Other
    // journeys count pages on the same server, so the counts are compared before and after this one's visits.
    const admin = await createAccount(baseUrl, { email: analyticsAdminEmail, name: "counting admin" });
    const mail = await waitForMail(inject("mailDir"), analyticsAdminEmail, {
      subject: /confirm your email/i,
    });
    const token = mail.links
      .map((link) => new URL(link))
      .find((url) => url.pathname === "/ConfirmEmail")
      ?.searchParams.get("token");
    const http = await signInHttp(baseUrl, admin.email, admin.password);
    await http.request("GET", `/api/auth/verify-email?token=${encodeURIComponent(token ?? "")}`);
    type Report = { days: { views: number }[]; paths: { path: string; views: number }[] };
    const read = () => http.ok<Report>("GET", "/api/admin/page-views?days=30");
    const total = (report: Report) => report.days.reduce((sum, d) => sum + d.views, 0);
    const before = await read();

    const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
    const sent: { cookie: string | undefined; body: string | null }[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/page-views"))
        sent.push({ cookie: request.headers().cookie, body: request.postData() });
    });
    try {
      await page.goto(`${baseUrl}/Faq`);
      const banner = page.getByRole("region", { name: "Cookie notice" });
      await banner.waitFor();
      await page.getByRole("link", { name: "About" }).first().click();
      await page.waitForURL((url) => url.pathname.toLowerCase() === "/about");
      expect(sent).toEqual([]);

      // OK counts the page the person is on, then every page they open.
      await banner.getByRole("button", { name: "OK" }).click();
      await expect.poll(() => sent.length).toBe(1);
      await page.getByRole("link", { name: "Security" }).first().click();
      await page.waitForURL((url) => url.pathname.toLowerCase() === "/security");
      await expect.poll(() => sent.length).toBe(2);
      // The body is the path and nothing else.
      const bodies = sent.map((s) => JSON.parse(s.body ?? "{}") as { path: string });
      expect(bodies.map((b) => Object.keys(b))).toEqual([["path"], ["path"]]);
      expect(bodies.map((b) => b.path.toLowerCase())).toEqual(["/about", "/security"]);
      expect(sent.every((s) => s.cookie === undefined)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const report = await read();
    expect(report.days).toHaveLength(30);
    // Two views counted (/about and /security, as sent above): the page opened before OK was not. Journeys run one
    // at a time, so nothing else was counted meanwhile.
    expect(total(report)).toBe(total(before) + 2);
    expect(report.paths.length).toBeGreaterThan(0);
    expect(JSON.stringify(report)).not.toContain(admin.userId);

    const watched = await signedInPage(admin);
    try {
      await watched.page.goto(`${baseUrl}/app/PageViews`);
      await watched.page.getByRole("heading", { name: "Page views", level: 1 }).waitFor({ timeout: 30_000 });
      await watched.page.getByRole("img", { name: /Page views per day over the last 30 days/ }).waitFor();
      // The most viewed path is in the table (other journeys count pages on this server too).
      const top = report.paths[0]?.path ?? "";
      expect(await watched.page.getByRole("cell", { name: top, exact: true }).count()).toBe(1);
      await shot(watched.page, "page-views-1280");
      expect(await seriousAxeViolations(watched.page)).toEqual([]);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.context.close();
    }
  });
});
