import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prefixEnd } from "./storage-objects.repo.ts";

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe("prefixEnd", () => {
  it("moves a folder prefix's last character one on", () => {
    expect(prefixEnd("users/u1/documents/")).toBe("users/u1/documents0");
    expect(prefixEnd("users/u1/a")).toBe("users/u1/b");
    expect(prefixEnd("")).toBeUndefined();
    expect(prefixEnd("users/é")).toBeUndefined();
    expect(prefixEnd("users/~")).toBeUndefined();
  });

  it("bounds exactly the paths that start with the prefix, in byte order", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), fc.string(), (prefix, rest, other) => {
        const end = prefixEnd(prefix);
        if (end === undefined) return;
        expect(byteOrder(prefix + rest, end)).toBeLessThan(0);
        if (byteOrder(other, prefix) >= 0 && byteOrder(other, end) < 0)
          expect(other.startsWith(prefix)).toBe(true);
      }),
    );
  });
});
