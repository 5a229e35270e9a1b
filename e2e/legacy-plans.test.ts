import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LegacyPlanList, LegacyShared } from "@heirloom/contract";
import {
  type DekBytes,
  decryptFileChunk,
  importDekKey,
  openItemText,
  publicKeyFingerprintHex,
  sealContactDetails,
  unwrapDekForRecipient,
  verifyManifest,
  verifyPlanStatement,
} from "@heirloom/crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, openSignedInPage, signInHttp, uniqueEmail } from "./support/accounts.ts";
import { launchBrowser, seriousAxeViolations } from "./support/browser.ts";
import { confirmedContact, readObject, unlock, withoutBanner } from "./support/legacy-circle.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");
const shots = process.env.E2E_SCREENSHOTS;

// A legacy plan as an owner makes one: two documents in the vault, a contact invited, accepted and confirmed, then a
// share-now plan with both documents, that contact and a letter. The owner's browser prepares everything by itself
// (wraps, re-signed manifests, the signed statement); the contact's keys then open exactly that, checked here in Node
// as their browser would.

const work = mkdtempSync(path.join(tmpdir(), "heirloom-plans-e2e-"));
const LETTER = "Dear Ada, the deeds are in the blue folder. With love, Grace.";

async function screenshot(page: Page, name: string) {
  if (!shots) return;
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(shots, `plans-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

async function axeAt(page: Page, widths: number[]) {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAxeViolations(page), `axe at ${width}px`).toEqual([]);
  }
  await page.setViewportSize(size);
}

/** A document's row on the Documents page. */
const documentRow = (page: Page, name: string) =>
  page.getByRole("list", { name: "Your documents" }).getByRole("listitem").filter({ hasText: name });

/** Sets a document's labels through its "Name and labels" dialog. */
async function setLabels(page: Page, name: string, labels: string) {
  await documentRow(page, name).getByRole("button", { name: "Name and labels" }).click();
  const dialog = page.getByRole("dialog", { name: "Name and labels" });
  await dialog.getByLabel("Labels").fill(labels);
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.waitFor({ state: "detached" });
}

/** The queue's own line on the plans page. */
const queueStatus = (page: Page) => page.getByTestId("queue-status");

describe("legacy plans", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a share-now plan with two documents and a letter is prepared for a confirmed contact, who can open it", async () => {
    const owner = await createAccount(baseUrl, { name: "Grace Hopper" });
    const contact = await createAccount(baseUrl, { name: "Ada Lovelace" });
    const contactId = await confirmedContact({ baseUrl, mailDir }, owner, contact);

    const files = {
      will: path.join(work, "Will.txt"),
      deeds: path.join(work, "House deeds.txt"),
    };
    writeFileSync(files.will, "The last will of Grace Hopper.\n");
    writeFileSync(files.deeds, "Deeds of the house on Elm Street.\n");

    const { page, errors } = await withoutBanner(await openSignedInPage(browser, baseUrl, owner));
    try {
      await page.goto(`${baseUrl}/account/MyData`);
      await page.getByRole("heading", { name: "No documents yet" }).waitFor({ timeout: 30_000 });
      await page.getByLabel("Choose files").setInputFiles(Object.values(files));
      await expect
        .poll(() => page.getByTestId("document-name").allTextContents(), { timeout: 60_000 })
        .toEqual(expect.arrayContaining(["Will.txt", "House deeds.txt"]));

      await page.goto(`${baseUrl}/account/LegacySettings`);
      await page.getByRole("heading", { level: 1, name: "Legacy" }).waitFor();
      await page.getByText("You have no plan yet.").waitFor({ timeout: 30_000 });

      // A plan on a missed check-in says how checking in works, and can also take requests.
      await page.getByLabel("If I stop checking in").check();
      await page.getByText("You check in by signing in").first().waitFor();
      await page.getByLabel("Also if a recipient asks and I don't refuse").check();
      await page.getByLabel("Time you have to refuse a request").first().waitFor();
      // Nothing filled in: the summary says why.
      await page.getByRole("button", { name: "Make the plan" }).click();
      await page.getByText("The plan was not saved. Please correct the highlighted fields.").waitFor();
      expect(await page.getByLabel("Plan name").getAttribute("aria-invalid")).toBe("true");
      await axeAt(page, [320, 1280]);

      await page.getByLabel("Share now").check();
      await page.getByLabel("Plan name").fill("For Ada");
      await page.getByRole("button", { name: "Make the plan" }).click();
      const plan = page.getByTestId("legacy-plan").filter({ hasText: "For Ada" });
      await plan.getByRole("heading", { level: 2, name: "For Ada" }).waitFor({ timeout: 15_000 });

      // Both documents, chosen one by one.
      await plan.getByRole("button", { name: "Choose documents" }).click();
      const chooser = page.getByRole("dialog", { name: "Add documents to For Ada" });
      await chooser.getByLabel("Will.txt").check();
      await chooser.getByLabel("House deeds.txt").check();
      await chooser.getByRole("button", { name: "Add 2 documents" }).click();
      await expect
        .poll(async () => (await plan.getByTestId("plan-items").locator("li").allTextContents()).sort())
        .toEqual(["House deeds.txtRemove", "Will.txtRemove"]);

      // Ada, confirmed, as recipient, with a letter.
      await plan.getByLabel("Add a recipient").selectOption({ label: "Ada Lovelace" });
      await plan.getByRole("button", { name: "Add to this plan" }).click();
      const ada = plan.getByTestId("plan-recipient").filter({ hasText: "Ada Lovelace" });
      await ada.waitFor();
      await ada.getByRole("button", { name: "Write a letter" }).click();
      await ada.getByLabel("Your letter to Ada Lovelace").fill(LETTER);
      await ada.getByRole("button", { name: "Save the letter" }).click();
      await ada.getByText("A personal letter is saved for them.").waitFor({ timeout: 15_000 });

      // The queue prepares everything by itself: no pending wraps, no stale statement.
      await expect
        .poll(() => queueStatus(page).textContent(), { timeout: 60_000 })
        .toBe("Everything is prepared for your confirmed recipients.");
      await expect
        .poll(() => ada.getByTestId("recipient-prepared").textContent(), { timeout: 30_000 })
        .toBe("Prepared for their key: 3 of 3, with a signed list of what they receive.");
      expect(await ada.getByTestId("recipient-warning").count()).toBe(0);
      await ada.getByText("They receive now").waitFor();

      const ownerHttp = await signInHttp(baseUrl, owner.email, owner.password);
      const plans = await ownerHttp.ok<LegacyPlanList>("GET", "/api/legacy/plans");
      const saved = plans.plans[0];
      if (!saved) throw new Error("no plan");
      const recipient = saved.recipients.find((r) => r.contactId === contactId);
      const contactHttp = await signInHttp(baseUrl, contact.email, contact.password);
      const contactKeys = await unlock(contact, contactHttp);
      const fingerprint = await publicKeyFingerprintHex(contactKeys.publicKeyPem);
      expect(recipient?.statement).toMatchObject({ version: saved.version, keyFingerprint: fingerprint });
      expect(recipient?.wraps.map((w) => `${w.kind}:${w.id}:${w.keyFingerprint}`).sort()).toEqual(
        [
          ...saved.items.map((i) => `document:${i.id}:${fingerprint}`),
          `letter:${recipient?.letter?.id}:${fingerprint}`,
        ].sort(),
      );

      // What Ada's browser gets: a statement signed by Grace for her key, the letter, both documents whose
      // manifests name her.
      const shared = await contactHttp.ok<LegacyShared>("GET", `/api/legacy/shared/${saved.id}`);
      const statement = {
        statement: JSON.parse(shared.statement?.statement ?? "null"),
        signatureB64: shared.statement?.signatureB64 ?? "",
      };
      expect(await verifyPlanStatement(shared.owner.signingPublicKeyPem, statement)).toBe(true);
      expect(statement.statement).toMatchObject({
        planId: saved.id,
        kind: "release",
        ownerId: owner.userId,
      });
      expect(statement.statement.recipient).toEqual({
        userId: contactKeys.userId,
        keyFingerprint: fingerprint,
      });
      expect(statement.statement.items.map((i: { kind: string }) => i.kind)).toEqual([
        "document",
        "document",
        "letter",
      ]);
      if (!shared.letter) throw new Error("no letter");
      const letterDek = (await unwrapDekForRecipient(
        contactKeys.privateKey,
        shared.letter.wrappedDek,
      )) as DekBytes;
      expect(
        await openItemText(
          letterDek,
          { ownerId: owner.userId, itemId: shared.letter.id, purpose: "letter" },
          shared.letter.sealed,
        ),
      ).toBe(LETTER);
      expect(shared.documents).toHaveLength(2);
      for (const document of shared.documents) {
        const dek = await unwrapDekForRecipient(contactKeys.privateKey, document.wrappedDek);
        expect(dek).not.toBeNull();
        const manifestPath = document.objects.find((o) => o.path.endsWith("/v1/manifest"))?.path ?? "";
        const sealed = await readObject(baseUrl, contactHttp, manifestPath);
        const opened = await decryptFileChunk(await importDekKey(dek as DekBytes), {
          fileId: `${document.id}/v1/manifest`,
          layout: { size: sealed.length - 28, chunkSize: Math.max(1, sealed.length - 28) },
          index: 0,
          chunkObject: sealed,
        });
        const signed = JSON.parse(new TextDecoder().decode(opened));
        expect(await verifyManifest(shared.owner.signingPublicKeyPem, signed)).toBe(true);
        expect(signed.manifest.recipients).toEqual([
          { userId: contactKeys.userId, keyFingerprint: fingerprint },
        ]);
      }

      // A drill, and when it was sent.
      await ada.getByRole("button", { name: "Send a drill" }).click();
      await ada.getByText(/^Last drill sent /).waitFor({ timeout: 15_000 });

      // Someone invited who has not answered yet can be a recipient; the card says nothing reaches them yet.
      const ownerHttpForInvite = await signInHttp(baseUrl, owner.email, owner.password);
      const ownerKeys = await unlock(owner, ownerHttpForInvite);
      const invitedEmail = uniqueEmail("invited");
      await ownerHttpForInvite.ok("POST", "/api/legacy/contacts", {
        email: invitedEmail,
        details: await sealContactDetails(
          ownerKeys.accountKey,
          { userId: ownerKeys.userId, email: invitedEmail },
          { name: "Charles Babbage", relationship: "Brother" },
        ),
      });
      await page.reload();
      await plan.getByLabel("Add a recipient").selectOption({ label: "Charles Babbage (invited)" });
      await plan.getByRole("button", { name: "Add to this plan" }).click();
      const charles = plan.getByTestId("plan-recipient").filter({ hasText: "Charles Babbage" });
      await charles
        .getByText(
          "Has not accepted your invitation yet: nothing is shared with them until they accept and you compare their six words.",
        )
        .waitFor({ timeout: 15_000 });
      await charles.getByRole("link", { name: "Go to your legacy contacts" }).waitFor();
      await expect
        .poll(() => queueStatus(page).textContent(), { timeout: 60_000 })
        .toBe("Everything is prepared for your confirmed recipients.");

      await axeAt(page, [320, 1280]);
      await screenshot(page, "prepared-light");
      await page.emulateMedia({ colorScheme: "dark" });
      await axeAt(page, [320, 1280]);
      await screenshot(page, "prepared-dark");
      await page.emulateMedia({ colorScheme: "light" });

      // Removing a document asks first, and says what cannot be recalled.
      await plan.getByRole("button", { name: "Remove House deeds.txt from this plan" }).click();
      const confirm = page.getByRole("dialog", { name: "Remove House deeds.txt from this plan?" });
      await confirm.getByText("Anything they already downloaded cannot be recalled.").waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await confirm.getByRole("button", { name: "Remove from plan" }).click();
      await confirm.waitFor({ state: "detached" });
      await expect.poll(() => plan.getByTestId("plan-items").locator("li").count()).toBe(1);
      await expect
        .poll(() => ada.getByTestId("recipient-prepared").textContent(), { timeout: 60_000 })
        .toBe("Prepared for their key: 2 of 2, with a signed list of what they receive.");
      const after = (await ownerHttp.ok<LegacyPlanList>("GET", "/api/legacy/plans")).plans[0];
      expect(after?.recipients.find((r) => r.contactId === contactId)?.statement?.version).toBe(
        after?.version,
      );

      // By label, including documents that get the label later: the browser adds them when it sees them.
      await page.goto(`${baseUrl}/account/MyData`);
      await setLabels(page, "House deeds.txt", "House");
      await page.goto(`${baseUrl}/account/LegacySettings`);
      await plan.getByLabel("Label", { exact: true }).selectOption("House");
      await plan.getByLabel("Include documents added later under this label").check();
      await plan.getByRole("button", { name: "Add documents labelled “House”" }).click();
      await plan
        .getByText("join this plan by themselves, including ones added later.")
        .waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => (await plan.getByTestId("plan-items").locator("li").allTextContents()).sort())
        .toEqual(["House deeds.txtRemove", "Will.txtRemove"]);
      await page.goto(`${baseUrl}/account/MyData`);
      const mortgage = path.join(work, "Mortgage.txt");
      writeFileSync(mortgage, "The mortgage papers.\n");
      await page.getByLabel("Choose files").setInputFiles(mortgage);
      await expect
        .poll(() => page.getByTestId("document-name").allTextContents(), { timeout: 60_000 })
        .toContain("Mortgage.txt");
      await setLabels(page, "Mortgage.txt", "House");

      // A document deleted from the vault leaves the plan by itself, and the page says so once.
      await documentRow(page, "Will.txt").getByRole("button", { name: "Delete" }).click();
      await page
        .getByRole("dialog", { name: "Delete this document?" })
        .getByRole("button", { name: "Delete document" })
        .click();
      await expect.poll(() => documentRow(page, "Will.txt").count()).toBe(0);
      await page.goto(`${baseUrl}/account/LegacySettings`);
      await page
        .getByText("A document that was deleted from your vault was taken out of “For Ada”.", {
          exact: false,
        })
        .waitFor({ timeout: 60_000 });
      await expect
        .poll(async () => (await plan.getByTestId("plan-items").locator("li").allTextContents()).sort(), {
          timeout: 60_000,
        })
        .toEqual(["House deeds.txtRemove", "Mortgage.txtRemove"]);
      await expect
        .poll(() => queueStatus(page).textContent(), { timeout: 60_000 })
        .toBe("Everything is prepared for your confirmed recipients.");
      await expect
        .poll(() => ada.getByTestId("recipient-prepared").textContent(), { timeout: 30_000 })
        .toBe("Prepared for their key: 3 of 3, with a signed list of what they receive.");
      await screenshot(page, "after-changes");

      // A pass that raced one of the page's own changes is answered 409 "the plan changed" and starts again: the
      // browser logs the answer, which is expected; nothing else may be.
      expect(errors.filter((e) => !e.includes("status of 409"))).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: path.join(tmpdir(), "legacy-plans-failure.png"), fullPage: true });
      throw error;
    } finally {
      await page.context().close();
    }
  }, 300_000);

  it("the plans page is clean for axe in dark mode at 320 px and 1280 px", async () => {
    const owner = await createAccount(baseUrl, { name: "Grace Hopper" });
    const { page } = await withoutBanner(
      await openSignedInPage(browser, baseUrl, owner, { colorScheme: "dark" }),
    );
    try {
      await page.goto(`${baseUrl}/app/LegacySettings`);
      await page.getByText("You have no plan yet.").waitFor({ timeout: 30_000 });
      await page.getByLabel("If a recipient asks and I don't refuse").check();
      await page.getByLabel("End access some days after a release").check();
      await page.getByText("Copies already downloaded cannot be recalled.").first().waitFor();
      await axeAt(page, [320, 1280]);
      await screenshot(page, "new-dark");
    } finally {
      await page.context().close();
    }
  });
});
