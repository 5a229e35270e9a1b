import { describe, expect, it } from "vitest";
import { neededItems, needsWork, recipientNeeds } from "./recipient-needs.ts";
import { recipientWarnings } from "./recipient-warnings.ts";

const FP = "a".repeat(64);
const OLD = "b".repeat(64);
const at = "2026-01-01T00:00:00.000Z";
const plan = {
  version: 5,
  items: [
    { kind: "document" as const, id: "doc-1", addedAt: at },
    { kind: "document" as const, id: "doc-2", addedAt: at },
  ],
};
const letter = { id: "letter-1", sealed: "v1.x:y", ownerDek: "v1.x:y", updatedAt: at };
const wrap = (id: string, keyFingerprint = FP, kind: "document" | "letter" = "document") => ({
  kind,
  id,
  keyFingerprint,
});

describe("what a recipient still needs", () => {
  it("needs every item of the plan and their letter", () => {
    expect(neededItems(plan, { letter })).toEqual([
      { kind: "document", id: "doc-1" },
      { kind: "document", id: "doc-2" },
      { kind: "letter", id: "letter-1" },
    ]);
    expect(neededItems(plan, { letter: null })).toHaveLength(2);
  });

  it("pending: needed items with no wrap to the confirmed key (wraps to an older key do not count)", () => {
    const needs = recipientNeeds(
      plan,
      {
        letter,
        wraps: [wrap("doc-1"), wrap("doc-2", OLD)],
        statement: { version: 5, keyFingerprint: FP, signedAt: at, items: [] },
      },
      FP,
    );
    expect(needs.pending).toEqual([
      { kind: "document", id: "doc-2" },
      { kind: "letter", id: "letter-1" },
    ]);
    expect(needs.stale).toBe(false);
  });

  it("stale: no statement, one for an older version, or one for another key", () => {
    const wraps = [wrap("doc-1"), wrap("doc-2"), wrap("letter-1", FP, "letter")];
    const statement = (version: number, keyFingerprint = FP) => ({
      version,
      keyFingerprint,
      signedAt: at,
      items: [],
    });
    expect(recipientNeeds(plan, { letter, wraps, statement: null }, FP).stale).toBe(true);
    expect(recipientNeeds(plan, { letter, wraps, statement: statement(4) }, FP).stale).toBe(true);
    expect(recipientNeeds(plan, { letter, wraps, statement: statement(5, OLD) }, FP).stale).toBe(true);
    const current = recipientNeeds(plan, { letter, wraps, statement: statement(5) }, FP);
    expect(current).toMatchObject({ pending: [], stale: false });
    expect(needsWork(current, true)).toBe(false);
  });

  it("stale: a document whose content digest changed since the statement was signed (renamed)", () => {
    const wraps = [wrap("doc-1"), wrap("doc-2"), wrap("letter-1", FP, "letter")];
    const signed = {
      version: 5,
      keyFingerprint: FP,
      signedAt: at,
      items: [
        { kind: "document", id: "doc-1", digest: "a".repeat(64) },
        { kind: "document", id: "doc-2", digest: "b".repeat(64) },
      ],
    };
    const same = new Map([
      ["document:doc-1", "a".repeat(64)],
      ["document:doc-2", "b".repeat(64)],
    ]);
    expect(recipientNeeds(plan, { letter, wraps, statement: signed }, FP, same).stale).toBe(false);
    const renamed = new Map([...same, ["document:doc-2", "c".repeat(64)]]);
    expect(recipientNeeds(plan, { letter, wraps, statement: signed }, FP, renamed).stale).toBe(true);
    // A document this browser has not read cannot be compared, so it does not count as changed.
    expect(recipientNeeds(plan, { letter, wraps, statement: signed }, FP, new Map()).stale).toBe(false);
  });

  it("a new recipient with nothing to receive is left alone; one whose plan was emptied gets a new statement", () => {
    const empty = recipientNeeds({ version: 2, items: [] }, { letter: null, wraps: [], statement: null }, FP);
    expect(needsWork(empty, false)).toBe(false);
    const emptied = recipientNeeds(
      { version: 3, items: [] },
      { letter: null, wraps: [], statement: { version: 2, keyFingerprint: FP, signedAt: at, items: [] } },
      FP,
    );
    expect(needsWork(emptied, true)).toBe(true);
  });
});

describe("the warnings a recipient card shows", () => {
  it("says what keeps a contact from receiving anything", () => {
    const blocked = (reason: "not-accepted" | "not-confirmed" | "key-changed" | "unverified" | "ended") =>
      recipientWarnings({ wrappable: false, contactId: "c", reason }, null)[0]?.text;
    expect(blocked("not-confirmed")).toBe(
      "Not confirmed yet: nothing is shared with them until you compare their six words.",
    );
    expect(blocked("key-changed")).toMatch(/^Their key changed: confirm again/);
    expect(blocked("unverified")).toMatch(/could not be verified/);
    expect(blocked("not-accepted")).toMatch(/not accepted/);
    expect(blocked("ended")).toMatch(/no longer your legacy contact/i);
  });

  it("counts the items waiting and says when the signed list is out of date", () => {
    const state = {
      wrappable: true as const,
      contactId: "c",
      userId: "u",
      publicKeyPem: "",
      fingerprint: FP,
    };
    const needs = recipientNeeds(plan, { letter, wraps: [wrap("doc-1")], statement: null }, FP);
    expect(recipientWarnings(state, needs).map((w) => w.text)).toEqual([
      "2 items waiting to be prepared for them.",
      "The plan changed: their signed list will be updated.",
    ]);
    const done = recipientNeeds(
      plan,
      {
        letter,
        wraps: [wrap("doc-1"), wrap("doc-2"), wrap("letter-1", FP, "letter")],
        statement: { version: 5, keyFingerprint: FP, signedAt: at, items: [] },
      },
      FP,
    );
    expect(recipientWarnings(state, done)).toEqual([]);
    expect(recipientWarnings(null, null)).toEqual([]);
  });
});
