import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAccount, openSignedInPage, type TestAccount } from "./support/accounts.ts";
import { launchBrowser, seriousAxeViolations, type WatchedPage } from "./support/browser.ts";
import { freePort, startServer } from "./support/server.ts";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const databaseUrl = inject("databaseUrl");

// The document vault as a person uses it: add files (small ones and a 300 MiB one), see them listed after a reload,
// save each and get the same bytes back, open one in the viewer, rename and label, delete. Afterwards the server's
// files hold no name and no content in the clear.

const MiB = 1024 * 1024;
const work = mkdtempSync(path.join(tmpdir(), "heirloom-docs-e2e-"));
const marker = `HEIRLOOM-PLAINTEXT-MARKER-${randomBytes(6).toString("hex")}`;
const tag = randomBytes(3).toString("hex");

/** A real PNG (2x2 pixels) carrying the marker in a text chunk, so the viewer can show it. */
function pngWithMarker(): Buffer {
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
    chunk("tEXt", Buffer.from(`Comment\0${marker}`, "latin1")),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const pdf = () =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\n% ${marker}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/** Writes `size` bytes of random data with the marker every 8 MiB, streaming, never holding the file in memory. */
async function bigFile(file: string, size: number): Promise<void> {
  const out = createWriteStream(file);
  let written = 0;
  while (written < size) {
    const piece = randomBytes(Math.min(MiB, size - written));
    if (written % (8 * MiB) === 0) piece.write(marker, 100, "latin1");
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    written += piece.length;
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const piece of createReadStream(file)) hash.update(piece as Buffer);
  return hash.digest("hex");
}

/** Every file under `dir` (blobs, the SQLite database and its WAL) searched for each needle; returns the hits. */
function plaintextHits(dir: string, needles: readonly string[]): string[] {
  const hits: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const bytes = readFileSync(full);
        for (const needle of needles) {
          for (const encoding of ["utf8", "utf16le"] as const) {
            if (bytes.includes(Buffer.from(needle, encoding)))
              hits.push(`${needle} in ${full} (${encoding})`);
          }
        }
      }
    }
  };
  walk(dir);
  return hits;
}

/** On PostgreSQL (E2E_DATABASE_URL), every row of every table, as text, searched the same way. */
async function databaseHits(needles: readonly string[]): Promise<string[]> {
  if (!databaseUrl) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hits: string[] = [];
    const tables = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
    );
    for (const { table_name } of tables.rows) {
      const rows = await client.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
      for (const { row } of rows.rows) {
        for (const needle of needles) if (row.includes(needle)) hits.push(`${needle} in table ${table_name}`);
      }
    }
    return hits;
  } finally {
    await client.end();
  }
}

/** What the server keeps: its data folder (blobs, and the SQLite database when it runs on SQLite) and the database. */
async function storedHits(needles: readonly string[]): Promise<string[]> {
  return [...plaintextHits(dataDir, needles), ...(await databaseHits(needles))];
}

function row(page: Page, name: string) {
  return page.locator("li[data-document-id]", { has: page.getByText(name, { exact: true }) });
}

/** On a phone a row's buttons sit in its one Actions menu: opens it (once) when it is there. */
async function openRowMenu(page: Page, name: string) {
  const menu = row(page, name).locator("details");
  if ((await menu.isVisible()) && !(await menu.evaluate((el) => (el as HTMLDetailsElement).open)))
    await menu.locator("summary").click();
}

async function saveAndHash(page: Page, name: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 300_000 }),
    row(page, name).getByRole("button", { name: "Download" }).click(),
  ]);
  // The browser replaces characters a file system may not accept (< and > here) in the saved file's name.
  expect(download.suggestedFilename()).toBe(name.replace(/[<>:"/\\|?*]/g, "_"));
  const file = await download.path();
  return sha256File(file);
}

describe("documents", () => {
  let browser: Browser;
  let account: TestAccount;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccount(baseUrl, { name: "Doc Owner" });
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  async function open(options: Parameters<typeof openSignedInPage>[3] = {}): Promise<WatchedPage> {
    const watched = await openSignedInPage(browser, baseUrl, account, options);
    // Without the File System Access API: the Blob download path, which Playwright can catch as a download.
    await watched.context.addInitScript(() => {
      localStorage.setItem("cookiesAccepted", "true");
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    return watched;
  }

  it("uploads a pdf, a docx, a png and a 300 MiB file encrypted, lists them after a reload, saves each byte for byte, renames, labels and deletes, and stores no plaintext", async () => {
    const files = {
      pdf: path.join(work, `Last will ${tag}.pdf`),
      docx: path.join(work, `Letter to my children ${tag}.docx`),
      png: path.join(work, `<img src=x onerror=alert(1)> ${tag}.png`),
      big: path.join(work, `Family videos ${tag}.bin`),
    };
    await writeFile(files.pdf, pdf());
    await writeFile(
      files.docx,
      Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.from(marker), randomBytes(50_000)]),
    );
    await writeFile(files.png, pngWithMarker());
    await bigFile(files.big, 300 * MiB);
    const hashes = Object.fromEntries(
      await Promise.all(Object.entries(files).map(async ([k, f]) => [k, await sha256File(f)] as const)),
    ) as Record<keyof typeof files, string>;
    const names = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, path.basename(f)])) as Record<
      keyof typeof files,
      string
    >;

    const { page, errors } = await open();
    let alerted = false;
    page.on("dialog", (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    try {
      await page.goto(`${baseUrl}/app/MyData`);
      await expect(
        page.getByRole("heading", { name: "No documents yet" }).waitFor(),
      ).resolves.toBeUndefined();

      await page.getByLabel("Choose files").setInputFiles(Object.values(files));
      const queue = page.getByRole("region", { name: "Uploads" });
      // Progress is visible while the big file goes up: a bar and a line with bytes, speed and time left.
      await queue.locator("progress").first().waitFor();
      await expect
        .poll(() => queue.getByText(/MB of 300 MB/).count(), { timeout: 300_000, interval: 500 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('[data-upload-state="done"]').count(), { timeout: 600_000, interval: 1000 })
        .toBe(4);
      expect(await queue.getByRole("status").textContent()).toBe("All uploads finished.");

      const listed = async () => (await page.getByTestId("document-name").allTextContents()).sort();
      await expect.poll(listed, { timeout: 30_000 }).toEqual(Object.values(names).sort());
      await page.reload();
      await expect.poll(listed, { timeout: 60_000 }).toEqual(Object.values(names).sort());
      expect(alerted).toBe(false);
      expect(await page.locator("img[src='x']").count()).toBe(0);
      await page.getByText(/of 1 GB used/).waitFor();

      for (const key of ["pdf", "docx", "png", "big"] as const) {
        expect(await saveAndHash(page, names[key]), key).toBe(hashes[key]);
      }

      // The viewer shows the image decrypted in memory.
      await row(page, names.png).getByRole("button", { name: "Open" }).click();
      const viewer = page.getByRole("dialog", { name: names.png });
      await viewer.locator("img").waitFor();
      await expect
        .poll(() => viewer.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(2);
      const objectUrl = (await viewer.locator("img").getAttribute("src")) ?? "";
      expect(objectUrl.startsWith("blob:")).toBe(true);
      const probe = (url: string, fragment: string) =>
        page.evaluate(
          ([target, hash]) =>
            new Promise((resolve) => {
              const image = new Image();
              image.onload = () => resolve("still readable");
              image.onerror = () => resolve("revoked");
              image.src = `${target}#${hash}`;
            }),
          [url, fragment] as const,
        );
      expect(await probe(objectUrl, "open")).toBe("still readable");
      await viewer.getByRole("button", { name: "Close" }).click();
      await expect(viewer.count()).resolves.toBe(0);
      // Closed means gone: the decrypted image's object URL no longer loads (probed as an image: the CSP allows
      // blob: for images, not for fetch).
      expect(await probe(objectUrl, "closed")).toBe("revoked");
      // The probe's failed load is logged as a console error; it is the expected outcome, not a page error.
      const probeError = errors.indexOf("Failed to load resource: net::ERR_FILE_NOT_FOUND");
      expect(probeError).toBeGreaterThanOrEqual(0);
      errors.splice(probeError, 1);

      // Rename and label: the new name and the label come back after a reload.
      const renamed = `Will (signed) ${tag}.pdf`;
      await row(page, names.pdf).getByRole("button", { name: "Name and labels" }).click();
      const edit = page.getByRole("dialog", { name: "Name and labels" });
      await edit.getByLabel("Name", { exact: true }).fill(renamed);
      await edit.getByLabel("Labels").fill(`Estate ${tag}, Will`);
      await edit.getByRole("button", { name: "Save" }).click();
      await row(page, renamed).waitFor();
      await page.reload();
      await row(page, renamed).getByText(`Estate ${tag}`).waitFor();
      expect(await saveAndHash(page, renamed)).toBe(hashes.pdf);

      // Search and sort in the browser.
      await page.getByLabel("Search by name").fill("LETTER to");
      await expect.poll(listed).toEqual([names.docx]);
      await page.getByLabel("Search by name").fill("");
      await page.getByLabel("Sort").selectOption("largest");
      expect((await page.getByTestId("document-name").allTextContents())[0]).toBe(names.big);

      expect(await seriousAxeViolations(page)).toEqual([]);

      // Nothing the person wrote or stored is readable on the server: names (old and new), labels, content.
      const needles = [
        ...Object.values(names),
        renamed,
        `Estate ${tag}`,
        marker,
        "Letter to my children",
        "Family videos",
      ];
      expect(await storedHits(needles)).toEqual([]);
      // The search does read the database: the account's email address, which the server must know, is found.
      expect((await storedHits([account.email])).length).toBeGreaterThan(0);

      // Delete, with confirmation; it stays gone after a reload.
      await row(page, names.docx).getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete this document?" });
      await confirm.getByRole("button", { name: "Keep it" }).click();
      await row(page, names.docx).waitFor();
      await row(page, names.docx).getByRole("button", { name: "Delete" }).click();
      await confirm.getByRole("button", { name: "Delete document" }).click();
      await expect.poll(() => row(page, names.docx).count()).toBe(0);
      await page.reload();
      await expect.poll(listed, { timeout: 60_000 }).toEqual([names.big, names.png, renamed].sort());
      expect(errors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: path.join(tmpdir(), "documents-failure.png"), fullPage: true });
      throw error;
    } finally {
      await page.context().close();
      for (const file of Object.values(files)) rmSync(file, { force: true });
    }
  }, 900_000);

  /** Successful chunk uploads seen by the page, by chunk index. */
  function countStoredChunks(page: Page): Map<number, number> {
    const stored = new Map<number, number>();
    page.on("response", (response) => {
      const name = new URL(response.url()).searchParams.get("name") ?? "";
      const match = /\/chunks\/(\d{8})$/.exec(name);
      if (response.request().method() === "POST" && match && response.status() === 200) {
        const index = Number(match[1]);
        stored.set(index, (stored.get(index) ?? 0) + 1);
      }
    });
    return stored;
  }

  async function storedMegabytes(page: Page): Promise<number> {
    const line = await page
      .getByRole("region", { name: "Uploads" })
      .getByText(/MB of 300 MB/)
      .first()
      .textContent({ timeout: 1000 })
      .catch(() => "");
    return Number(/([\d.]+) MB of/.exec(line ?? "")?.[1] ?? 0);
  }

  it("finishes a 300 MiB upload when the server is killed in the middle and comes back, with the right bytes", async () => {
    const port = await freePort();
    const env = { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: "1" };
    let server = await startServer(env, port);
    const { dataDir: ownDataDir } = server;
    const file = path.join(work, `Scanned archive ${tag}.bin`);
    let watched: WatchedPage | undefined;
    try {
      const owner = await createAccount(server.baseUrl, { name: "Resume Owner" });
      await bigFile(file, 300 * MiB);
      const expected = await sha256File(file);
      watched = await openSignedInPage(browser, server.baseUrl, owner);
      const { page } = watched;
      await watched.context.addInitScript(() => {
        delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
      });
      const stored = countStoredChunks(page);
      await page.goto(`${server.baseUrl}/app/MyData`);
      await page.getByRole("heading", { name: "No documents yet" }).waitFor();
      await page.getByLabel("Choose files").setInputFiles(file);

      await expect.poll(() => storedMegabytes(page), { timeout: 120_000, interval: 100 }).toBeGreaterThan(40);
      await server.kill();
      const storedBeforeKill = stored.size;
      expect(storedBeforeKill).toBeLessThan(75);
      // The person sees that the connection is gone and that the upload is being retried.
      await page.getByText(/Connection lost, retrying/).waitFor({ timeout: 30_000 });
      server = await startServer(env, port, { dataDir: ownDataDir });

      await expect
        .poll(() => page.locator('[data-upload-state="done"]').count(), { timeout: 300_000, interval: 1000 })
        .toBe(1);
      // Every chunk is stored, and the ones stored before the crash were not sent again (at most the few that were
      // in flight when the server died may have been stored twice).
      expect([...stored.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 75 }, (_, i) => i));
      const repeats = [...stored.values()].filter((n) => n > 1).length;
      expect(repeats).toBeLessThanOrEqual(3);

      await page.reload();
      const name = path.basename(file);
      await row(page, name).waitFor({ timeout: 60_000 });
      expect(await saveAndHash(page, name)).toBe(expected);
    } finally {
      await watched?.context.close();
      await server.stop();
      rmSync(ownDataDir, { recursive: true, force: true });
      rmSync(file, { force: true });
    }
  }, 900_000);

  it("continues an upload after the page was reloaded, sending only the chunks that were not stored", async () => {
    const watched = await open();
    const { page } = watched;
    const file = path.join(work, `Photos ${tag}.bin`);
    try {
      await bigFile(file, 64 * MiB + 12345);
      const expected = await sha256File(file);
      // The network lets 6 chunks through, then drops every chunk upload: the reload interrupts an upload that is
      // retrying.
      let allowed = 6;
      let refused = 0;
      await page.route(
        (url) => /\/chunks\/\d{8}$/.test(url.searchParams.get("name") ?? ""),
        async (route) => {
          if (allowed > 0) {
            allowed--;
            await route.continue();
          } else {
            refused++;
            await route.abort("connectionreset");
          }
        },
      );
      const storedFirst = countStoredChunks(page);
      await page.goto(`${baseUrl}/app/MyData`);
      await page.getByLabel("Choose files").setInputFiles(file);
      await expect.poll(() => storedFirst.size, { timeout: 60_000 }).toBe(6);
      await expect.poll(() => refused, { timeout: 60_000 }).toBeGreaterThan(2);
      await page.getByText(/Connection lost, retrying/).waitFor();
      const storedBeforeReload = new Set(storedFirst.keys());
      await page.reload();
      allowed = Number.POSITIVE_INFINITY;
      const name = path.basename(file);
      await row(page, name)
        .getByText(/Upload not finished: 6 of 17 parts stored/)
        .waitFor({ timeout: 60_000 });

      const storedAfter = countStoredChunks(page);
      await row(page, name).getByLabel("Finish upload").filter({ visible: true }).setInputFiles(file);
      await expect
        .poll(() => page.locator('[data-upload-state="done"]').count(), { timeout: 300_000, interval: 500 })
        .toBe(1);
      // Chunks go up three at a time (CHUNKS_IN_FLIGHT), so the six the network let through need not be the first
      // six; the other eleven are sent, each once, and none of those six again.
      const notStoredBefore = Array.from({ length: 17 }, (_, i) => i).filter(
        (i) => !storedBeforeReload.has(i),
      );
      expect(notStoredBefore).toHaveLength(11);
      expect([...storedAfter.keys()].sort((a, b) => a - b)).toEqual(notStoredBefore);
      expect([...storedAfter.values()].every((n) => n === 1)).toBe(true);
      await row(page, name).getByRole("button", { name: "Download" }).waitFor();
      expect(await saveAndHash(page, name)).toBe(expected);

      // ADR 013: the chunks sealed after the reload carry a new nonce prefix (first 8 bytes of each chunk object).
      // Which six were stored before it depends on the order they went up in, so two of those are compared with
      // each other, two of the rest with each other, and one of each kind.
      const before = [...storedBeforeReload].sort((a, b) => a - b);
      const indices = [before[0], before.at(-1), notStoredBefore[0], notStoredBefore.at(-1)].map(
        (i) => i ?? -1,
      );
      const documentId = await row(page, name).getAttribute("data-document-id");
      const prefixes = await page.evaluate(
        async ({ userId, documentId, indices }) => {
          const prefixOf = async (index: number) => {
            const fullPath = `users/${userId}/documents/${documentId}/v1/chunks/${String(index).padStart(8, "0")}`;
            const response = await fetch(`/v0/b/heirloom/o/${encodeURIComponent(fullPath)}?alt=media`);
            const bytes = new Uint8Array(await response.arrayBuffer()).subarray(0, 8);
            return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
          };
          return Promise.all(indices.map(prefixOf));
        },
        { userId: account.userId, documentId, indices },
      );
      expect(prefixes[0]).toBe(prefixes[1]);
      expect(prefixes[2]).toBe(prefixes[3]);
      expect(prefixes[1]).not.toBe(prefixes[2]);
    } catch (error) {
      await page.screenshot({ path: path.join(tmpdir(), "documents-resume-failure.png"), fullPage: true });
      throw error;
    } finally {
      await watched.context.close();
      rmSync(file, { force: true });
    }
  }, 600_000);

  it("works at 320 px in dark mode, by keyboard, with no serious axe violations, and streams to disk where the browser can", async () => {
    const shots = process.env.DOCUMENTS_SCREENSHOTS;
    const files = [
      path.join(work, `Deed of the house ${tag}.pdf`),
      path.join(work, `A rather long file name that has to wrap on a small phone screen ${tag}.txt`),
    ];
    await writeFile(files[0] as string, pdf());
    await writeFile(files[1] as string, `Dear family,\n${marker}\n`);
    const watched = await openSignedInPage(browser, baseUrl, await createAccount(baseUrl), {
      width: 320,
      height: 800,
      colorScheme: "dark",
    });
    const { page, errors } = watched;
    // A File System Access API stand-in that writes into the origin's private file system, so the streaming path
    // runs as it does in Chrome, without a native picker.
    await watched.context.addInitScript(() => {
      localStorage.setItem("cookiesAccepted", "true");
      (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async (options: {
        suggestedName: string;
      }) => (await navigator.storage.getDirectory()).getFileHandle(options.suggestedName, { create: true });
    });
    try {
      await page.goto(`${baseUrl}/app/MyData`);
      await page.getByRole("heading", { name: "No documents yet" }).waitFor();
      if (shots)
        await page.screenshot({ path: path.join(shots, "documents-empty-320-dark.png"), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Keyboard: the file control is reachable with Tab and shows where focus is.
      const input = page.getByLabel("Choose files");
      for (let i = 0; i < 40 && !(await input.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
      }
      expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

      await input.setInputFiles(files);
      await expect
        .poll(() => page.locator('[data-upload-state="done"]').count(), { timeout: 120_000 })
        .toBe(2);
      const longName = path.basename(files[1] as string);
      await row(page, longName).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      if (shots)
        await page.screenshot({ path: path.join(shots, "documents-list-320-dark.png"), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The text viewer, opened and closed by keyboard; focus returns to the button that opened it.
      // A compact row: one menu, no buttons wrapping onto more lines.
      const deedRow = row(page, path.basename(files[0] as string));
      expect(await deedRow.getByRole("button").count()).toBe(0);
      // The menu sits beside the name, not on lines of its own below it.
      const nameBox = await deedRow.getByTestId("document-name").boundingBox();
      const menuBox = await deedRow.locator("summary").boundingBox();
      expect(menuBox && nameBox && menuBox.y < nameBox.y + nameBox.height).toBe(true);
      await openRowMenu(page, longName);
      const openButton = row(page, longName).getByRole("button", { name: "Open" });
      await openButton.focus();
      await page.keyboard.press("Enter");
      const viewer = page.getByRole("dialog", { name: longName });
      await viewer.getByText(marker).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: path.join(shots, "documents-viewer-320-dark.png") });
      await page.keyboard.press("Escape");
      await expect.poll(() => viewer.count()).toBe(0);
      expect(await openButton.evaluate((el) => el === document.activeElement)).toBe(true);
      // Escape closes the row's menu and puts focus back on its Actions button, so it never covers the next row.
      await page.keyboard.press("Escape");
      const longMenu = row(page, longName).locator("details");
      expect(await longMenu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      expect(await longMenu.locator("summary").evaluate((el) => el === document.activeElement)).toBe(true);
      // Opening one row's menu closes any other that is open.
      await longMenu.locator("summary").click();
      await row(page, path.basename(files[0] as string))
        .locator("summary")
        .focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => longMenu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);

      // Saved through the File System Access API: streamed into the chosen file, byte for byte.
      const deedName = path.basename(files[0] as string);
      await openRowMenu(page, deedName);
      await row(page, deedName).getByRole("button", { name: "Download" }).click();
      // The menu closes as the download starts, focus on its Actions button, so the row's progress and its
      // "Downloaded." are not under the menu.
      const deedMenu = row(page, deedName).locator("details");
      expect(await deedMenu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      expect(await deedMenu.locator("summary").evaluate((el) => el === document.activeElement)).toBe(true);
      const downloaded = row(page, deedName).getByText("Downloaded.");
      await downloaded.waitFor();
      await downloaded.scrollIntoViewIfNeeded();
      expect(
        await downloaded.evaluate((el) => {
          // The end of the words, which sat under the open menu's edge.
          const range = document.createRange();
          range.selectNodeContents(el);
          const box = range.getBoundingClientRect();
          return el.contains(document.elementFromPoint(box.right - 2, box.top + box.height / 2));
        }),
      ).toBe(true);
      const savedHex = await page.evaluate(async (name) => {
        const file = await (await (await navigator.storage.getDirectory()).getFileHandle(name)).getFile();
        const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
        return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
      }, deedName);
      expect(savedHex).toBe(await sha256File(files[0] as string));

      await openRowMenu(page, deedName);
      await row(page, deedName).getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete this document?" });
      await confirm.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: path.join(shots, "documents-delete-320-dark.png") });
      await confirm.getByRole("button", { name: "Delete document" }).click();
      await expect.poll(() => row(page, deedName).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await watched.context.close();
      for (const file of files) rmSync(file, { force: true });
    }
  }, 300_000);

  it("refuses a document that does not fit in the quota before sending it, and says so", async () => {
    const port = await freePort();
    const server = await startServer(
      { PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: "1", STORAGE_FREE_BYTES: String(8 * MiB) },
      port,
    );
    const file = path.join(work, `Too big ${tag}.bin`);
    let watched: WatchedPage | undefined;
    try {
      await bigFile(file, 12 * MiB);
      const owner = await createAccount(server.baseUrl);
      watched = await openSignedInPage(browser, server.baseUrl, owner);
      const { page } = watched;
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().includes("/v0/b/")) posts.push(request.url());
      });
      await page.goto(`${server.baseUrl}/app/MyData`);
      await page.getByRole("heading", { name: "No documents yet" }).waitFor();
      await page.getByLabel("Choose files").setInputFiles(file);
      const alert = page.getByRole("region", { name: "Uploads" }).getByRole("alert");
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        "Quota exceeded: this document (12 MB) does not fit in your remaining storage (8 MB free). Delete documents you no longer need, or upgrade your plan.",
      );
      expect(posts).toEqual([]);
      expect(await page.getByRole("heading", { name: "No documents yet" }).count()).toBe(1);
    } finally {
      await watched?.context.close();
      await server.stop();
      rmSync(file, { force: true });
    }
  }, 300_000);
});
