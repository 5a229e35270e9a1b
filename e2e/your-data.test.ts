import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, openSignedInPage } from "./support/accounts.ts";
import { launchBrowser, seriousAxeViolations } from "./support/browser.ts";
import { readZip } from "./support/zip.ts";

const baseUrl = inject("baseUrl");
const shots = process.env.E2E_SCREENSHOTS;
/** The export panel as it looks at this moment, when E2E_SCREENSHOTS names a folder. */
const shot = async (page: Page, name: string) => {
  if (shots)
    await page
      .locator("section[aria-labelledby=vault-export-title]")
      .screenshot({ path: `${shots}/${name}.png` });
};

describe("your data", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("downloads everything the server holds as JSON, with the profile in it, and says what is withheld", async () => {
    const account = await createAccount(baseUrl, { name: "exporting person" });
    for (const colorScheme of ["light", "dark"] as const) {
      const { page, context, errors } = await openSignedInPage(browser, baseUrl, account, { colorScheme });
      try {
        await context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
        await page.goto(`${baseUrl}/account/MyData`);
        const button = page.getByRole("button", { name: "Download my data (JSON)" });
        await button.waitFor({ timeout: 30_000 });
        const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
        expect(download.suggestedFilename()).toMatch(/^heirloom-account-\d{4}-\d{2}-\d{2}\.json$/);
        const path = await download.path();
        const exported = JSON.parse(await readFile(path, "utf8"));
        expect(exported.user).toMatchObject({ email: account.email, name: "Exporting Person" });
        expect(exported.profile).toMatchObject({ accountTier: "a", activityCheck: "11", emailToggle: false });
        expect(JSON.stringify(exported)).not.toContain(account.password);
        await page.getByText(/^Downloaded heirloom-account-/).waitFor();
        await page.getByText(/two-factor secret and backup codes/).waitFor();
        expect(
          await page.getByRole("link", { name: "Delete your account in Security settings" }).count(),
        ).toBe(1);
        await page.evaluate(() =>
          Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
        );
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("exports every document into a ZIP that holds them byte for byte, by download and streamed to disk", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "heirloom-export-e2e-"));
    const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
    // Two documents with the same name (from two folders), a name with markup in it, and one of several 4 MiB chunks.
    const files = [
      { name: "Notes.txt", dir: "a", data: Buffer.from(`Dear family,\n${randomBytes(8).toString("hex")}\n`) },
      { name: "Notes.txt", dir: "b", data: Buffer.from("The spare key is with Anna.\n") },
      { name: "<img src=x onerror=alert(1)>.pdf", dir: "a", data: Buffer.from("%PDF-1.4\n%%EOF\n") },
      { name: "Scans of the deeds.bin", dir: "a", data: randomBytes(9 * 1024 * 1024 + 123) },
    ];
    for (const file of files) {
      mkdirSync(path.join(work, file.dir), { recursive: true });
      await writeFile(path.join(work, file.dir, file.name), file.data);
    }
    const account = await createAccount(baseUrl, { name: "exporting person" });

    // The index comes first, then every document under a unique name, each with its original bytes.
    const checkZip = async (zip: Awaited<ReturnType<typeof readZip>>) => {
      expect(zip[0]?.name).toBe("heirloom-export.json");
      const index = JSON.parse(zip[0]?.data.toString("utf8") ?? "{}");
      expect(index).toMatchObject({ format: "heirloom-vault-export", version: 1, leftOut: [] });
      expect(index.documents).toHaveLength(files.length);
      const byName = new Map(zip.slice(1).map((f) => [f.name, f]));
      expect([...byName.keys()].sort()).toEqual(
        ["Notes.txt", "Notes (2).txt", "_img src=x onerror=alert(1)_.pdf", "Scans of the deeds.bin"].sort(),
      );
      for (const file of files) {
        // Which of the two "Notes.txt" went where is for the index to say: it maps each file to its document.
        const listed = index.documents.filter(
          (d: { name: string; size: number }) => d.name === file.name && d.size === file.data.length,
        );
        expect(listed, file.name).toHaveLength(1);
        const inZip = byName.get(listed[0].file);
        expect(inZip && sha256(inZip.data), file.name).toBe(sha256(file.data));
      }
      // Nothing in the index a person would not recognise: no keys, no storage ids.
      expect(Object.keys(index.documents[0]).sort()).toEqual([
        "added",
        "file",
        "labels",
        "name",
        "size",
        "type",
      ]);
    };

    const openMyData = async (page: Page) => {
      await page.goto(`${baseUrl}/account/MyData`);
      await page.getByRole("heading", { name: "Export your documents" }).waitFor({ timeout: 30_000 });
    };
    const uploaded = (page: Page) => page.locator('[data-upload-state="done"]').count();

    try {
      // Without the File System Access API: uploaded here, exported as a download the browser saves.
      {
        const { page, context, errors } = await openSignedInPage(browser, baseUrl, account);
        try {
          await context.addInitScript(() => {
            localStorage.setItem("cookiesAccepted", "true");
            delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
          });
          await openMyData(page);
          await page.getByText("There are no documents to export yet.").waitFor();
          await page
            .getByLabel("Choose files")
            .setInputFiles(files.filter((f) => f.dir === "a").map((f) => path.join(work, "a", f.name)));
          await expect.poll(() => uploaded(page), { timeout: 120_000 }).toBe(3);
          await page.getByLabel("Choose files").setInputFiles(path.join(work, "b", "Notes.txt"));
          await expect.poll(() => uploaded(page), { timeout: 120_000 }).toBe(4);
          await page.getByText(/^4 documents, 9(\.\d)? MB\./).waitFor({ timeout: 30_000 });
          const button = page.getByRole("button", { name: "Export my documents (ZIP)" });
          const [download] = await Promise.all([
            page.waitForEvent("download", { timeout: 120_000 }),
            button.click(),
          ]);
          expect(download.suggestedFilename()).toMatch(/^heirloom-documents-\d{4}-\d{2}-\d{2}\.zip$/);
          await checkZip(await readZip(await download.path()));
          await page.getByText(/^Exported heirloom-documents-/).waitFor();
          await page.getByText(/^4 documents \(9(\.\d)? MB\), each checked/).waitFor();
          await shot(page, "vault-export-done-light");
          expect(await seriousAxeViolations(page)).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }

      // With it (a stand-in writing into the origin private file system, as in documents.test.ts): streamed into
      // the chosen file. A cancel, and a chunk altered on its way from the server, leave an empty file, never part
      // of a ZIP.
      {
        const { page, context, errors } = await openSignedInPage(browser, baseUrl, account, {
          colorScheme: "dark",
        });
        try {
          await context.addInitScript(() => {
            localStorage.setItem("cookiesAccepted", "true");
            (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async (options: {
              suggestedName: string;
            }) =>
              (await navigator.storage.getDirectory()).getFileHandle(options.suggestedName, { create: true });
          });
          const savedZip = async () =>
            Buffer.from(
              await page.evaluate(async () => {
                const dir = await navigator.storage.getDirectory();
                for await (const [name, handle] of dir as unknown as AsyncIterable<
                  [string, FileSystemHandle]
                >) {
                  if (!name.endsWith(".zip")) continue;
                  const bytes = new Uint8Array(
                    await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer(),
                  );
                  let binary = "";
                  for (let i = 0; i < bytes.length; i += 0x8000)
                    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
                  return btoa(binary);
                }
                return "";
              }),
              "base64",
            );
          await openMyData(page);
          const button = page.getByRole("button", { name: "Export my documents (ZIP)" });
          await page
            .getByText(/^4 documents, 9(\.\d)? MB\. The ZIP is written to the file you choose/)
            .waitFor({ timeout: 30_000 });

          // Cancel while the big document is on its way: its later chunks are held back until the cancel.
          let release = () => {};
          const held = new Promise<void>((resolve) => {
            release = resolve;
          });
          await page.route(/chunks%2F0000000[12]/, async (route) => {
            await held;
            await route.continue().catch(() => {});
          });
          await button.click();
          await page.getByText(/^Document \d of 4: /).waitFor();
          await shot(page, "vault-export-running-dark");
          await page.getByRole("button", { name: "Cancel export" }).click();
          release();
          await page.getByText("Export canceled").waitFor({ timeout: 30_000 });
          expect((await savedZip()).length).toBe(0);
          await page.unrouteAll({ behavior: "wait" });

          // A server that alters one byte of a chunk: AES-GCM refuses it, the export stops and names the document.
          await page.route(/chunks%2F00000001/, async (route) => {
            const response = await route.fetch();
            const body = Buffer.from(await response.body());
            body[100] = (body[100] as number) ^ 1;
            await route.fulfill({ response, body });
          });
          await button.click();
          await page.getByText("The export was stopped").waitFor({ timeout: 60_000 });
          await page.getByText(/“Scans of the deeds\.bin” does not match what you stored/).waitFor();
          await shot(page, "vault-export-altered-dark");
          expect((await savedZip()).length).toBe(0);
          await page.unrouteAll({ behavior: "wait" });

          await button.click();
          await page.getByText(/^Exported heirloom-documents-/).waitFor({ timeout: 120_000 });
          await checkZip(await readZip(await savedZip()));
          expect(await seriousAxeViolations(page)).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 300_000);
});
