import { articleSlugSchema } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import { publicPathOf, slugFromTitle } from "./articles.ts";

describe("articles editor helpers", () => {
  it("suggests slugs the server accepts", () => {
    for (const title of [
      "Planning Your Legacy",
      "  Wills & Trusts: a primer!  ",
      "Café für Alle",
      "x".repeat(120),
    ]) {
      const slug = slugFromTitle(title);
      expect(articleSlugSchema.safeParse(slug).success, `${title} -> ${slug}`).toBe(true);
    }
    expect(slugFromTitle("Wills & Trusts: a primer!")).toBe("wills-trusts-a-primer");
    expect(slugFromTitle("Café für Alle")).toBe("cafe-fur-alle");
  });

  it("links articles and guides to their public pages", () => {
    expect(publicPathOf({ kind: "article", slug: "a" })).toBe("/articles/a");
    expect(publicPathOf({ kind: "guide", slug: "g" })).toBe("/guides/g");
  });
});
