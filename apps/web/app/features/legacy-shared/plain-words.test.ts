import { CryptoError } from "@heirloom/crypto";
import { describe, expect, it } from "vitest";
import { DocumentIntegrityError } from "#app/features/documents/download.ts";
import { StorageError } from "#app/features/documents/storage-error.ts";
import { dateFormat } from "#app/features/prefs/date-format.ts";
import {
  describeSharedError,
  itemCount,
  planStateInWords,
  problemInWords,
  triggerInWords,
} from "./plain-words.ts";

describe("what the recipient reads", () => {
  it("says when a plan hands on, in plain words", () => {
    expect(triggerInWords("shareNow")).toBe("shared now");
    expect(triggerInWords("missedCheckIn")).toBe("if they stop checking in");
    expect(triggerInWords("request")).toBe("if you ask and they don't refuse");
  });

  it("says whether a plan naming me has been released, and when", () => {
    const { day } = dateFormat("UTC");
    expect(planStateInWords({ state: "active", releasedAt: null }, day)).toBe("not released");
    expect(planStateInWords({ state: "active", releasedAt: null, phase: "requested" }, day)).toMatch(
      /access was asked for/,
    );
    expect(planStateInWords({ state: "active", releasedAt: null, phase: "awaitingTrustees" }, day)).toMatch(
      /waiting for its trustees/,
    );
    expect(planStateInWords({ state: "released", releasedAt: "2026-11-24T23:30:00.000Z" }, day)).toBe(
      "released on 24 November 2026",
    );
    expect(dateFormat("Asia/Tokyo").day("2026-11-24T23:30:00.000Z")).toBe("25 November 2026");
  });

  it("explains every reason an item is not offered", () => {
    expect(problemInWords("unopenable")).toMatch(/cannot be opened with your key/);
    expect(problemInWords("unverified")).toMatch(/could not be verified/);
    expect(problemInWords("unavailable")).toMatch(/not available \(withdrawn or withheld\)/);
    expect(itemCount(1)).toBe("1 item");
    expect(itemCount(3)).toBe("3 items");
  });

  it("names the owner, not the reader, when a document does not match", () => {
    expect(describeSharedError(new DocumentIntegrityError(), "Olive")).toMatch(/what Olive stored/);
    expect(describeSharedError(new CryptoError("fileDecryptionFailed", "chunk 3"), "Olive")).toMatch(
      /what Olive stored/,
    );
    expect(
      describeSharedError(new StorageError("storage/network", "Could not reach Heirloom."), "Olive"),
    ).toBe("Could not reach Heirloom.");
  });
});
