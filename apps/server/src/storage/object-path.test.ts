import { describe, expect, it } from "vitest";
import { decodePathComponent, parseListPrefix, parseObjectPath } from "./object-path.ts";

describe("object paths", () => {
  it("finds the owner and the document folder", () => {
    expect(parseObjectPath("users/u1/documents/d-1/chunk-000001")).toEqual({
      fullPath: "users/u1/documents/d-1/chunk-000001",
      ownerId: "u1",
      documentId: "d-1",
      name: "chunk-000001",
    });
    expect(parseObjectPath("users/u1/settings.bin")).toMatchObject({ ownerId: "u1", documentId: undefined });
    // Outside every user's prefix: valid, but nobody's (so nobody may touch it).
    expect(parseObjectPath("public/x").ownerId).toBeUndefined();
    expect(parseObjectPath("users/u1").ownerId).toBeUndefined();
    // A document folder with no object in it is not a document object.
    expect(parseObjectPath("users/u1/documents/d1").documentId).toBeUndefined();
    expect(parseObjectPath("users/u1/ünïcödé name.bin").name).toBe("ünïcödé name.bin");
  });

  it.each([
    ["", /empty/],
    ["users/u1/../u2/x", /'\.' or '\.\.'/],
    ["users/u1/./x", /'\.' or '\.\.'/],
    ["users/u1//x", /empty segment/],
    ["/users/u1/x", /empty segment/],
    ["users/u1/x/", /empty segment/],
    ["users\\u1\\x", /backslash/],
    ["users/u1/a\u0000b", /control character/],
    ["users/u1/a\nb", /control character/],
    ["users/u1/a\u0085b", /control character/],
    ["users/u1/a\u007fb", /control character/],
    ["users/u1/\ud800x", /Unicode/],
    [`users/u1/${"a".repeat(1020)}`, /longer than 1024 bytes/],
    [`users/u1/${"é".repeat(510)}`, /longer than 1024 bytes/],
    ["users/u1/documents/bad.id/x", /document folder id/],
  ])("refuses %j", (path, message) => {
    expect(() => parseObjectPath(path)).toThrow(message);
  });

  it("refuses malformed URL encoding", () => {
    expect(decodePathComponent("users%2Fu1%2Fx")).toBe("users/u1/x");
    expect(() => decodePathComponent("users%2")).toThrow(/URL-encoded/);
    expect(() => decodePathComponent("%E0%A4%A")).toThrow(/URL-encoded/);
    expect(() => decodePathComponent("%C0%AF")).toThrow(/URL-encoded/);
  });

  it("lists folders only", () => {
    expect(parseListPrefix("users/u1/")).toEqual({ prefix: "users/u1/", ownerId: "u1" });
    expect(parseListPrefix("users/")).toEqual({ prefix: "users/", ownerId: undefined });
    expect(() => parseListPrefix("users/u1/doc")).toThrow(/end it with '\/'/);
    expect(() => parseListPrefix("users/u1/../")).toThrow();
  });
});
