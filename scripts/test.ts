// `npm test`: the whole suite. Makes sure Chromium is present (installing it from Debian when run as root),
// builds the web app, runs every Vitest project, and ends with one line "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromiumPath } from "../e2e/support/chromium-path.ts";

const root = path.resolve(import.meta.dirname, "..");

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
const reportFile = path.join(reportDir, "vitest-report.json");
const extra = process.argv.slice(2);
const status = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${reportFile}`,
  ...extra,
]);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  skipped = report.numPendingTests + report.numTodoTests;
}
if (status !== 0 && failed === 0) failed = 1; // a suite that crashed before its tests ran still failed
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(status === 0 && failed === 0 && passed > 0 ? 0 : 1);
