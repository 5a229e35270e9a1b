import { describe, expect, it } from "vitest";
import { documentNameSchema, labelsTextSchema, parseLabels } from "./names.ts";

describe("document names and labels", () => {
  it("keeps any printable name, markup included, and refuses empty ones with a message", () => {
    expect(documentNameSchema.parse("  <img src=x onerror=alert(1)>.pdf ")).toBe(
      "<img src=x onerror=alert(1)>.pdf",
    );
    expect(documentNameSchema.safeParse("   ").error?.issues[0]?.message).toBe(
      "Enter a name for the document.",
    );
    expect(documentNameSchema.safeParse("a\u0000b").success).toBe(false);
  });

  it("reads comma-separated labels once each", () => {
    expect(parseLabels("Will, Family ,will,, House  deeds")).toEqual(["Will", "Family", "House deeds"]);
    expect(labelsTextSchema.safeParse(Array.from({ length: 21 }, (_, i) => `l${i}`).join(",")).success).toBe(
      false,
    );
    expect(labelsTextSchema.safeParse("x".repeat(41)).error?.issues[0]?.message).toBe(
      "Keep each label under 40 characters.",
    );
  });
});
