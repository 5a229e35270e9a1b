import type { LegacyContact, LegacyPlan, LegacyWrapsUpload } from "@heirloom/contract";
import type { DekBytes, ManifestRecipient, SignedManifest } from "@heirloom/crypto";
import { describe, expect, it } from "vitest";
import type { PlanDetailsContent } from "./plan-details.ts";
import { type PassDocument, runWrapPass, type WrapPassDeps } from "./wrap-pass.ts";
import type { ContactWrapState } from "./wrappability.ts";

// One pass of the queue against a stand-in server: what it removes, adds, re-signs, wraps and signs, and that a
// "plan changed" answer starts it again from fresh answers. The crypto is stood in by readable strings here; the
// real functions are tested in their own files and end to end.

const FP = "f".repeat(64);
const at = "2026-01-01T00:00:00.000Z";
const STALE = new Error("stale");

const manifest = (documentId: string, recipients: ManifestRecipient[] = []): SignedManifest => ({
  manifest: {
    documentId,
    version: 1,
    fileId: `${documentId}/v1`,
    ownerId: "owner",
    chunkCount: 1,
    headerDigest: "0".repeat(64),
    ciphertextDigest: "0".repeat(64),
    recipients,
  },
  signatureB64: "sig",
});

const contact = (id: string, state: LegacyContact["state"]): LegacyContact => ({
  id,
  email: `${id}@example.com`,
  state,
  keyChanged: false,
  details: "v1.a:b",
  invitedAt: at,
  expiresAt: at,
  lastSentAt: at,
  acceptedAt: at,
  confirmedAt: at,
  declinedAt: null,
  revokedAt: null,
  leftAt: null,
  resendAvailableAt: null,
  contact: {
    userId: `user-${id}`,
    name: id,
    publicKeyPem: `pem-${id}`,
    signingPublicKeyPem: "",
    fingerprintHex: FP,
  },
  confirmation: { fingerprintHex: FP, signature: "s" },
});

function setup(options: { details?: PlanDetailsContent; staleOnce?: boolean } = {}) {
  const plan: LegacyPlan = {
    id: "plan-1",
    details: "v1.a:b",
    settings: { trigger: { kind: "shareNow" }, trustees: null, timeLimitDays: null },
    state: "released",
    phase: "released",
    dueAt: null,
    requestDueAt: null,
    releaseEndsAt: null,
    pendingRequest: null,
    version: 3,
    createdAt: at,
    updatedAt: at,
    releasedAt: at,
    items: ["doc-1", "doc-2", "doc-gone"].map((id) => ({ kind: "document" as const, id, addedAt: at })),
    recipients: [
      {
        contactId: "ada",
        addedAt: at,
        letter: { id: "letter-1", sealed: "sealed-letter", ownerDek: "owner-dek", updatedAt: at },
        wraps: [{ kind: "document", id: "doc-1", keyFingerprint: FP }],
        statement: null,
        releasedAt: at,
        lastDrillAt: null,
      },
      {
        contactId: "bob",
        addedAt: at,
        letter: null,
        wraps: [],
        statement: null,
        releasedAt: at,
        lastDrillAt: null,
      },
    ],
  };
  const server = { plan, staleOnce: options.staleOnce ?? false };
  const documents: (PassDocument & { manifest: SignedManifest })[] = [
    { documentId: "doc-1", status: "ready", name: "Will", labels: [], manifest: manifest("doc-1") },
    { documentId: "doc-2", status: "ready", name: "Deeds", labels: ["House"], manifest: manifest("doc-2") },
    { documentId: "doc-3", status: "ready", name: "Photo", labels: ["Family"], manifest: manifest("doc-3") },
    {
      documentId: "doc-out",
      status: "ready",
      name: "Old",
      labels: [],
      manifest: manifest("doc-out", [{ userId: "user-ada", keyFingerprint: FP }]),
    },
  ];
  const calls = {
    removed: [] as string[],
    added: [] as string[][],
    resigned: new Map<string, ManifestRecipient[]>(),
    uploads: [] as { contactId: string; body: LegacyWrapsUpload }[],
    zeroed: [] as DekBytes[],
  };
  const bump = (change: Partial<LegacyPlan>) => {
    server.plan = { ...server.plan, ...change, version: server.plan.version + 1 };
    return server.plan;
  };
  const deps: WrapPassDeps<PassDocument> = {
    ownerId: "owner",
    listPlans: async () => [server.plan],
    listContacts: async () => [contact("ada", "confirmed"), contact("bob", "accepted")],
    documents: async () => documents,
    documentsLoaded: () => true,
    wrapState: async (c): Promise<ContactWrapState> =>
      c.state === "confirmed"
        ? {
            wrappable: true,
            contactId: c.id,
            userId: `user-${c.id}`,
            publicKeyPem: `pem-${c.id}`,
            fingerprint: FP,
          }
        : { wrappable: false, contactId: c.id, reason: "not-confirmed" },
    planDetails: async () => options.details ?? { name: "For Ada", labels: [], excludedIds: [] },
    documentIsStored: async (id) => id !== "doc-gone",
    removeItem: async (_planId, id) => {
      calls.removed.push(id);
      return bump({ items: server.plan.items.filter((i) => i.id !== id) });
    },
    addItems: async (_planId, ids) => {
      calls.added.push(ids);
      return bump({
        items: [...server.plan.items, ...ids.map((id) => ({ kind: "document" as const, id, addedAt: at }))],
      });
    },
    setManifestRecipients: async (document, recipients) => {
      calls.resigned.set(document.documentId, [...recipients]);
      return manifest(document.documentId, [...recipients]);
    },
    documentDek: async (id) => new Uint8Array(32).fill(id.length) as DekBytes,
    letterDek: async () => new Uint8Array(32).fill(9) as DekBytes,
    wrapDek: async (pem, dek) => `wrap(${pem},${dek[0]})`,
    contentDigest: async (m) => `content-${m.manifest.documentId}`,
    textDigest: async (text) => `text-${text}`,
    signStatement: async (statement) => ({ statement, signatureB64: "signed" }),
    uploadWraps: async (_planId, contactId, body) => {
      if (server.staleOnce) {
        server.staleOnce = false;
        server.plan = { ...server.plan, version: server.plan.version + 1 };
        throw STALE;
      }
      if (body.version !== server.plan.version) throw STALE;
      calls.uploads.push({ contactId, body });
      server.plan = {
        ...server.plan,
        recipients: server.plan.recipients.map((r) =>
          r.contactId === contactId
            ? {
                ...r,
                wraps: [
                  ...r.wraps,
                  ...body.wraps.map((w) => ({ kind: w.kind, id: w.id, keyFingerprint: FP })),
                ],
                statement: {
                  version: body.version,
                  keyFingerprint: FP,
                  signedAt: at,
                  items: (
                    JSON.parse(body.statement.statement) as {
                      items: { kind: string; id: string; digest: string }[];
                    }
                  ).items,
                },
              }
            : r,
        ),
      };
      return server.plan;
    },
    isStaleVersion: (error) => error === STALE,
    describeError: (error) => String(error),
  };
  return { deps, calls, server };
}

describe("a pass of the wrap queue", () => {
  it("removes deleted documents, re-signs manifests, wraps what is missing and signs the statement", async () => {
    const { deps, calls, server } = setup();
    const progress: number[] = [];
    const outcome = await runWrapPass(deps, (p) => progress.push(p.done));
    expect(calls.removed).toEqual(["doc-gone"]);
    expect(outcome.removed).toEqual([{ planId: "plan-1", documentId: "doc-gone" }]);
    // Only the confirmed recipient is named; a document that left every plan names nobody.
    expect(Object.fromEntries(calls.resigned)).toEqual({
      "doc-1": [{ userId: "user-ada", keyFingerprint: FP }],
      "doc-2": [{ userId: "user-ada", keyFingerprint: FP }],
      "doc-out": [],
    });
    expect(calls.uploads).toHaveLength(1);
    const [upload] = calls.uploads;
    expect(upload?.contactId).toBe("ada");
    expect(upload?.body.version).toBe(4);
    expect(upload?.body.keyFingerprint).toBe(FP);
    // doc-1 was wrapped already: only doc-2 and the letter go up.
    expect(upload?.body.wraps).toEqual([
      { kind: "document", id: "doc-2", wrappedDek: "wrap(pem-ada,5)" },
      { kind: "letter", id: "letter-1", wrappedDek: "wrap(pem-ada,9)" },
    ]);
    expect(JSON.parse(upload?.body.statement.statement ?? "{}")).toEqual({
      format: "heirloom/plan-statement/v1",
      planId: "plan-1",
      kind: "release",
      version: 4,
      ownerId: "owner",
      recipient: { userId: "user-ada", keyFingerprint: FP },
      items: [
        { kind: "document", id: "doc-1", digest: "content-doc-1" },
        { kind: "document", id: "doc-2", digest: "content-doc-2" },
        { kind: "letter", id: "letter-1", digest: "text-sealed-letter" },
      ],
    });
    expect(outcome.problems).toEqual([]);
    expect(outcome.progress).toEqual({ done: 6, total: 6 });
    expect(progress.at(-1)).toBe(6);

    // The next pass finds nothing to do.
    const again = setup();
    again.server.plan = server.plan;
    const second = await runWrapPass(
      {
        ...again.deps,
        documents: async () =>
          (await deps.documents(false)).map((d) => ({
            ...d,
            manifest: calls.resigned.has(d.documentId)
              ? manifest(d.documentId, calls.resigned.get(d.documentId))
              : d.manifest,
          })),
      },
      () => {},
    );
    expect(again.calls.uploads).toEqual([]);
    expect(again.calls.resigned.size).toBe(0);
    expect(second.progress.total).toBe(0);
  });

  it("starts again from fresh answers when the plan changed meanwhile", async () => {
    const { deps, calls } = setup({ staleOnce: true });
    const outcome = await runWrapPass(deps, () => {});
    expect(calls.uploads).toHaveLength(1);
    expect(calls.uploads[0]?.body.version).toBe(5);
    expect(outcome.problems).toEqual([]);
  });

  it("label rules add the documents that carry their label, except those taken out by hand", async () => {
    const { deps, calls } = setup({ details: { name: "x", labels: ["Family", "House"], excludedIds: [] } });
    const outcome = await runWrapPass(deps, () => {});
    expect(calls.added).toEqual([["doc-3"]]);
    expect(outcome.added).toEqual([{ planId: "plan-1", documentId: "doc-3" }]);
    const statement = JSON.parse(calls.uploads[0]?.body.statement.statement ?? "{}");
    expect(statement.items.map((i: { id: string }) => i.id)).toEqual(["doc-1", "doc-2", "doc-3", "letter-1"]);

    const excluded = setup({ details: { name: "x", labels: ["Family"], excludedIds: ["doc-3"] } });
    await runWrapPass(excluded.deps, () => {});
    expect(excluded.calls.added).toEqual([]);
  });
});
