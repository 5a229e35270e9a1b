import { randomBytes, randomUUID } from "node:crypto";
import { legacyContactListSchema, legacyPlanSchema, legacySharedListSchema } from "@heirloom/contract";
import { apiOperations, type OperationId } from "@heirloom/contract/operations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, listUrl, objectUrl, upload } from "../storage/storage-harness.ts";
import {
  Client,
  engines,
  type SignedUp,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from "../testing/app-harness.ts";

// Every plan operation and the storage API's reads, tried by everyone around a plan: its owner, a confirmed
// recipient of the released plan, a confirmed recipient of another (unreleased) plan, a revoked contact, another
// signed-in person and a visitor. Nobody gets a 2xx they should not; another person's ids answer 404.

const sealed = () => `v1.${randomBytes(12).toString("base64")}:${randomBytes(40).toString("base64")}`;
const wrap = () => `v1.${randomBytes(512).toString("base64")}`;
type Actor = "anonymous" | "other" | "revoked" | "pending" | "recipient" | "owner";
/** The owner last, so a refused attempt can be seen to have changed nothing. */
const actors: Actor[] = ["anonymous", "other", "revoked", "pending", "recipient", "owner"];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface World {
  owner: SignedUp;
  recipient: SignedUp;
  pending: SignedUp;
  revoked: SignedUp;
  other: SignedUp;
  anonymous: Client;
  /** share now, released to `recipient`, holding documents a and b. */
  planId: string;
  /** missed check-in (not released), naming `pending`, holding document c. */
  laterId: string;
  recipientContact: string;
  pendingContact: string;
  revokedContact: string;
  docs: { a: string; b: string; c: string };
  fingerprints: Record<"recipient" | "pending", string>;
  /** The released plan's version once set up. */
  version: number;
}

const docPath = (w: World, id: string, rest = "v1/header") =>
  `users/${w.owner.userId}/documents/${id}/${rest}`;

function statement(
  w: World,
  planId: string,
  version: number,
  who: "recipient" | "pending",
  items: object[],
  kind = "release",
) {
  return {
    statement: JSON.stringify({
      format: "heirloom/plan-statement/v1",
      planId,
      kind,
      version,
      ownerId: w.owner.userId,
      recipient: { userId: w[who].userId, keyFingerprint: w.fingerprints[who] },
      items,
    }),
    signatureB64: randomBytes(64).toString("base64"),
  };
}

interface Case {
  id: OperationId;
  request: (w: World, actor: Actor) => [Method, string, unknown?];
  expect: Record<Actor, number>;
}

const ownerOnly = (ok: number) => ({
  anonymous: 401,
  other: 404,
  revoked: 404,
  pending: 404,
  recipient: 404,
  owner: ok,
});
const everyoneSignedIn = {
  anonymous: 401,
  other: 200,
  revoked: 200,
  pending: 200,
  recipient: 200,
  owner: 200,
};

const cases: Case[] = [
  { id: "listLegacyPlans", request: () => ["GET", "/api/legacy/plans"], expect: everyoneSignedIn },
  {
    id: "getLegacyPlanHistory",
    request: (w) => ["GET", `/api/legacy/plans/${w.planId}/history`],
    expect: ownerOnly(200),
  },
  {
    // Nothing was requested: the owner is told so; everyone else cannot tell the plan exists.
    id: "refuseLegacyRequest",
    request: (w) => ["POST", `/api/legacy/plans/${w.laterId}/refuse`],
    expect: ownerOnly(409),
  },
  {
    // The later plan names `pending` but is released on a missed check-in, not on request.
    id: "requestLegacyAccess",
    request: (w) => ["POST", `/api/legacy/named-plans/${w.laterId}/request`, { reason: null }],
    expect: { anonymous: 401, other: 404, revoked: 404, pending: 409, recipient: 404, owner: 404 },
  },
  {
    // Nobody is a trustee of it.
    id: "answerAsTrustee",
    request: (w) => ["POST", `/api/legacy/named-plans/${w.laterId}/answer`, { answer: "yes" }],
    expect: { anonymous: 401, other: 404, revoked: 404, pending: 404, recipient: 404, owner: 404 },
  },
  {
    // Each signed-in person makes a plan of their own.
    id: "createLegacyPlan",
    request: () => [
      "POST",
      "/api/legacy/plans",
      {
        id: randomUUID(),
        details: sealed(),
        settings: { trigger: { kind: "request", waitingDays: 7 }, trustees: null, timeLimitDays: null },
      },
    ],
    expect: { anonymous: 401, other: 201, revoked: 201, pending: 201, recipient: 201, owner: 201 },
  },
  {
    id: "updateLegacyPlan",
    request: (w) => ["PATCH", `/api/legacy/plans/${w.planId}`, { details: sealed() }],
    expect: ownerOnly(200),
  },
  {
    id: "addLegacyPlanItems",
    request: (w) => [
      "POST",
      `/api/legacy/plans/${w.laterId}/items`,
      { items: [{ kind: "document", id: w.docs.a }] },
    ],
    expect: ownerOnly(200),
  },
  {
    id: "addLegacyPlanRecipient",
    request: (w) => ["POST", `/api/legacy/plans/${w.laterId}/recipients`, { contactId: w.recipientContact }],
    expect: ownerOnly(200),
  },
  {
    id: "saveLegacyLetter",
    request: (w) => [
      "PUT",
      `/api/legacy/plans/${w.laterId}/recipients/${w.pendingContact}/letter`,
      { id: randomUUID(), sealed: sealed(), ownerDek: sealed() },
    ],
    expect: ownerOnly(200),
  },
  {
    id: "deleteLegacyLetter",
    request: (w) => ["DELETE", `/api/legacy/plans/${w.laterId}/recipients/${w.pendingContact}/letter`],
    expect: ownerOnly(200),
  },
  {
    // Re-signs the released plan's statement for its recipient, at the plan's current version.
    id: "uploadLegacyWraps",
    request: (w) => [
      "PUT",
      `/api/legacy/plans/${w.planId}/recipients/${w.recipientContact}/wraps`,
      {
        version: w.version,
        keyFingerprint: w.fingerprints.recipient,
        wraps: [],
        statement: statement(w, w.planId, w.version, "recipient", [
          { kind: "document", id: w.docs.a, digest: "ab".repeat(32) },
          { kind: "document", id: w.docs.b, digest: "ab".repeat(32) },
        ]),
      },
    ],
    expect: ownerOnly(200),
  },
  {
    id: "sendLegacyDrill",
    request: (w) => {
      const id = randomUUID();
      return [
        "POST",
        `/api/legacy/plans/${w.planId}/drills`,
        {
          id,
          contactId: w.recipientContact,
          keyFingerprint: w.fingerprints.recipient,
          sealed: sealed(),
          wrappedDek: wrap(),
          statement: statement(
            w,
            w.planId,
            4,
            "recipient",
            [{ kind: "drill", id, digest: "ab".repeat(32) }],
            "drill",
          ),
        },
      ];
    },
    expect: { ...ownerOnly(201) },
  },
  { id: "listLegacyShared", request: () => ["GET", "/api/legacy/shared"], expect: everyoneSignedIn },
  {
    id: "getLegacyShared",
    request: (w) => ["GET", `/api/legacy/shared/${w.planId}`],
    expect: { anonymous: 401, other: 404, revoked: 404, pending: 404, recipient: 200, owner: 404 },
  },
  {
    id: "removeLegacyPlanRecipient",
    request: (w) => ["DELETE", `/api/legacy/plans/${w.laterId}/recipients/${w.recipientContact}`],
    expect: ownerOnly(200),
  },
  {
    id: "removeLegacyPlanItem",
    request: (w) => ["DELETE", `/api/legacy/plans/${w.laterId}/items/document/${w.docs.a}`],
    expect: ownerOnly(200),
  },
  {
    // Deleting is idempotent, and another person's plan is as good as absent: 204 for everyone signed in, and the
    // owner's plan must still be there afterwards (checked below) until the owner deletes it.
    id: "deleteLegacyPlan",
    request: (w) => ["DELETE", `/api/legacy/plans/${w.laterId}`],
    expect: { anonymous: 401, other: 204, revoked: 204, pending: 204, recipient: 204, owner: 204 },
  },
];

describe.each(engines())("legacy plans authorization on %s", (engine) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const owner = await signUp(t.app, { name: "olive owner" });
    const people = {
      recipient: await signUp(t.app, { email: uniqueEmail("rita"), name: "rita recipient" }),
      pending: await signUp(t.app, { email: uniqueEmail("pete"), name: "pete pending" }),
      revoked: await signUp(t.app, { email: uniqueEmail("rex"), name: "rex revoked" }),
    };
    const other = await signUp(t.app, { name: "oscar other" });
    const contactIds: Record<string, string> = {};
    for (const [role, person] of Object.entries(people)) {
      const invited = await owner.client.post("/api/legacy/contacts", {
        email: person.email,
        details: sealed(),
      });
      expect(invited.statusCode).toBe(201);
      const [mail] = await t.mailTo(person.email);
      const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
      expect((await person.client.post("/api/legacy/invitation/accept", { token })).statusCode).toBe(200);
      contactIds[role] = (invited.json() as { id: string }).id;
    }
    const contacts = legacyContactListSchema.parse(
      (await owner.client.get("/api/legacy/contacts")).json(),
    ).contacts;
    const fingerprintOf = (id: string | undefined) =>
      contacts.find((c) => c.id === id)?.contact?.fingerprintHex ?? "";
    for (const id of Object.values(contactIds)) {
      const confirmed = await owner.client.post(`/api/legacy/contacts/${id}/confirm`, {
        fingerprintHex: fingerprintOf(id),
        signature: randomBytes(64).toString("base64"),
      });
      expect(confirmed.statusCode).toBe(200);
    }
    // Three documents, each with the objects the browser writes.
    const docs = { a: randomUUID(), b: randomUUID(), c: randomUUID() };
    for (const id of Object.values(docs)) {
      for (const rest of ["key", "v1/header", "v1/chunks/00000000", "v1/manifest", "labels"]) {
        const res = await upload(
          t.app,
          owner.client,
          `users/${owner.userId}/documents/${id}/${rest}`,
          randomBytes(64),
        );
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const planId = randomUUID();
    const laterId = randomUUID();
    w = {
      owner,
      ...people,
      other,
      anonymous: new Client(t.app),
      planId,
      laterId,
      recipientContact: contactIds.recipient ?? "",
      pendingContact: contactIds.pending ?? "",
      revokedContact: contactIds.revoked ?? "",
      docs,
      fingerprints: {
        recipient: fingerprintOf(contactIds.recipient),
        pending: fingerprintOf(contactIds.pending),
      },
      version: 0,
    };
    const ok = async (res: { statusCode: number; body: string }, status = 200) => {
      expect(res.statusCode, res.body).toBe(status);
      return legacyPlanSchema.parse(JSON.parse(res.body));
    };
    const none = { trustees: null, timeLimitDays: null };
    // The released plan: a and b, to the recipient and to the contact revoked below.
    await ok(
      await owner.client.post("/api/legacy/plans", {
        id: planId,
        details: sealed(),
        settings: { trigger: { kind: "shareNow" }, ...none },
      }),
      201,
    );
    await ok(
      await owner.client.post(`/api/legacy/plans/${planId}/items`, {
        items: [
          { kind: "document", id: docs.a },
          { kind: "document", id: docs.b },
        ],
      }),
    );
    await ok(
      await owner.client.post(`/api/legacy/plans/${planId}/recipients`, { contactId: w.recipientContact }),
    );
    const released = await ok(
      await owner.client.post(`/api/legacy/plans/${planId}/recipients`, { contactId: w.revokedContact }),
    );
    const items = [
      { kind: "document", id: docs.a, digest: "ab".repeat(32) },
      { kind: "document", id: docs.b, digest: "ab".repeat(32) },
    ];
    await ok(
      await owner.client.put(`/api/legacy/plans/${planId}/recipients/${w.recipientContact}/wraps`, {
        version: released.version,
        keyFingerprint: w.fingerprints.recipient,
        wraps: [
          { kind: "document", id: docs.a, wrappedDek: wrap() },
          { kind: "document", id: docs.b, wrappedDek: wrap() },
        ],
        statement: statement(w, planId, released.version, "recipient", items),
      }),
    );
    // The unreleased plan: c, to the pending recipient, fully wrapped.
    await ok(
      await owner.client.post("/api/legacy/plans", {
        id: laterId,
        details: sealed(),
        settings: { trigger: { kind: "missedCheckIn", graceDays: 7 }, ...none },
      }),
      201,
    );
    await ok(
      await owner.client.post(`/api/legacy/plans/${laterId}/items`, {
        items: [{ kind: "document", id: docs.c }],
      }),
    );
    const later = await ok(
      await owner.client.post(`/api/legacy/plans/${laterId}/recipients`, { contactId: w.pendingContact }),
    );
    await ok(
      await owner.client.put(`/api/legacy/plans/${laterId}/recipients/${w.pendingContact}/wraps`, {
        version: later.version,
        keyFingerprint: w.fingerprints.pending,
        wraps: [{ kind: "document", id: docs.c, wrappedDek: wrap() }],
        statement: statement(w, laterId, later.version, "pending", [
          { kind: "document", id: docs.c, digest: "ab".repeat(32) },
        ]),
      }),
    );
    // Revoked after the release: whatever they had ends.
    expect(
      (await owner.client.request("DELETE", `/api/legacy/contacts/${w.revokedContact}`)).statusCode,
    ).toBe(204);
    const list = (await owner.client.get("/api/legacy/plans")).json() as {
      plans: { id: string; version: number }[];
    };
    w.version = list.plans.find((p) => p.id === planId)?.version ?? 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  const clientOf = (actor: Actor) => (actor === "anonymous" ? undefined : w[actor].client);

  it("covers every plan and release operation of the table", () => {
    const ids = apiOperations
      .filter((row) => /^\/api\/legacy\/(plans|shared|named-plans)/.test(row.path))
      .map((row) => row.operationId);
    expect(cases.map((c) => c.id).sort()).toEqual([...ids].sort());
  });

  it("lets the storage API serve a release's content objects to its recipient only", async () => {
    const expectations: [string, Partial<Record<Actor, number>>][] = [
      // Released to the recipient: content objects only.
      [docPath(w, w.docs.a), { recipient: 200 }],
      [docPath(w, w.docs.b, "v1/chunks/00000000"), { recipient: 200 }],
      [docPath(w, w.docs.a, "v1/manifest"), { recipient: 200 }],
      // Never the owner's wrapped key or the labels.
      [docPath(w, w.docs.a, "key"), {}],
      [docPath(w, w.docs.a, "labels"), {}],
      // In a plan not released yet, even though wrapped.
      [docPath(w, w.docs.c), {}],
    ];
    for (const [fullPath, allowed] of expectations) {
      for (const actor of actors) {
        const res = await call(t.app, clientOf(actor), "GET", objectUrl(fullPath, "?alt=media"));
        const expected = actor === "owner" ? 200 : actor === "anonymous" ? 401 : (allowed[actor] ?? 403);
        expect([fullPath, actor, res.statusCode]).toEqual([fullPath, actor, expected]);
      }
    }
    // A recipient never lists, writes or deletes.
    const list = await call(
      t.app,
      w.recipient.client,
      "GET",
      listUrl({ prefix: `users/${w.owner.userId}/documents/`, delimiter: "/" }),
    );
    expect(list.statusCode).toBe(403);
    const write = await upload(
      t.app,
      w.recipient.client,
      docPath(w, w.docs.a, "v1/chunks/00000001"),
      randomBytes(16),
    );
    expect(write.statusCode).toBe(403);
    const remove = await call(t.app, w.recipient.client, "DELETE", objectUrl(docPath(w, w.docs.a)));
    expect(remove.statusCode).toBe(403);
  });

  it("answers each person only what is theirs", async () => {
    for (const c of cases) {
      for (const actor of actors) {
        const [method, url, body] = c.request(w, actor);
        const client = actor === "anonymous" ? w.anonymous : w[actor].client;
        const res = await client.request(method, url, body);
        expect([c.id, actor, res.statusCode], res.body).toEqual([c.id, actor, c.expect[actor]]);
        if (c.id === "listLegacyPlans" && actor !== "owner" && actor !== "anonymous") {
          expect(res.body).not.toContain(w.planId);
        }
        if (c.id === "listLegacyShared" && actor !== "anonymous") {
          const shared = legacySharedListSchema.parse(res.json());
          expect(shared.shared.some((s) => s.id === w.planId)).toBe(actor === "recipient");
          // The recipient was added to the later plan by an earlier case.
          expect(shared.plans.some((p) => p.planId === w.laterId)).toBe(
            actor === "pending" || actor === "recipient",
          );
        }
      }
      if (c.id === "deleteLegacyPlan") continue;
      // The owner's plans are still there after everyone else tried.
      const plans = (await w.owner.client.get("/api/legacy/plans")).json() as { plans: { id: string }[] };
      expect(plans.plans.map((p) => p.id)).toEqual(expect.arrayContaining([w.planId, w.laterId]));
    }
    const plans = (await w.owner.client.get("/api/legacy/plans")).json() as { plans: { id: string }[] };
    expect(plans.plans.map((p) => p.id)).toContain(w.planId);
    expect(plans.plans.map((p) => p.id)).not.toContain(w.laterId);
  });
});
