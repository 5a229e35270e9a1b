import { describe, expect, it } from "vitest";
import { aliasRedirect, aliasTargets } from "./aliases.ts";

describe("aliasRedirect", () => {
  it.each(Object.entries(aliasTargets))("%s leads to %s", (from, to) => {
    expect(aliasRedirect(from, "")).toBe(to);
  });

  it("matches any case and a trailing slash, and keeps the query before the hash", () => {
    expect(aliasRedirect("/ACCOUNT/MyData/", "")).toBe("/account/MyData");
    expect(aliasRedirect("/pricing", "?ref=mail")).toBe("/?ref=mail#get-started");
  });

  it("leaves targets and ordinary pages alone, so nothing loops", () => {
    expect(aliasRedirect("/account/MyInfo", "")).toBeUndefined();
    expect(aliasRedirect("/Help", "")).toBeUndefined();
    expect(aliasRedirect("/about", "")).toBeUndefined();
  });
});
