// Lighthouse on three public pages against the real server in Debian's Chromium.
// Prints the four category scores of each page beside the target (95) and the ratio score/target.
// Run: npm run bench:lighthouse   (needs a build: npm run build)
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumArgs, chromiumPath } from "../e2e/support/chromium-path.ts";
import { startServer } from "../e2e/support/server.ts";

const pages = ["/", "/Security", "/Faq"];
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const target = 95;

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});
const rows: string[] = [];
let worst = 100;
try {
  for (const formFactor of ["mobile", "desktop"] as const) {
    for (const pagePath of pages) {
      const result = await lighthouse(
        `${server.baseUrl}${pagePath}`,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...categories] },
        formFactor === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
      const scores = categories.map((c) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
      worst = Math.min(worst, ...scores);
      rows.push(
        `${formFactor.padEnd(8)}${pagePath.padEnd(12)}${scores.map((s) => String(s).padStart(16)).join("")}`,
      );
      // A run Lighthouse itself could not finish scores 0: say why, so it is not mistaken for a slow page.
      if (result.lhr.runtimeError)
        rows.push(
          `        ${"".padEnd(12)}  Lighthouse error: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`,
        );
      for (const [id, audit] of Object.entries(result.lhr.audits)) {
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative") {
          rows.push(`        ${"".padEnd(12)}  below 0.9: ${id} (${audit.score})`);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.log(`\nLighthouse (target ${target} in each category)`);
console.log(`${"form".padEnd(8)}${"page".padEnd(12)}${categories.map((c) => c.padStart(16)).join("")}`);
for (const row of rows) console.log(row);
console.log(`\nlowest score ${worst}; ratio to target ${(worst / target).toFixed(2)}`);
