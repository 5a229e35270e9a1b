import { describe, expect, it } from "vitest";
import { pathAndSearch } from "./ssr.ts";

describe("pathAndSearch", () => {
  it("answers what the URL parser answers, for plain paths and for everything else", () => {
    for (const raw of [
      "/",
      "/Faq",
      "/Faq/",
      "/articles/what-happens_next",
      "/Faq?x=1",
      "/Faq?",
      "//Faq",
      "/a/../b",
      "/./Faq",
      "/%46aq",
      "/Fa q",
      "/caf\u00e9",
      "/a#b",
      "/a\\b",
    ]) {
      const url = new URL(raw, "http://local");
      expect(pathAndSearch(raw), raw).toEqual({ pathname: url.pathname, search: url.search });
    }
  });
});
