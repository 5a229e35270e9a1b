import { describe, expect, it } from "vitest";
import { capitaliseName, tidyName } from "./names.ts";

describe("names", () => {
  it("capitalises first letters at sign-up and keeps everything else as typed", () => {
    expect(capitaliseName("ada   lovelace")).toBe("Ada Lovelace");
    expect(capitaliseName("GRACE hopper-smith o'neil")).toBe("GRACE Hopper-smith O'neil");
    expect(capitaliseName(" émile  zola ")).toBe("Émile Zola");
  });

  it("keeps a name changed later exactly as typed, apart from doubled spaces", () => {
    expect(tidyName(" Vincent   van Gogh ")).toBe("Vincent van Gogh");
    expect(tidyName("bell hooks")).toBe("bell hooks");
  });
});
