import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type HttpClient, openSignedInPage, signInHttp } from "./support/accounts.ts";
import { launchBrowser, openPage, seriousAxeViolations, type WatchedPage } from "./support/browser.ts";
import {
  confirmedContact,
  type Recipient,
  shareNow,
  storeDocument,
  type Unlocked,
  unlock,
} from "./support/legacy-release.ts";
import { startSmtpSink, waitForMail } from "./support/mail.ts";
import { freePort, type RunningServer, startServer } from "./support/server.ts";

// The release engine as people live it, in Chromium, with real mail and a server whose legacy clock the journey
// moves (TEST_CLOCK, its own server, so no other journey's time moves): reminders arrive and the owner checks in from
// the mail; later the check-ins stop and, after the grace period, the recipient is told and opens the document byte
// for byte. A request refused from the mail, asked again and released after the wait. A 2-of-3 trustee plan.

const day = 24 * 60 * 60 * 1000;
const shots = process.env.E2E_SCREENSHOTS;
const deedsText = "Deeds of the house on Elm Street, registered in 1987.\n";
const letter = "Dear Ada, the deeds are in the blue folder by the piano.";

describe("the release engine", () => {
  let browser: Browser;
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(tmpdir(), "heirloom-engine-mail-"));
    smtp = await startSmtpSink(mailDir);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = await startServer(
      {
        PUBLIC_URL: baseUrl,
        SMTP_URL: smtp.url,
        TRUST_PROXY: "1",
        TEST_CLOCK: "true",
        // Only the journey sweeps, each time it moves the clock.
        SWEEP_INTERVAL_SECONDS: "0",
      },
      port,
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  /** Moves the legacy clock forward and runs one sweep pass, as a server running for that long would. */
  async function wait(ms: number) {
    const res = await fetch(`${baseUrl}/api/test/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: ms }),
    });
    expect(res.status).toBe(200);
  }

  async function people(names: string[]) {
    const accounts = await Promise.all(names.map((name) => createAccount(baseUrl, { name })));
    return accounts;
  }

  async function signedIn(account: Parameters<typeof openSignedInPage>[2], at: string): Promise<WatchedPage> {
    const watched = await openSignedInPage(browser, baseUrl, account);
    await watched.context.addInitScript(() => {
      localStorage.setItem("cookiesAccepted", "true");
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    await watched.page.goto(`${baseUrl}${at}`);
    return watched;
  }

  async function shot(page: Page, name: string) {
    if (!shots) return;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(shots, `engine-${name}-${width}.png`), fullPage: true });
    }
  }

  /** An owner with a confirmed recipient and one document in a plan with these settings. */
  async function ownerWithPlan(settings: object, extra: { trustees?: number } = {}) {
    const [owner, ada, ...trustees] = await people([
      "Grace Hopper",
      "Ada Lovelace",
      ...Array.from({ length: extra.trustees ?? 0 }, (_, i) => `Trustee ${i + 1}`),
    ]);
    if (!owner || !ada) throw new Error("no accounts");
    const ownerKeys: Unlocked = await unlock(baseUrl, owner);
    const recipient: Recipient = await confirmedContact(baseUrl, mailDir, ownerKeys, ada);
    const trusteeContacts: Recipient[] = [];
    for (const t of trustees) trusteeContacts.push(await confirmedContact(baseUrl, mailDir, ownerKeys, t));
    const doc = await storeDocument(ownerKeys, { name: "deeds.txt", bytes: Buffer.from(deedsText) }, [
      recipient,
    ]);
    const withTrustees = extra.trustees
      ? { ...settings, trustees: { contactIds: trusteeContacts.map((t) => t.contactId), required: 2 } }
      : settings;
    const planId = await shareNow(ownerKeys, recipient, [doc], letter, withTrustees);
    return { owner, ada, trustees, ownerKeys, planId };
  }

  /** Ada opens the release in her browser: the letter, then the document, byte for byte. */
  async function adaOpens(ada: Parameters<typeof openSignedInPage>[2], planId: string) {
    const mail = await waitForMail(mailDir, ada.email, { subject: /shared documents with you/ });
    const link = mail.links.find((l) => l.includes(`/app/shared/${planId}`));
    expect(link).toBeTruthy();
    expect(mail.text).not.toContain(deedsText.trim());
    const them = await signedIn(ada, `/app/shared/${planId}`);
    try {
      const shown = them.page.getByTestId("owner-letter");
      await shown.waitFor({ timeout: 60_000 });
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what Ada reads.
      expect(await shown.innerText()).toBe(letter);
      const row = them.page.locator("li[data-document-id]", {
        has: them.page.getByText("deeds.txt", { exact: true }),
      });
      const [download] = await Promise.all([
        them.page.waitForEvent("download"),
        row.getByRole("button", { name: "Download" }).click(),
      ]);
      expect(readFileSync(await download.path(), "utf8")).toBe(deedsText);
      // She can see how it came to be released.
      await them.page.getByText("How this was released").click();
      await them.page
        .getByTestId("shared-history")
        .getByText(/→ released/)
        .waitFor();
      await shot(them.page, "recipient-opens");
    } finally {
      await them.context.close();
    }
  }

  it("reminds the owner, who checks in from the mail; when the check-ins stop, releases after grace", async () => {
    const { owner, ada, planId } = await ownerWithPlan({
      trigger: { kind: "missedCheckIn", graceDays: 7 },
      trustees: null,
      timeLimitDays: null,
    });
    const ownerHttp: HttpClient = await signInHttp(baseUrl, owner.email, owner.password);
    // Every 30 days: choosing the interval is a check-in under it.
    await ownerHttp.ok("PATCH", "/api/account/profile", { activityCheck: "30" });

    const ownerSide = await signedIn(owner, "/account/LegacySettings");
    const { page } = ownerSide;
    try {
      await page.getByTestId("check-in-deadline").waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("check-in-deadline").textContent()).toMatch(
        /^Next check-in by .+\. One plan is released if you miss it/,
      );
      expect(await page.getByTestId("plan-phase").textContent()).toBe(
        "Nothing is released while you keep checking in.",
      );
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Halfway to the deadline the first reminder arrives, with the one-press link; the plan shows it.
      const since = Date.now();
      await wait(15 * day + 60_000);
      const reminder = await waitForMail(mailDir, owner.email, { subject: /Time to check in/, since });
      await page.reload();
      await page.getByText("Check-in due soon").waitFor({ timeout: 30_000 });
      await shot(page, "reminding");

      // The owner presses "I'm still here" on the page the mail links to, without signing in.
      const link = reminder.links.find((l) => l.includes("/check-in#token="));
      if (!link) throw new Error(`no check-in link in: ${reminder.text}`);
      const visitor = await openPage(browser);
      try {
        await visitor.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
        await visitor.page.goto(link);
        await visitor.page.getByRole("button", { name: "Yes, I'm still here" }).click();
        await visitor.page.getByText("You are checked in").waitFor({ timeout: 15_000 });
        expect(visitor.page.url()).not.toContain("token=");
        expect(await seriousAxeViolations(visitor.page)).toEqual([]);
        await shot(visitor.page, "checked-in");
        // The link works once.
        await visitor.page.goto(link);
        await visitor.page.getByRole("button", { name: "Yes, I'm still here" }).click();
        await visitor.page.getByText("This link has been used already or has expired.").waitFor();
      } finally {
        await visitor.context.close();
      }
      await page.reload();
      await page.getByText("Nothing is released while you keep checking in.").waitFor({ timeout: 30_000 });
      await page.getByText("History", { exact: true }).click();
      await page
        .getByTestId("plan-history")
        .getByText(/You checked in/)
        .waitFor({ timeout: 15_000 });

      // 20 days on, still signed in in the same tab: every page reminds her, with its own "I'm still here".
      await wait(20 * day);
      await page.goto(`${baseUrl}/account/MyData`);
      const banner = page.getByTestId("check-in-banner");
      await banner.getByText(/Your legacy plans act if you do not check in by/).waitFor({ timeout: 30_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, "banner");
      await banner.getByRole("button", { name: "I'm still here" }).click();
      await page.getByText(/^Checked in\. Next check-in by /).waitFor({ timeout: 15_000 });
      expect(await banner.count()).toBe(0);
      await page.goto(`${baseUrl}/account/LegacySettings`);
      await page.getByText("Nothing is released while you keep checking in.").waitFor({ timeout: 30_000 });

      // Then the check-ins stop. 20 days on: no release, nothing for Ada.
      await wait(20 * day);
      await wait(11 * day);
      const missed = await waitForMail(mailDir, owner.email, {
        subject: /missed a Heirloom check-in/,
        since,
      });
      expect(missed.text).toContain("/check-in#token=");
      await page.reload();
      await page.getByText("Check-in missed").waitFor({ timeout: 30_000 });
      await shot(page, "grace");
      await page.goto(`${baseUrl}/account/MyData`);
      await page
        .getByTestId("check-in-banner")
        .getByText("You missed a check-in")
        .waitFor({ timeout: 30_000 });
      // Several reminders were mailed by now; in the app they are one notice, the last one's, worded as its mail
      // (the check-in was missed) and with its deadline.
      await page.goto(`${baseUrl}/app/notifications`);
      const notices = page.getByTestId("notifications-list");
      const reminders = notices.getByRole("heading", { name: /You missed a check-in$/ });
      await reminders.first().waitFor({ timeout: 30_000 });
      expect(await reminders.count()).toBe(1);
      expect(await reminders.textContent()).toBe("Unread: You missed a check-in");
      const deadline = /did not check in by (\d+ \w+ \d{4})/.exec(missed.text)?.[1];
      expect(deadline).toBeTruthy();
      await notices.getByText(`You did not check in by ${deadline}.`, { exact: false }).waitFor();
      expect(await notices.getByRole("heading", { name: /Please check in$/ }).count()).toBe(0);
      await shot(page, "reminder-notice");
      // Read once, it stays read.
      const markRead = notices
        .getByRole("listitem")
        .filter({ hasText: "You missed a check-in" })
        .getByRole("button", { name: /Mark as read/ });
      await markRead.click();
      await markRead.waitFor({ state: "detached" });
      await page.reload();
      await reminders.first().waitFor({ timeout: 30_000 });
      expect(await reminders.textContent()).toBe("You missed a check-in");
      expect(await markRead.count()).toBe(0);
      await page.goto(`${baseUrl}/account/LegacySettings`);
      // Past the grace period: released, Ada is told and opens what was left for her.
      await wait(7 * day);
      await page.reload();
      await page.getByText("Released", { exact: true }).first().waitFor({ timeout: 30_000 });
      await page.getByText("History", { exact: true }).click();
      await page
        .getByTestId("plan-history")
        .getByText(/The grace period ended → released/)
        .waitFor();
      await shot(page, "released");
      await adaOpens(ada, planId);
    } finally {
      await ownerSide.context.close();
    }
  }, 360_000);

  it("a request refused from the mail; asked again with a reason only the owner reads and, unrefused, released after the waiting period", async () => {
    const reasonText = "Mum had a stroke on Sunday and cannot speak. The doctors say weeks, maybe longer.";
    const { owner, ada, planId } = await ownerWithPlan({
      trigger: { kind: "request", waitingDays: 7 },
      trustees: null,
      timeLimitDays: null,
    });
    const them = await signedIn(ada, "/account/AccountHolder");
    try {
      const plan = them.page.getByTestId("naming-plan");
      await plan.getByRole("button", { name: "Ask for access" }).click({ timeout: 30_000 });
      await them.page.getByRole("dialog").getByRole("button", { name: "Ask for access" }).click();
      await plan.getByText(/You asked for access/).waitFor({ timeout: 15_000 });
      const asked = await waitForMail(mailDir, owner.email, { subject: /asked for access/ });
      const refuse = asked.links.find((l) => l.includes("/check-in#refuse="));
      if (!refuse) throw new Error(`no refuse link in: ${asked.text}`);

      // The owner refuses with one press on the mail's link.
      const visitor = await openPage(browser);
      try {
        await visitor.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
        await visitor.page.goto(refuse);
        await visitor.page.getByRole("button", { name: "Refuse the request" }).click();
        await visitor.page
          .getByText("The request is refused and nothing is released.")
          .waitFor({ timeout: 15_000 });
        await shot(visitor.page, "refused");
      } finally {
        await visitor.context.close();
      }
      await waitForMail(mailDir, ada.email, { subject: /refused your request/ });

      // Too early to ask again: she is told when she can.
      const adaHttp = await signInHttp(baseUrl, ada.email, ada.password);
      const early = await adaHttp.request("POST", `/api/legacy/named-plans/${planId}/request`, {
        reason: null,
      });
      expect(early.status).toBe(409);
      expect(await early.text()).toMatch(/You can ask again from/);

      // The second time she says why. Her browser seals the reason to Grace's key: it never leaves it readable.
      await wait(7 * day + 60_000);
      await them.page.reload();
      await plan.getByRole("button", { name: "Ask for access" }).click({ timeout: 30_000 });
      const dialog = them.page.getByRole("dialog");
      await dialog.getByLabel("Why are you asking? (optional)").fill(reasonText);
      expect(await seriousAxeViolations(them.page)).toEqual([]);
      await shot(them.page, "ask-with-reason");
      const sent: string[] = [];
      them.page.on("request", (request) => sent.push(request.postData() ?? ""));
      await dialog.getByRole("button", { name: "Ask for access" }).click();
      await plan.getByText(/You asked for access/).waitFor({ timeout: 15_000 });
      expect(sent.some((body) => body.includes('"sealed":"v1.'))).toBe(true);
      expect(sent.filter((body) => body.includes("stroke"))).toEqual([]);
      await them.page.reload();
      expect(await plan.getByTestId("naming-plan-status").textContent()).toMatch(/access was asked for/);
      await shot(them.page, "requested");
      const reasonMail = await waitForMail(mailDir, owner.email, {
        subject: /asked for access/,
        since: asked.receivedAt + 1,
      });
      expect(reasonMail.text).not.toContain("stroke");

      // Grace reads the reason on her plan's page, opened in her browser, and lets the wait run out.
      const ownerSide = await signedIn(owner, "/account/LegacySettings");
      try {
        const shown = ownerSide.page.getByTestId("plan-request-reason");
        await shown.waitFor({ timeout: 60_000 });
        expect(await shown.textContent()).toBe(reasonText);
        expect(await ownerSide.page.getByTestId("plan-request").textContent()).toMatch(
          /Ada Lovelace asked for access on .+ The plan is released on .+ unless you refuse\./,
        );
        expect(await seriousAxeViolations(ownerSide.page)).toEqual([]);
        await shot(ownerSide.page, "request-reason");
      } finally {
        await ownerSide.context.close();
      }
      await wait(7 * day + 60_000);
      await adaOpens(ada, planId);
    } finally {
      await them.context.close();
    }
  }, 360_000);

  it("2 of 3 trustees: asked when the trigger fires; one no, two yeses release the plan", async () => {
    const { owner, ada, trustees, planId } = await ownerWithPlan(
      { trigger: { kind: "missedCheckIn", graceDays: 7 }, trustees: null, timeLimitDays: null },
      { trustees: 3 },
    );
    const [tina, tom, tess] = trustees;
    if (!tina || !tom || !tess) throw new Error("no trustees");
    await wait(60 * day + 60_000);
    await wait(7 * day);
    await waitForMail(mailDir, tina.email, { subject: /Please confirm/ });
    const tinaSide = await signedIn(tina, "/account/AccountHolder");
    try {
      const plan = tinaSide.page.getByTestId("naming-plan");
      await plan.getByRole("button", { name: "Confirm the release" }).click({ timeout: 30_000 });
      await tinaSide.page.getByRole("dialog").getByRole("button", { name: "Confirm the release" }).click();
      await plan.getByText(/You confirmed/).waitFor({ timeout: 15_000 });
      await shot(tinaSide.page, "trustee");
    } finally {
      await tinaSide.context.close();
    }
    const tomHttp = await signInHttp(baseUrl, tom.email, tom.password);
    await tomHttp.ok("POST", `/api/legacy/named-plans/${planId}/answer`, { answer: "no" });
    // One yes and one no: nothing released yet.
    const adaHttp = await signInHttp(baseUrl, ada.email, ada.password);
    expect((await adaHttp.request("GET", `/api/legacy/shared/${planId}`)).status).toBe(404);
    const tessHttp = await signInHttp(baseUrl, tess.email, tess.password);
    await tessHttp.ok("POST", `/api/legacy/named-plans/${planId}/answer`, { answer: "yes" });
    await adaOpens(ada, planId);
    // The owner sees who said what, in order.
    const ownerHttp = await signInHttp(baseUrl, owner.email, owner.password);
    const history = await ownerHttp.ok<{ events: { reason: string }[] }>(
      "GET",
      `/api/legacy/plans/${planId}/history`,
    );
    expect(history.events.map((e) => e.reason).slice(-5)).toEqual([
      "graceEnded",
      "trusteeYes",
      "trusteeNo",
      "trusteeYes",
      "trusteesConfirmed",
    ]);
    // And on the plan's page, newest first, by name.
    const ownerSide = await signedIn(owner, "/account/LegacySettings");
    try {
      const { page } = ownerSide;
      await page.getByText("History", { exact: true }).click({ timeout: 30_000 });
      const lines = page.getByTestId("plan-history").getByRole("listitem");
      await expect
        .poll(async () => (await lines.allTextContents()).length, { timeout: 15_000 })
        .toBeGreaterThan(4);
      const words = (await lines.allTextContents()).slice(0, 4).map((line) => line.split(" — ")[1]);
      expect(words).toEqual([
        expect.stringMatching(/^Enough trustees confirmed/),
        expect.stringMatching(/^Trustee 3 confirmed, as a trustee/),
        expect.stringMatching(/^Trustee 2 said no, as a trustee/),
        expect.stringMatching(/^Trustee 1 confirmed, as a trustee/),
      ]);
      await shot(page, "owner-history");
    } finally {
      await ownerSide.context.close();
    }
  }, 360_000);
});
