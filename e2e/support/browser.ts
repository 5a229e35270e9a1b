import { AxeBuilder } from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { chromiumArgs, chromiumPath } from "./chromium-path.ts";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}

/**
 * A client address of the private 10/8 space, random so that per-IP rate limits of one test do not spill into the
 * next. The e2e server trusts one proxy (TRUST_PROXY=1), as it would behind a load balancer: the browser stands in for it.
 */
export function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far (CSP violations appear here too). */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    colorScheme?: "light" | "dark";
    javaScriptEnabled?: boolean;
    /** The device's own time zone (IANA name); the machine's when absent. */
    timezoneId?: string;
  } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? "light",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    extraHTTPHeaders: { "x-forwarded-for": randomAddress() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return { page, context, errors };
}

/** axe-core violations a person would be hurt by (serious or critical), as readable lines. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // A page or panel fading in is half transparent for a moment, and axe would measure its colours mid-fade: wait for
  // every finite animation and transition to finish (spinners loop forever and are left alone).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 10_000 },
  );
  // Legacy mode runs axe in the page itself; the default opens a blank page to merge per-frame results, which our pages
  // (no iframes) do not need and which made every check about a third slower. Only violations are read.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
