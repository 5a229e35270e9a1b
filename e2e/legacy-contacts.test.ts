import path from "node:path";
import { accountMessages, legacyMessages, maskEmail } from "@heirloom/contract";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  createAccount,
  openSignedInPage,
  signInHttp,
  type TestAccount,
  uniqueEmail,
} from "./support/accounts.ts";
import { launchBrowser, openPage, seriousAxeViolations, type WatchedPage } from "./support/browser.ts";
import { recordRequests } from "./support/egress.ts";
import { waitForMail } from "./support/mail.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");
const shots = process.env.E2E_SCREENSHOTS;

// Legacy contacts as two people live them: the owner invites, the invited person opens the mail's link, creates an
// account from it (through email verification) and accepts; both see the same six words, the owner confirms. Then
// the other ways an invitation ends: sent again, withdrawn, declined, opened with the wrong account, left.

/** A sealed blob in the right shape that opens under nobody's key: the page must say it could not be read. */
const unreadableDetails = "v1.AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

async function withoutBanner(watched: WatchedPage): Promise<WatchedPage> {
  await watched.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
  return watched;
}

/** The page at 390 px and at 1280 px, for a person to look at (E2E_SCREENSHOTS=/some/folder). */
async function screenshot(page: Page, name: string) {
  if (!shots) return;
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: a full-page capture of a scrolled page draws the sticky header and menu mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(shots, `legacy-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** The invitation link of the newest invitation mail to `to` received since `since`. */
async function invitationLink(to: string, since = 0): Promise<string> {
  const mail = await waitForMail(mailDir, to, { subject: /invited you to be a legacy contact/, since });
  const link = mail.links.find((l) => l.includes("/invitation#token="));
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  return link;
}

/** Invites `email` over HTTP, as the owner's browser would but with details nobody can open. */
async function inviteOverHttp(owner: TestAccount, email: string): Promise<string> {
  const http = await signInHttp(baseUrl, owner.email, owner.password);
  const since = Date.now();
  await http.ok("POST", "/api/legacy/contacts", { email, details: unreadableDetails });
  return invitationLink(email, since);
}

async function words(scope: Page | Locator): Promise<string[]> {
  const list = scope.getByTestId("fingerprint-word");
  await list.first().waitFor({ timeout: 30_000 });
  return list.allTextContents();
}

/** The owner's card for a contact, found by the name or address it shows. */
const card = (page: Page, text: string) => page.getByTestId("legacy-contact").filter({ hasText: text });

async function expectStatus(page: Page, text: string, status: string) {
  await expect
    .poll(() => card(page, text).getByTestId("contact-status").textContent(), { timeout: 15_000 })
    .toBe(status);
}

async function fillSignUp(page: Page, values: { name: string; email: string; password: string }) {
  await page.getByLabel("Your name").fill(values.name);
  await page.getByLabel("Email address").fill(values.email);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel(/I agree to the/).check();
}

describe("legacy contacts", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("invite, sign up from the link, accept, compare the same six words, confirm, and leave", async () => {
    const owner = await createAccount(baseUrl, { name: "Grace Hopper" });
    const contactEmail = uniqueEmail("contact");
    const ownerTab = await withoutBanner(await openSignedInPage(browser, baseUrl, owner));
    const contactTab = await withoutBanner(await openPage(browser));
    const { page } = ownerTab;
    const contact = contactTab.page;
    try {
      // The owner invites: the name and relationship are sealed in the browser, never sent as written.
      const ownerSent = recordRequests(page);
      await page.goto(`${baseUrl}/account/legacyinvitations`);
      await page.getByRole("heading", { level: 1, name: "Legacy invitations" }).waitFor();
      await page.getByText("You have not invited anyone yet.").waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Nothing filled in: the summary says so and every field carries its message.
      await page.getByRole("button", { name: "Send the invitation" }).click();
      await page.getByText("The invitation was not sent. Please correct the highlighted fields.").waitFor();
      expect(await page.getByLabel("Their email address").getAttribute("aria-invalid")).toBe("true");

      const since = Date.now();
      await page.getByLabel("Their email address").fill(contactEmail);
      await page.getByLabel("Their name").fill("Ada Lovelace");
      await page.getByLabel("How you know them").selectOption("Friend");
      await page.getByLabel("A personal note (optional)").fill("I trust you with this.");
      await expect.poll(() => page.getByText("22 of 500 characters.", { exact: false }).count()).toBe(1);
      await page.getByRole("button", { name: "Send the invitation" }).click();
      await page.getByText("Invitation sent", { exact: true }).waitFor({ timeout: 15_000 });
      await expectStatus(page, "Ada Lovelace", "Invited");
      await card(page, "Ada Lovelace").getByText(`Friend · ${contactEmail}`).waitFor();
      const invite = ownerSent.find(
        (line) => line.startsWith("POST") && line.includes("/api/legacy/contacts "),
      );
      expect(invite).toBeTruthy();
      expect(invite).not.toContain("Ada Lovelace");
      expect(invite).not.toContain("Friend");
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, "owner-invited");

      // The invited person opens the mail's link: no account yet.
      const link = await invitationLink(contactEmail, since);
      const contactSent = recordRequests(contact);
      await contact.goto(link);
      await contact
        .getByText("would like you to be one of their legacy contacts")
        .waitFor({ timeout: 15_000 });
      await contact.getByText("Grace Hopper", { exact: true }).first().waitFor();
      expect(await contact.getByTestId("invitation-address").textContent()).toBe(maskEmail(contactEmail));
      // The token left the address bar and its history entry; it waits in this tab only.
      expect(new URL(contact.url()).hash).toBe("");
      expect(await contact.evaluate(() => history.length)).toBe(2);
      const token = new URL(link).hash.slice("#token=".length);
      expect(await contact.evaluate(() => sessionStorage.getItem("heirloom.pendingInvitation"))).toBe(token);
      expect(await seriousAxeViolations(contact)).toEqual([]);
      await screenshot(contact, "invitation-visitor");

      // Sign-up from the invitation, then back to it.
      await contact.getByRole("link", { name: "Create an account" }).click();
      await contact.waitForURL(`${baseUrl}/SignUp`);
      await contact.getByText("Your invitation is waiting").waitFor();
      await screenshot(contact, "sign-up-with-invitation");
      // Her account's name is her own choice; the owner's pages call her by the name the owner sealed.
      await fillSignUp(contact, {
        name: "augusta king",
        email: contactEmail,
        password: "analytical engine poetry of numbers",
      });
      await contact.getByRole("button", { name: "Create vault" }).click();
      await contact.getByRole("heading", { name: "Save your recovery kit" }).waitFor({ timeout: 60_000 });
      await contact.getByLabel("I have saved my recovery kit").check();
      await contact.getByRole("button", { name: "Continue: answer the invitation" }).click();
      await contact.waitForURL(`${baseUrl}/invitation`);
      await contact.getByRole("button", { name: "Accept", exact: true }).waitFor({ timeout: 15_000 });

      // The address is verified from the real mail; the verification page leads back to the invitation.
      const verification = await waitForMail(mailDir, contactEmail, { subject: /confirm your email/i });
      const verifyLink = verification.links.find((l) => l.includes("/ConfirmEmail?token="));
      await contact.goto(verifyLink ?? "");
      await contact.getByText(accountMessages.verified).waitFor({ timeout: 15_000 });
      await contact.getByRole("link", { name: "Back to your invitation" }).click();
      await contact.waitForURL(`${baseUrl}/invitation`);
      await contact.getByRole("button", { name: "Accept", exact: true }).click();
      await contact.waitForURL(`${baseUrl}/account/AccountHolder`, { timeout: 15_000 });
      const entry = contact.getByTestId("named-me-entry").filter({ hasText: "Grace Hopper" });
      await entry.getByText("Waiting for Grace Hopper to confirm you").waitFor();
      await entry.getByText("Read these six words to Grace Hopper when they call you.").waitFor();
      const contactWords = await words(entry);
      expect(contactWords).toHaveLength(6);
      expect(await seriousAxeViolations(contact)).toEqual([]);
      await screenshot(contact, "account-holder-accepted");
      // The token only ever travelled in request bodies, never in a URL.
      expect(contactSent.filter((line) => line.split(" ")[1]?.includes(token))).toEqual([]);
      expect(await contact.evaluate(() => sessionStorage.getItem("heirloom.pendingInvitation"))).toBeNull();

      // Home asks the owner to confirm her, by the name the owner gave her (opened in this browser).
      await page.goto(`${baseUrl}/app`);
      const attention = page.getByTestId("home-attention");
      await attention
        .getByText(`Ada Lovelace (${contactEmail}) accepted your invitation.`, { exact: false })
        .waitFor({ timeout: 15_000 });
      expect(await attention.textContent()).not.toContain("Augusta King");

      // The owner sees the acceptance, and the same six words, computed from the contact's key in their browser.
      await page.goto(`${baseUrl}/account/legacyinvitations`);
      await expectStatus(page, "Ada Lovelace", "Accepted: needs your confirmation");
      await card(page, "Ada Lovelace").getByRole("button", { name: "Compare and confirm" }).click();
      const dialog = page.getByRole("dialog", { name: "Compare Ada Lovelace's six words" });
      await dialog.getByText("Call or meet Ada Lovelace.", { exact: false }).waitFor();
      expect(await words(page.getByRole("dialog"))).toEqual(contactWords);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, "owner-confirm-dialog");

      // "They don't match" confirms nothing and says what to do.
      await dialog.getByRole("button", { name: "They don't match" }).click();
      await dialog.getByText("Do not confirm them", { exact: true }).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
        .toBe("alert");
      await dialog.getByRole("button", { name: "Close" }).click();
      await expectStatus(page, "Ada Lovelace", "Accepted: needs your confirmation");
      // Focus went back to the button that opened the dialog.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe("Compare and confirm");

      await card(page, "Ada Lovelace").getByRole("button", { name: "Compare and confirm" }).click();
      await page.getByRole("button", { name: "The words match - confirm" }).click();
      await expectStatus(page, "Ada Lovelace", "Confirmed");
      await card(page, "Ada Lovelace").getByText("You confirmed Ada Lovelace.").waitFor();
      await page.reload();
      await expectStatus(page, "Ada Lovelace", "Confirmed");
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, "owner-confirmed");

      await contact.reload();
      await entry.getByTestId("contact-status").getByText("Confirmed").waitFor({ timeout: 15_000 });
      expect(await words(entry)).toEqual(contactWords);

      // The contact leaves; the owner sees it.
      await entry.getByRole("button", { name: /Leave/ }).click();
      await contact.getByRole("dialog", { name: "Stop being Grace Hopper's legacy contact?" }).waitFor();
      await contact.getByRole("button", { name: "Leave", exact: true }).click();
      await contact.getByText("Nobody has named you yet").waitFor({ timeout: 15_000 });
      await expect
        .poll(() => contact.getByTestId("legacy-announcement").textContent())
        .toBe("You are no longer Grace Hopper's legacy contact.");
      await contact.getByText("Nothing has been released to you.").waitFor();
      expect(await seriousAxeViolations(contact)).toEqual([]);
      await screenshot(contact, "account-holder-empty");
      await page.reload();
      await expectStatus(page, "Ada Lovelace", "Left");
      expect([...ownerTab.errors, ...contactTab.errors]).toEqual([]);
    } finally {
      await ownerTab.context.close();
      await contactTab.context.close();
    }
  });

  it("sending again retires the old link; withdrawing makes the new one say so", async () => {
    const owner = await createAccount(baseUrl, { name: "Alan Turing" });
    const email = uniqueEmail("resend");
    const firstLink = await inviteOverHttp(owner, email);
    const ownerTab = await withoutBanner(await openSignedInPage(browser, baseUrl, owner, { width: 390 }));
    const visitor = await withoutBanner(await openPage(browser, { width: 390, colorScheme: "dark" }));
    const { page } = ownerTab;
    try {
      await page.goto(`${baseUrl}/account/legacyinvitations`);
      // Details that do not open never break the page: the address stands in, and it says so.
      await expectStatus(page, email, "Invited");
      await card(page, email).getByText("Details could not be read.").waitFor();

      const since = Date.now();
      await card(page, email).getByRole("button", { name: "Send again" }).click();
      await card(page, email).getByText("Sent again with a new link.", { exact: false }).waitFor();
      const secondLink = await invitationLink(email, since);
      expect(secondLink).not.toBe(firstLink);

      await visitor.page.goto(firstLink);
      await visitor.page.getByText(legacyMessages.invitationInvalid).waitFor({ timeout: 15_000 });
      expect(
        await visitor.page.evaluate(() => sessionStorage.getItem("heirloom.pendingInvitation")),
      ).toBeNull();

      await card(page, email).getByRole("button", { name: "Withdraw invitation" }).click();
      const dialog = page.getByRole("dialog", { name: `Withdraw the invitation to ${email}?` });
      await dialog.getByText("The link in their email stops working", { exact: false }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, "owner-withdraw-dialog");
      await dialog.getByRole("button", { name: "Withdraw invitation" }).click();
      await expectStatus(page, email, "Withdrawn");
      // The card's buttons are gone: focus is on the card, and what happened is announced there.
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H3");
      await card(page, email).getByText(`You withdrew the invitation to ${email}.`).waitFor();

      await visitor.page.goto(secondLink);
      await visitor.page.getByText(legacyMessages.invitationWithdrawn).waitFor({ timeout: 15_000 });
      expect(await seriousAxeViolations(visitor.page)).toEqual([]);
      await screenshot(visitor.page, "invitation-withdrawn");
    } finally {
      await ownerTab.context.close();
      await visitor.context.close();
    }
  });

  it("declines without an account, after a confirm step; the owner sees it", async () => {
    const owner = await createAccount(baseUrl, { name: "Katherine Johnson" });
    const email = uniqueEmail("decline");
    const link = await inviteOverHttp(owner, email);
    const visitor = await withoutBanner(await openPage(browser));
    try {
      await visitor.page.goto(link);
      await visitor.page.getByRole("button", { name: "Decline" }).click();
      const dialog = visitor.page.getByRole("dialog", { name: "Decline Katherine Johnson's invitation?" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Go back" }).click();
      await visitor.page.getByRole("button", { name: "Decline" }).click();
      await dialog.getByRole("button", { name: "Decline the invitation" }).click();
      await visitor.page
        .getByText(legacyMessages.invitationDeclined("Katherine Johnson"))
        .waitFor({ timeout: 15_000 });
      await expect
        .poll(() => visitor.page.evaluate(() => document.activeElement?.getAttribute("role")))
        .toBe("status");
      expect(await seriousAxeViolations(visitor.page)).toEqual([]);
      await screenshot(visitor.page, "invitation-declined");

      const http = await signInHttp(baseUrl, owner.email, owner.password);
      const list = await http.ok<{ contacts: { email: string; state: string }[] }>(
        "GET",
        "/api/legacy/contacts",
      );
      expect(list.contacts.find((c) => c.email === email)?.state).toBe("declined");
    } finally {
      await visitor.context.close();
    }
  });

  it("accepting with another account names the invited address, masked", async () => {
    const owner = await createAccount(baseUrl, { name: "Hedy Lamarr" });
    const invited = uniqueEmail("invited");
    const someoneElse = await createAccount(baseUrl, { name: "someone else" });
    const link = await inviteOverHttp(owner, invited);
    const tab = await withoutBanner(await openSignedInPage(browser, baseUrl, someoneElse));
    try {
      await tab.page.goto(link);
      await tab.page.getByRole("button", { name: "Accept", exact: true }).click();
      await tab.page.getByText(legacyMessages.wrongAccount(maskEmail(invited))).waitFor({ timeout: 15_000 });
      await tab.page.getByText(`You are signed in as ${someoneElse.email}`, { exact: false }).waitFor();
      // The summary took the focus, so a screen reader starts there.
      await expect
        .poll(() => tab.page.evaluate(() => document.activeElement?.getAttribute("role")))
        .toBe("alert");
      expect(await seriousAxeViolations(tab.page)).toEqual([]);
      await screenshot(tab.page, "invitation-wrong-account");
      // The invitation is still open for the right person.
      const view = await fetch(`${baseUrl}/api/legacy/invitation`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl },
        body: JSON.stringify({ token: new URL(link).hash.slice("#token=".length) }),
      });
      expect(((await view.json()) as { state: string }).state).toBe("open");
    } finally {
      await tab.context.close();
    }
  });
  it("the lists pass axe in dark at 320 px and 1280 px, with no sideways scroll", async () => {
    const owner = await createAccount(baseUrl, { name: "Mary Somerville" });
    const named = await createAccount(baseUrl, { email: uniqueEmail("named"), name: "Caroline Herschel" });
    const link = await inviteOverHttp(owner, named.email);
    const contactHttp = await signInHttp(baseUrl, named.email, named.password);
    await contactHttp.ok("POST", "/api/legacy/invitation/accept", { token: new URL(link).hash.slice(7) });
    await inviteOverHttp(owner, uniqueEmail("waiting"));
    const problems: string[] = [];
    for (const width of [320, 1280]) {
      for (const [account, url, ready] of [
        [owner, "/account/legacyinvitations", "Accepted: needs your confirmation"],
        [named, "/app/AccountHolder", "Waiting for Mary Somerville to confirm you"],
      ] as const) {
        const tab = await withoutBanner(
          await openSignedInPage(browser, baseUrl, account, { width, colorScheme: "dark" }),
        );
        try {
          await tab.page.goto(`${baseUrl}${url}`);
          await tab.page.getByText(ready).first().waitFor({ timeout: 30_000 });
          await tab.page
            .getByTestId("fingerprint-word")
            .or(tab.page.getByText("Details could not be read."))
            .first()
            .waitFor();
          for (const v of await seriousAxeViolations(tab.page)) problems.push(`${url} ${width}: ${v}`);
          const overflow = await tab.page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          if (overflow > 0) problems.push(`${url} ${width}: ${overflow} px of sideways scroll`);
          if (tab.errors.length) problems.push(`${url} ${width}: ${tab.errors.join("; ")}`);
          if (shots)
            await tab.page.screenshot({
              path: path.join(shots, `legacy-dark-${url.split("/").pop()}-${width}.png`),
              fullPage: true,
            });
        } finally {
          await tab.context.close();
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
