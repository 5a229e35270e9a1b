import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHROMIUM_PATH, launchChromium } from "./testing/chromium.ts";
import type { CaseResult } from "./testing/round-trip-cases.ts";
import { roundTripCases } from "./testing/round-trip-cases.ts";
import { modulePage, startTsModuleServer, type TsModuleServer } from "./testing/ts-module-server.ts";

// The round-trip cases of round-trip.test.ts, run in Debian's Chromium: the browser's WebCrypto, the Argon2id
// WebAssembly (SIMD) and real module Web Workers. Chromium missing fails this file (beforeAll throws); it is never
// skipped.
test("Chromium is installed (a missing browser fails here rather than skipping the browser run)", () => {
  expect(existsSync(CHROMIUM_PATH), `no Chromium at ${CHROMIUM_PATH}; apt-get install -y chromium`).toBe(
    true,
  );
});

describe("round trips in Chromium", () => {
  let server: TsModuleServer | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;
  let results: CaseResult[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startTsModuleServer({
      "/": modulePage("crypto browser suite", "/testing/browser-suite.ts"),
    });
    const browser = await launchChromium();
    closeBrowser = browser.close;
    const page = await browser.context.newPage();
    pageErrors = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    await page.goto(`${server.origin}/`);
    await page.waitForFunction(() => "heirloomSuite" in globalThis, undefined, { timeout: 30_000 });
    results = await page.evaluate(
      () => (globalThis as unknown as { heirloomSuite: Promise<CaseResult[]> }).heirloomSuite,
    );
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.close();
  });

  test("the page ran every case without errors", () => {
    expect(pageErrors).toEqual([]);
    expect(results.map((r) => r.name)).toEqual(roundTripCases.map((c) => c.name));
  });

  for (const { name } of roundTripCases) {
    test(name, () => {
      const result = results.find((r) => r.name === name);
      expect(result, "case ran in the browser").toBeDefined();
      expect(result?.error ?? "").toBe("");
      expect(result?.ok).toBe(true);
    });
  }
});
