import type { LegacyContact, LegacyPlan } from "@heirloom/contract";
import { describe, expect, it } from "vitest";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import { latestDocuments, legacyAttention, liveContacts } from "./dashboard.ts";

const contact = (id: string, overrides: Partial<LegacyContact> = {}): LegacyContact => ({
  id,
  email: `${id}@example.com`,
  state: "confirmed",
  keyChanged: false,
  details: "v1.sealed",
  invitedAt: "2026-01-01T00:00:00.000Z",
  expiresAt: "2026-01-08T00:00:00.000Z",
  lastSentAt: "2026-01-01T00:00:00.000Z",
  acceptedAt: null,
  confirmedAt: null,
  declinedAt: null,
  revokedAt: null,
  leftAt: null,
  resendAvailableAt: null,
  contact: {
    userId: `u-${id}`,
    name: id.toUpperCase(),
    publicKeyPem: "",
    signingPublicKeyPem: "",
    fingerprintHex: "",
  },
  confirmation: null,
  ...overrides,
});

const plan = (recipients: LegacyPlan["recipients"], items = ["d1", "d2"]): LegacyPlan =>
  ({
    id: "p1",
    details: "v1.sealed",
    version: 1,
    state: "active",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    releasedAt: null,
    items: items.map((id) => ({ kind: "document", id, addedAt: "2026-01-01T00:00:00.000Z" })),
    recipients,
  }) as unknown as LegacyPlan;

const recipient = (contactId: string, wrapped: string[], letter = false) =>
  ({
    contactId,
    addedAt: "2026-01-01T00:00:00.000Z",
    letter: letter ? { id: "l1", sealed: "v1.x", updatedAt: "2026-01-01T00:00:00.000Z" } : null,
    wraps: wrapped.map((id) => ({ kind: "document", id, keyFingerprint: "f" })),
    statement: null,
    releasedAt: null,
    lastDrillAt: null,
  }) as unknown as LegacyPlan["recipients"][number];

describe("the home dashboard", () => {
  it("lists the newest complete documents first, three at most", () => {
    const doc = (id: string, added: string, status: DocumentEntry["status"] = "ready") =>
      ({ documentId: id, added, status }) as DocumentEntry;
    const docs = [
      doc("a", "2026-01-01T00:00:00Z"),
      doc("b", "2026-03-01T00:00:00Z"),
      doc("c", "2026-02-01T00:00:00Z"),
      doc("d", "2026-04-01T00:00:00Z", "incomplete"),
      doc("e", "2025-12-01T00:00:00Z"),
    ];
    expect(latestDocuments(docs).map((d) => d.documentId)).toEqual(["b", "c", "a"]);
  });

  it("counts only contacts still in the circle", () => {
    const contacts = [
      contact("a"),
      contact("b", { state: "invited" }),
      contact("c", { state: "revoked" }),
      contact("d", { state: "left" }),
    ];
    expect(liveContacts(contacts).map((c) => c.id)).toEqual(["a", "b"]);
  });

  it("names an unconfirmed contact, a changed key and an expired invitation, each with the page to fix it", () => {
    const attention = legacyAttention(
      [
        contact("ada", { state: "accepted" }),
        contact("bob", { keyChanged: true }),
        contact("cy", { state: "expired", contact: null }),
        contact("dee"),
      ],
      [],
    );
    expect(attention.map((a) => a.id)).toEqual(["confirm-ada", "key-bob", "expired-cy"]);
    expect(attention.every((a) => a.action.to === "/app/legacyinvitations")).toBe(true);
    expect(legacyAttention([contact("dee")], [])).toEqual([]);
  });

  it("calls each contact by the name the owner gave them, and by their address until it opens", () => {
    const contacts = [
      contact("ada", { state: "accepted" }),
      contact("bob", { keyChanged: true }),
      contact("cy", { state: "expired", contact: null }),
    ];
    const names = new Map([
      ["ada", "Aunt Ada"],
      ["bob", "Bob"],
      ["cy", "Cy"],
    ]);
    expect(legacyAttention(contacts, [], names).map((a) => a.text)).toEqual([
      "Aunt Ada (ada@example.com) accepted your invitation. Compare their six words with them, then confirm them.",
      "Bob (bob@example.com)'s key has changed. Nothing more is shared with them until you compare and confirm again.",
      "The invitation to Cy (cy@example.com) expired before it was answered.",
    ]);
    // Locked vault, or details that do not open: the address, never the name the contact chose for their own account.
    const [unopened] = legacyAttention(contacts, [], new Map([["bob", "Bob"]]));
    expect(unopened?.text).toBe(
      "ada@example.com accepted your invitation. Compare their six words with them, then confirm them.",
    );
  });

  it("counts items still to be wrapped to confirmed recipients whose key is unchanged", () => {
    const contacts = [
      contact("ada"),
      contact("bob", { keyChanged: true }),
      contact("cy", { state: "accepted" }),
    ];
    const plans = [plan([recipient("ada", ["d1"], true), recipient("bob", []), recipient("cy", [])])];
    const pending = legacyAttention(contacts, plans).find((a) => a.id === "pending-wraps");
    // ada: d2 and her letter; bob waits for a new confirmation, cy for a first one (both named separately).
    expect(pending?.text).toMatch(/^2 items are still to be sealed/);
    expect(legacyAttention([contact("ada")], [plan([recipient("ada", ["d1", "d2"])])])).toEqual([]);
  });
});
