import { describe, expect, it } from "vitest";
import { formatBytes, formatDuration, TransferMeter } from "./progress.ts";

describe("TransferMeter", () => {
  it("measures speed over recent samples and estimates the time left", () => {
    const meter = new TransferMeter(100 * 1024 * 1024, 0, 0);
    for (let s = 1; s <= 10; s++) meter.add(2 * 1024 * 1024, s * 1000);
    expect(meter.done).toBe(20 * 1024 * 1024);
    expect(meter.bytesPerSecond(10_000)).toBeCloseTo(2 * 1024 * 1024, -3);
    expect(meter.secondsLeft(10_000)).toBe(40);
  });

  it("counts chunks stored earlier as done, but not as speed", () => {
    const meter = new TransferMeter(1000, 600, 0);
    expect(meter.done).toBe(600);
    expect(meter.bytesPerSecond(5000)).toBe(0);
    expect(meter.secondsLeft(5000)).toBeUndefined();
  });
});

describe("formatting", () => {
  it("reads like a file manager", () => {
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(300 * 1024 * 1024)).toBe("300 MB");
    expect(formatDuration(42)).toBe("42 s");
    expect(formatDuration(125)).toBe("2 min 5 s");
  });
});
