import { describe, expect, it } from "vitest";
import { fetchLatestBuild, isNewBuild } from "./build-version.ts";

describe("build-version polling", () => {
  it("offers a reload only when the server names another build", () => {
    expect(isNewBuild("abc", { version: "def" })).toBe(true);
    expect(isNewBuild("abc", { version: "abc" })).toBe(false);
    expect(isNewBuild("abc", null)).toBe(false);
    expect(isNewBuild("abc", { version: "" })).toBe(false);
    expect(isNewBuild(null, { version: "def" })).toBe(false);
  });

  it("reads the server's answer, and nothing when it cannot", async () => {
    const answering = (async () => new Response(JSON.stringify({ version: "v2" }))) as typeof fetch;
    expect(await fetchLatestBuild(answering)).toEqual({ version: "v2" });
    const failing = (async () => {
      throw new TypeError("offline");
    }) as typeof fetch;
    expect(await fetchLatestBuild(failing)).toBeNull();
    const broken = (async () => new Response("", { status: 502 })) as typeof fetch;
    expect(await fetchLatestBuild(broken)).toBeNull();
  });
});
