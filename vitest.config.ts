import { defineConfig } from "vitest/config";

// One runner for everything. `unit` holds fast tests that sit beside the code (services, repos, crypto, blob stores);
// `e2e` drives Debian's Chromium against a real server and runs its files one at a time.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/web/app/**/*.test.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two at a time even on two cores (Vitest's default there is one): many of these files spend most of
          // their time waiting on PostgreSQL, and the browser journeys never run beside them (one file at a time,
          // in their own group).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
