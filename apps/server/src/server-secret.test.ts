import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadServerSecret } from "./server-secret.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "heirloom-secret-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadServerSecret", () => {
  it("uses SECRET_KEY when it is set", () => {
    expect(loadServerSecret("from-the-environment-0123456789", tempDir())).toBe(
      "from-the-environment-0123456789",
    );
  });

  it("makes a secret once, keeps it private, and returns the same one after a restart", () => {
    const dir = tempDir();
    const first = loadServerSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(loadServerSecret(undefined, dir)).toBe(first);
    expect(statSync(path.join(dir, "secret.key")).mode & 0o777).toBe(0o600);
    expect(loadServerSecret(undefined, tempDir())).not.toBe(first);
  });
});
