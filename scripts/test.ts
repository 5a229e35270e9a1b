// `npm test`: the whole suite. Makes sure Chromium is present (installing it from Debian when run as root),
// builds the web app, runs every Vitest project, and ends with one line "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { chromiumPath } from "../e2e/support/chromium-path.ts";

const root = path.resolve(import.meta.dirname, "..");
const started = Date.now();

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is required for the browser tests and was not found at ${chromiumPath}.\n` +
        "Install it with: sudo apt-get update && sudo apt-get install -y chromium\n" +
        "(or set CHROMIUM_PATH to a Chromium binary).",
    );
    process.exit(1);
  }
  console.log("Installing Chromium from Debian (apt-get install -y chromium)...");
  if (run("apt-get", ["update", "-qq"]) !== 0 || run("apt-get", ["install", "-y", "-qq", "chromium"]) !== 0) {
    console.error("Installing Chromium failed; the browser tests cannot run.");
    process.exit(1);
  }
}

ensureChromium();
if (run("npm", ["run", "build", "--silent"]) !== 0) {
  console.error("Building the web app failed.");
  process.exit(1);
}

const reportDir = path.join(root, ".tmp");
mkdirSync(reportDir, { recursive: true });

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

/** One Vitest run; its counts come from the JSON report, its verdict from the exit code as well. */
function vitest(label: string, args: string[], env: NodeJS.ProcessEnv): Totals {
  const reportFile = path.join(reportDir, `vitest-${label}.json`);
  rmSync(reportFile, { force: true });
  const status = run(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`, ...args],
    env,
  );
  const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    totals.passed = report.numPassedTests;
    totals.failed = report.numFailedTests;
    totals.skipped = report.numPendingTests + report.numTodoTests;
  }
  if (status !== 0 && totals.failed === 0) totals.failed = 1; // a suite that crashed before its tests ran still failed
  return totals;
}

/**
 * The journeys that run a second time with the server on PostgreSQL: those whose server side writes through
 * better-auth's adapter in ways only a whole journey puts together (accounts, sessions, two-factor, social sign-in,
 * recovery), and the document vault with its quotas. Every repository and route test already runs on both engines
 * when TEST_DATABASE_URL is set, and the release engine's service and property tests run on both; our own tables'
 * journeys (preferences, articles, legacy) and pages that only read (public pages, the accessibility sweep, headers)
 * gain too little from a second engine for their minutes in CI.
 */
const postgresJourneys = [
  "e2e/sign-up.test.ts",
  "e2e/login.test.ts",
  "e2e/social.test.ts",
  "e2e/recovery.test.ts",
  "e2e/security-settings.test.ts",
  "e2e/documents.test.ts",
];

const extra = process.argv.slice(2);
// Everything, with the browser journeys' server on SQLite (the default deployment).
const { E2E_DATABASE_URL, ...sqliteEnv } = process.env;
const runs = [vitest("all", extra, sqliteEnv)];
// CI (and anyone who sets E2E_DATABASE_URL) runs the dialect-sensitive journeys again on PostgreSQL.
if (E2E_DATABASE_URL) {
  console.log(
    "\nJourneys that write through the database, again with the server on PostgreSQL (E2E_DATABASE_URL)...",
  );
  const files = extra.length ? [] : postgresJourneys;
  runs.push(vitest("e2e-postgres", ["--project", "e2e", ...files, ...extra], process.env));
}

const passed = runs.reduce((n, r) => n + r.passed, 0);
const failed = runs.reduce((n, r) => n + r.failed, 0);
const skipped = runs.reduce((n, r) => n + r.skipped, 0);
const minutes = (Date.now() - started) / 60_000;
console.log(`\nThe suite took ${minutes.toFixed(1)} minutes (npm test: build and every run).`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
