import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sweepAdminEmail } from "./global-setup.ts";
import {
  createAccount,
  HttpClient,
  openSignedInPage,
  signInHttp,
  type TestAccount,
} from "./support/accounts.ts";
import { launchBrowser, seriousAxeViolations } from "./support/browser.ts";
import { waitForMail } from "./support/mail.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");
const shots = process.env.E2E_SCREENSHOTS;

// Issue 6: no serious or critical axe violation on any page of the signed-in area, in light and in dark, no console
// error, and no sideways scrolling on a 320 px phone. One sweep over every page of apps/web/app/routes.ts under /app
// and /account (including the open pages, ids that do not exist, an unknown name and the empty states of features
// still to come), in four looks: the device's scheme with DarkMode "system", and each DarkMode choice against the
// opposite device scheme, so a colour that follows the media query instead of the setting shows up.

interface SweptPage {
  path: string;
  /** The page's one h1, once its content is there. */
  h1: string;
  /** A second heading that only appears once the page knows who is signed in (the open pages). */
  signedInHeading?: string;
}

/** Pages found under both /app and /account, as the path after the area and the h1 they show. */
const sharedPages: readonly (readonly [string, string])[] = [
  ["", "Your vault"],
  ["/AccountHolder", "Account holder"],
  ["/contactpreferencess", "Contact preferences"],
  ["/contactpreferences", "Contact preferences"],
  ["/legacyinvitations", "Legacy invitations"],
  ["/LegacySettings", "Legacy"],
  ["/MyData", "Documents"],
  ["/MyInfo", "My info"],
  ["/notifications", "Notifications"],
  ["/primarysettings", "Primary settings"],
  ["/securitysettings", "Security settings"],
  ["/serviceaccounts", "Service accounts"],
  // An id that does not exist: whatever the page shows must be accessible.
  ["/ServiceAccounts/no-such-account", "Service account"],
  ["/settings", "Settings"],
  ["/nope", "Page not found"],
];

function pagesFor(isAdmin: boolean): SweptPage[] {
  const open = (path: string, h1: string) => ({ path, h1, signedInHeading: "You are signed in" });
  return [
    ...(["/app", "/account"] as const).flatMap((area) =>
      sharedPages.map(([path, h1]) => ({ path: `${area}${path}`, h1 })),
    ),
    { path: "/app/Activity", h1: "Activity" },
    { path: "/app/help", h1: "Help" },
    { path: "/app/More", h1: "More" },
    { path: "/app/Passwords", h1: "Passwords" },
    { path: "/app/shared/no-such-share", h1: "Shared with you" },
    { path: "/app/addarticle", h1: isAdmin ? "Articles and guides" : "For Heirloom editors only" },
    { path: "/app/PageViews", h1: isAdmin ? "Page views" : "For Heirloom's administrators only" },
    // Public pages of the signed-in area (SPEC.md section 6), opened signed in.
    open("/account/Activity", "Activity"),
    open("/account/help", "Help"),
    open("/account/Upgrade", "Upgrade to Premium"),
    open("/app/Upgrade", "Upgrade to Premium"),
  ];
}

type Theme = "light" | "dark";
interface Look {
  name: string;
  /** The device's preference (prefers-color-scheme). */
  colorScheme: Theme;
  /** The profile's DarkMode setting. */
  darkMode: Theme | "system";
  /** What the person must see. */
  theme: Theme;
  width: number;
}

/** The canvas colour of each theme (--color-canvas in app.css), to prove the look really is light or dark. */
const canvas: Record<Theme, string> = { light: "rgb(251, 250, 247)", dark: "rgb(19, 20, 18)" };

const looks: readonly Look[] = [
  {
    name: "light device, system setting",
    colorScheme: "light",
    darkMode: "system",
    theme: "light",
    width: 1280,
  },
  {
    name: "dark device, system setting",
    colorScheme: "dark",
    darkMode: "system",
    theme: "dark",
    width: 1280,
  },
  { name: "light device, dark setting", colorScheme: "light", darkMode: "dark", theme: "dark", width: 320 },
  { name: "dark device, light setting", colorScheme: "dark", darkMode: "light", theme: "light", width: 320 },
];

/** Waits for the page's content: its h1, no spinner or busy region left, and (open pages) the signed-in panel. */
async function ready(page: Page, swept: SweptPage) {
  await page.getByRole("heading", { level: 1, name: swept.h1, exact: true }).waitFor({ timeout: 30_000 });
  if (swept.signedInHeading)
    await page.getByRole("heading", { name: swept.signedInHeading }).waitFor({ timeout: 15_000 });
  const busy = ".animate-spin-slow, [aria-busy='true']";
  await page.waitForFunction((selector) => !document.querySelector(selector), busy, { timeout: 15_000 });
}

/** Everything wrong with one page in one look, as readable lines (empty when all is well). */
async function problemsOf(page: Page, look: Look, swept: SweptPage, errors: string[]): Promise<string[]> {
  const problems: string[] = [];
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  if (background !== canvas[look.theme])
    problems.push(`background ${background}, expected the ${look.theme} canvas`);
  // axe first: it waits for the page's fade-in to end, so the screenshot shows the page as a person sees it.
  problems.push(...(await seriousAxeViolations(page)));
  if (shots) {
    const name = `${swept.path.slice(1).replaceAll("/", "_")}-${look.theme}-${look.darkMode}-${look.width}`;
    await page.screenshot({ path: `${shots}/sweep-${name}.png`, fullPage: true });
  }
  // No sideways scrolling on a phone: measured at 320 px whatever the look's width.
  if (look.width !== 320) await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${overflow} px of sideways scroll at 320 px`);
  if (look.width !== 320) await page.setViewportSize({ width: look.width, height: 900 });
  // The unknown page answers 404, which Chromium reports as a failed load of the page itself; nothing else may fail.
  const notFound = swept.h1 === "Page not found";
  problems.push(
    ...errors.filter((e) => !(notFound && e.includes("status of 404"))).map((e) => `console: ${e}`),
  );
  return problems;
}

/** A verified admin of the articles editor (ADMIN_EMAILS), so /app/addarticle shows the editor. */
async function createVerifiedAdmin(): Promise<TestAccount> {
  const admin = await createAccount(baseUrl, { email: sweepAdminEmail, name: "sweeping editor" });
  const mail = await waitForMail(mailDir, sweepAdminEmail, { subject: /confirm your email/i });
  const token = mail.links
    .map((link) => new URL(link))
    .find((url) => url.pathname === "/ConfirmEmail")
    ?.searchParams.get("token");
  if (!token) throw new Error("no verification link");
  // What the /ConfirmEmail page calls with the link's token.
  const verified = await new HttpClient(baseUrl).request(
    "GET",
    `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
  );
  if (verified.status >= 400) throw new Error(`verification answered ${verified.status}`);
  return admin;
}

async function createWithDarkMode(darkMode: Theme): Promise<TestAccount> {
  const account = await createAccount(baseUrl, { name: `${darkMode} setting person` });
  const http = await signInHttp(baseUrl, account.email, account.password);
  await http.ok("PATCH", "/api/account/preferences", { DarkMode: darkMode });
  return account;
}

describe("every page of the signed-in area, light and dark", () => {
  let browser: Browser;
  // The system-setting looks belong to the admin (the editor page); the others see the 403 page.
  let accounts: Record<Look["darkMode"], TestAccount>;
  beforeAll(async () => {
    browser = await launchBrowser();
    const [system, dark, light] = await Promise.all([
      createVerifiedAdmin(),
      createWithDarkMode("dark"),
      createWithDarkMode("light"),
    ]);
    accounts = { system, dark, light };
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const look of looks) {
    it(`${look.name}: no serious axe violation, console error or sideways scroll`, async () => {
      const account = accounts[look.darkMode];
      const { page, context, errors } = await openSignedInPage(browser, baseUrl, account, {
        colorScheme: look.colorScheme,
        width: look.width,
      });
      await context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
      const problems: string[] = [];
      try {
        for (const swept of pagesFor(look.darkMode === "system")) {
          errors.length = 0;
          const response = await page.goto(`${baseUrl}${swept.path}`);
          // Unknown names under /app and /account are real 404s from the server, the rest answer 200.
          const status = swept.h1 === "Page not found" ? 404 : 200;
          if (response?.status() !== status)
            problems.push(`${swept.path}: status ${response?.status()}, not ${status}`);
          try {
            await ready(page, swept);
          } catch (error) {
            problems.push(`${swept.path}: not ready (${(error as Error).message.split("\n")[0]})`);
            continue;
          }
          for (const problem of await problemsOf(page, look, swept, errors))
            problems.push(`${swept.path}: ${problem}`);
        }
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
      // Every page of the signed-in area, each with an axe run: the time grows with the number of pages.
    }, 600_000);
  }
});
