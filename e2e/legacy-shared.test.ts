import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, openSignedInPage, type TestAccount } from "./support/accounts.ts";
import { launchBrowser, seriousAxeViolations, type WatchedPage } from "./support/browser.ts";
import {
  confirmedContact,
  type Recipient,
  type StoredDocument,
  sendDrill,
  shareNow,
  storeDocument,
  type Unlocked,
  unlock,
} from "./support/legacy-release.ts";
import { readZip } from "./support/zip.ts";

const baseUrl = inject("baseUrl");
const mailDir = inject("mailDir");
const shots = process.env.E2E_SCREENSHOTS;

// What a recipient sees at /app/shared/{id} once a plan is released to them (or a drill is sent): the owner's letter
// first, then the documents, each checked against the owner's signatures and opened with the recipient's own key in
// the browser, downloadable one by one or all at once. A server that adds an item or alters the statement is refused.
// The release is made as the owner's browser makes it (e2e/support/legacy-release.ts), until the plan pages exist.

const letterText = "Dear Sam,\n\nThe deeds are in the blue folder.\nLove, Olive";
const deedsText = "Deeds of the house on Elm Street.\nRegistered 1987.\n";

/** A real 2x2 PNG, so the viewer can show it. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const rows = Buffer.from([0, 200, 30, 30, 30, 200, 30, 0, 30, 30, 200, 200, 200, 30]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function row(page: Page, name: string) {
  return page.locator("li[data-document-id]", { has: page.getByText(name, { exact: true }) });
}

describe("what was released to me", () => {
  let browser: Browser;
  let owner: TestAccount;
  let recipient: TestAccount;
  let ownerKeys: Unlocked;
  let contact: Recipient;
  let documents: StoredDocument[];
  const photo = png();
  let planId: string;
  let drillId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    [owner, recipient] = await Promise.all([
      createAccount(baseUrl, { name: "Olive Owner" }),
      createAccount(baseUrl, { name: "Sam Recipient" }),
    ]);
    ownerKeys = await unlock(baseUrl, owner);
    contact = await confirmedContact(baseUrl, mailDir, ownerKeys, recipient);
    documents = [
      await storeDocument(ownerKeys, { name: "deeds.txt", bytes: Buffer.from(deedsText) }, [contact]),
      await storeDocument(ownerKeys, { name: "garden.png", bytes: photo }, [contact]),
    ];
    planId = await shareNow(ownerKeys, contact, documents, letterText);
    drillId = await sendDrill(ownerKeys, planId, contact, "This is a test message from Olive.");
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(
    path: string,
    options: Parameters<typeof openSignedInPage>[3] = {},
  ): Promise<WatchedPage> {
    const watched = await openSignedInPage(browser, baseUrl, recipient, options);
    // Without the File System Access API: the Blob download path, which Playwright can catch as a download.
    await watched.context.addInitScript(() => {
      localStorage.setItem("cookiesAccepted", "true");
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    await watched.page.goto(`${baseUrl}${path}`);
    return watched;
  }

  it("shows the letter first, opens and downloads each document byte for byte, and everything as one ZIP", async () => {
    const { page, context, errors } = await open(`/app/shared/${planId}`);
    try {
      const letter = page.getByTestId("owner-letter");
      await letter.waitFor({ timeout: 60_000 });
      // As rendered: the owner's line breaks must survive on screen, not only in the DOM.
      // biome-ignore lint/performance/useDomNodeTextContent: innerText is the rendered text, which is the point here.
      expect(await letter.innerText()).toBe(letterText);
      await page.getByRole("heading", { name: "From Olive Owner", exact: true }).waitFor();
      expect(await page.getByTestId("shared-status").textContent()).toBe(
        "Checked: a letter and 2 documents from Olive Owner.",
      );
      // The letter comes before the documents.
      const order = await page.locator("h2").allTextContents();
      expect(order.indexOf("A letter from Olive Owner")).toBeLessThan(order.indexOf("Documents"));
      expect(await page.getByTestId("shared-document-name").allTextContents()).toEqual([
        "deeds.txt",
        "garden.png",
      ]);

      await row(page, "deeds.txt").getByRole("button", { name: "Open" }).click();
      const viewer = page.getByRole("dialog", { name: "deeds.txt" });
      await viewer.getByText("Registered 1987.").waitFor();
      await viewer.getByRole("button", { name: "Close" }).click();
      await row(page, "garden.png").getByRole("button", { name: "Open" }).click();
      await page
        .getByRole("dialog", { name: "garden.png" })
        .getByRole("img", { name: "garden.png" })
        .waitFor();
      await page.getByRole("dialog", { name: "garden.png" }).getByRole("button", { name: "Close" }).click();

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        row(page, "garden.png").getByRole("button", { name: "Download" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("garden.png");
      expect(readFileSync(await download.path()).equals(photo)).toBe(true);
      await row(page, "garden.png").getByText("Downloaded.", { exact: true }).waitFor();

      const [zip] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download everything (ZIP)" }).click(),
      ]);
      expect(zip.suggestedFilename()).toMatch(/^Shared by Olive Owner \d{4}-\d{2}-\d{2}\.zip$/);
      const files = await readZip(await zip.path());
      expect(files.map((f) => f.name)).toEqual(["Letter from Olive Owner.txt", "deeds.txt", "garden.png"]);
      expect(files[0]?.data.toString("utf8")).toBe(letterText);
      expect(files[1]?.data.toString("utf8")).toBe(deedsText);
      expect(files[2]?.data.equals(photo)).toBe(true);
      await page.getByText(/^Saved Shared by Olive Owner/).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("refuses an item the server added, and a whole release whose statement was altered", async () => {
    const { page, context } = await open("/app");
    try {
      // The server (here, a route standing in for it) serves one more document than the owner listed.
      const planted = randomUUID();
      await page.route(`**/api/legacy/shared/${planId}`, async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.documents.push({ ...body.documents[0], id: planted, objects: [] });
        await route.fulfill({ response, json: body });
      });
      await page.goto(`${baseUrl}/app/shared/${planId}`);
      await page
        .getByText("Refused: the server offered an item the owner did not list. It was not opened.")
        .waitFor({
          timeout: 60_000,
        });
      expect(await page.getByTestId("shared-document-name").allTextContents()).toEqual([
        "deeds.txt",
        "garden.png",
      ]);
      await page.unrouteAll();

      // Then it alters what the owner signed: nothing at all is shown.
      await page.route(`**/api/legacy/shared/${planId}`, async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        const statement = JSON.parse(body.statement.statement);
        statement.items = statement.items.filter((item: { kind: string }) => item.kind !== "letter");
        body.statement.statement = JSON.stringify(statement);
        await route.fulfill({ response, json: body });
      });
      await page.goto(`${baseUrl}/app/shared/${planId}`);
      await page
        .getByText("This release could not be verified: it may have been altered. Nothing from it is shown.")
        .waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("shared-document-name").count()).toBe(0);
      expect(await page.getByTestId("owner-letter").count()).toBe(0);
      expect(await page.getByRole("button", { name: /Download/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("marks a drill as a test, with its expiry", async () => {
    const { page, context } = await open(`/app/shared/${drillId}`);
    try {
      await page.getByText("This is a test from Olive Owner. Nothing real has been released.").waitFor({
        timeout: 60_000,
      });
      await page.getByText("Drill", { exact: true }).waitFor();
      await page.getByText("Drill expires on").waitFor();
      expect(await page.getByTestId("owner-letter").textContent()).toBe("This is a test message from Olive.");
    } finally {
      await context.close();
    }
  });

  it("says plainly when nothing is shared under a link", async () => {
    const { page, context } = await open(`/app/shared/${randomUUID()}`);
    try {
      await page
        .getByText("Nothing has been shared with you under this link, or it is no longer shared.")
        .waitFor({ timeout: 30_000 });
      expect(await page.getByRole("link", { name: "your account holder page" }).getAttribute("href")).toBe(
        "/account/AccountHolder",
      );
    } finally {
      await context.close();
    }
  });

  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [320, 390, 1280]) {
      it(`has no serious axe violation or sideways scroll (${colorScheme}, ${width} px)`, async () => {
        const problems: string[] = [];
        for (const [what, id] of [
          ["release", planId],
          ["drill", drillId],
        ] as const) {
          const { page, context, errors } = await open(`/app/shared/${id}`, { colorScheme, width });
          try {
            await page.getByTestId("owner-letter").waitFor({ timeout: 60_000 });
            if (width !== 390)
              problems.push(...(await seriousAxeViolations(page)).map((v) => `${what}: ${v}`));
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            );
            if (overflow > 0) problems.push(`${what}: ${overflow} px of sideways scroll`);
            if (shots && width !== 320) {
              await page.screenshot({
                path: `${shots}/shared-${what}-${colorScheme}-${width}.png`,
                fullPage: true,
              });
            }
            problems.push(...errors.map((e) => `${what}: console: ${e}`));
          } finally {
            await context.close();
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }
});
