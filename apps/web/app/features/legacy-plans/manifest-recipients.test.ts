import { describe, expect, it } from "vitest";
import { desiredFor, desiredManifestRecipients, sameRecipients } from "./manifest-recipients.ts";
import type { ContactWrapState } from "./wrappability.ts";

const at = "2026-01-01T00:00:00.000Z";
const doc = (id: string) => ({ kind: "document" as const, id, addedAt: at });
const recipient = (contactId: string) => ({
  contactId,
  addedAt: at,
  letter: null,
  wraps: [],
  statement: null,
  releasedAt: null,
  lastDrillAt: null,
});
const wrappable = (contactId: string, userId: string, fingerprint: string): ContactWrapState => ({
  wrappable: true,
  contactId,
  userId,
  publicKeyPem: "",
  fingerprint,
});
const F = (c: string) => c.repeat(64);

describe("whom a document's manifest names", () => {
  const states = new Map<string, ContactWrapState>([
    ["c-zoe", wrappable("c-zoe", "user-zoe", F("1"))],
    ["c-ada", wrappable("c-ada", "user-ada", F("2"))],
    ["c-new", { wrappable: false, contactId: "c-new", reason: "not-confirmed" }],
    ["c-changed", { wrappable: false, contactId: "c-changed", reason: "key-changed" }],
  ]);
  const plans = [
    { items: [doc("d-1"), doc("d-2")], recipients: [recipient("c-zoe"), recipient("c-new")] },
    {
      items: [doc("d-2"), doc("d-3")],
      recipients: [recipient("c-ada"), recipient("c-zoe"), recipient("c-changed")],
    },
    { items: [doc("d-4")], recipients: [] },
  ];
  const desired = desiredManifestRecipients(plans, states);

  it("exactly the wrappable recipients of every plan holding it, once each, sorted by user id", () => {
    expect(desiredFor(desired, "d-1")).toEqual([{ userId: "user-zoe", keyFingerprint: F("1") }]);
    expect(desiredFor(desired, "d-2")).toEqual([
      { userId: "user-ada", keyFingerprint: F("2") },
      { userId: "user-zoe", keyFingerprint: F("1") },
    ]);
    expect(desiredFor(desired, "d-3")).toEqual([
      { userId: "user-ada", keyFingerprint: F("2") },
      { userId: "user-zoe", keyFingerprint: F("1") },
    ]);
  });

  it("names nobody for a document in a plan without wrappable recipients, or in no plan at all", () => {
    expect(desired.has("d-4")).toBe(true);
    expect(desiredFor(desired, "d-4")).toEqual([]);
    expect(desired.has("d-gone")).toBe(false);
    expect(desiredFor(desired, "d-gone")).toEqual([]);
  });

  it("re-signs only when the people or their keys differ, in any order", () => {
    const a = { userId: "user-ada", keyFingerprint: F("2") };
    const z = { userId: "user-zoe", keyFingerprint: F("1") };
    expect(sameRecipients([z, a], [a, z])).toBe(true);
    expect(sameRecipients([], [])).toBe(true);
    expect(sameRecipients([a], [a, z])).toBe(false);
    expect(sameRecipients([a, z], [a])).toBe(false);
    expect(sameRecipients([{ ...a, keyFingerprint: F("3") }], [a])).toBe(false);
  });
});
