import { describe, expect, it } from "vitest";
import { acceptedEncoding } from "./accepted-encoding.ts";

describe("acceptedEncoding", () => {
  it("prefers br, then gzip, and honours q=0 and repeated headers", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip, deflate")).toBe("gzip");
    expect(acceptedEncoding("BR;q=0.5")).toBe("br");
    expect(acceptedEncoding("br;q=0, gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(acceptedEncoding("identity")).toBeUndefined();
    expect(acceptedEncoding("")).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding(["deflate", "gzip"])).toBe("gzip");
  });

  it("answers a header the same way every time, however many other headers came between", () => {
    const answers = new Map<string, string | undefined>();
    // More distinct headers than the 64 it keeps, twice over, so kept and forgotten answers are both read.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 150; i++) {
        const header = i % 3 === 0 ? `x-${i}, br;q=0, gzip` : i % 3 === 1 ? `x-${i}, br` : `x-${i}`;
        const answer = acceptedEncoding(header);
        if (round === 0) answers.set(header, answer);
        else expect(answer).toBe(answers.get(header));
        expect(answer).toBe(i % 3 === 0 ? "gzip" : i % 3 === 1 ? "br" : undefined);
      }
    }
  });
});
