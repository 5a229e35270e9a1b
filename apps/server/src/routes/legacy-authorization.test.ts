import { randomUUID } from "node:crypto";
import { legacyContactListSchema, legacyNamedMeListSchema } from "@heirloom/contract";
import { apiOperations, type OperationId } from "@heirloom/contract/operations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  engines,
  type SignedUp,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from "../testing/app-harness.ts";

// Every legacy operation, called by the owner of a contact, the contact, another signed-in person and a visitor:
// nobody gets a 2xx they should not. Another person's ids answer 404 (never 403, so ids cannot be probed); a visitor
// gets 401, except on the two calls an invitation's token alone allows (view and decline).

const details = "v1.c2VhbGVkLWl2:c2VhbGVkLWRldGFpbHM=";
type Actor = "anonymous" | "other" | "contact" | "owner";
/** The order each call is tried in: the owner last, so a refused attempt can be seen to have changed nothing. */
const actors: Actor[] = ["anonymous", "other", "contact", "owner"];
type Method = "GET" | "POST" | "PATCH" | "DELETE";

interface World {
  owner: SignedUp;
  contact: SignedUp;
  other: SignedUp;
  anonymous: Client;
  /** The owner's contact, accepted by `contact`; its token is spent. */
  contactId: string;
  spentToken: string;
  /** The owner's invitation to an address nobody signed in with. */
  pendingId: string;
  pendingToken: string;
  fingerprintHex: string;
}

interface Case {
  id: OperationId;
  request: (w: World, actor: Actor) => [Method, string, unknown?];
  expect: Record<Actor, number>;
}

const cases: Case[] = [
  {
    // Each signed-in person reads and moves their own check-in schedule.
    id: "getCheckIn",
    request: () => ["GET", "/api/legacy/check-in"],
    expect: { anonymous: 401, other: 200, contact: 200, owner: 200 },
  },
  {
    id: "checkIn",
    request: () => ["POST", "/api/legacy/check-in"],
    expect: { anonymous: 401, other: 200, contact: 200, owner: 200 },
  },
  {
    // The token is the capability; an unknown one is 404 for everyone.
    id: "useCheckInLink",
    request: () => ["POST", "/api/legacy/check-in/link", { token: "A".repeat(43) }],
    expect: { anonymous: 404, other: 404, contact: 404, owner: 404 },
  },
  {
    id: "listLegacyContacts",
    request: () => ["GET", "/api/legacy/contacts"],
    expect: { anonymous: 401, other: 200, contact: 200, owner: 200 },
  },
  {
    // Each signed-in person invites for themselves: a row of their own.
    id: "inviteLegacyContact",
    request: (_w, actor) => ["POST", "/api/legacy/contacts", { email: uniqueEmail(`by-${actor}`), details }],
    expect: { anonymous: 401, other: 201, contact: 201, owner: 201 },
  },
  {
    id: "updateLegacyContact",
    request: (w) => ["PATCH", `/api/legacy/contacts/${w.contactId}`, { details }],
    expect: { anonymous: 401, other: 404, contact: 404, owner: 200 },
  },
  {
    // The token is the capability: whoever holds it may look.
    id: "viewLegacyInvitation",
    request: (w) => ["POST", "/api/legacy/invitation", { token: w.spentToken }],
    expect: { anonymous: 200, other: 200, contact: 200, owner: 200 },
  },
  {
    // The pending invitation went to an address none of them has.
    id: "acceptLegacyInvitation",
    request: (w) => ["POST", "/api/legacy/invitation/accept", { token: w.pendingToken }],
    expect: { anonymous: 401, other: 403, contact: 403, owner: 403 },
  },
  {
    // Already accepted: nobody can turn it into a refusal.
    id: "declineLegacyInvitation",
    request: (w) => ["POST", "/api/legacy/invitation/decline", { token: w.spentToken }],
    expect: { anonymous: 409, other: 409, contact: 409, owner: 409 },
  },
  {
    // After the token cases: a resend replaces the pending link.
    id: "resendLegacyInvitation",
    request: (w) => ["POST", `/api/legacy/contacts/${w.pendingId}/resend`],
    expect: { anonymous: 401, other: 404, contact: 404, owner: 200 },
  },
  {
    id: "confirmLegacyContact",
    request: (w) => [
      "POST",
      `/api/legacy/contacts/${w.contactId}/confirm`,
      { fingerprintHex: w.fingerprintHex, signature: "c2lnbmF0dXJl" },
    ],
    expect: { anonymous: 401, other: 404, contact: 404, owner: 200 },
  },
  {
    id: "listNamedMe",
    request: () => ["GET", "/api/legacy/named-me"],
    expect: { anonymous: 401, other: 200, contact: 200, owner: 200 },
  },
  {
    id: "leaveLegacyRole",
    request: (w) => ["DELETE", `/api/legacy/named-me/${w.contactId}`],
    expect: { anonymous: 401, other: 404, owner: 404, contact: 204 },
  },
  {
    id: "revokeLegacyContact",
    request: (w) => ["DELETE", `/api/legacy/contacts/${w.pendingId}`],
    expect: { anonymous: 401, other: 404, contact: 404, owner: 204 },
  },
];

describe.each(engines())("legacy authorization on %s", (engine) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await startTestApp(engine);
    const owner = await signUp(t.app, { name: "olive owner" });
    const contactEmail = uniqueEmail("cora");
    const contact = await signUp(t.app, { email: contactEmail, name: "cora contact" });
    const other = await signUp(t.app, { name: "oscar other" });
    const tokenOf = async (email: string) => {
      const [mail] = await t.mailTo(email);
      const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
      if (!token) throw new Error(`no invitation to ${email}`);
      return token;
    };
    const invite = async (email: string) => {
      const res = await owner.client.post("/api/legacy/contacts", { email, details });
      expect(res.statusCode).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const contactId = await invite(contactEmail);
    const spentToken = await tokenOf(contactEmail);
    expect(
      (await contact.client.post("/api/legacy/invitation/accept", { token: spentToken })).statusCode,
    ).toBe(200);
    const pendingEmail = uniqueEmail("pending");
    const pendingId = await invite(pendingEmail);
    const list = legacyContactListSchema.parse((await owner.client.get("/api/legacy/contacts")).json());
    const fingerprintHex = list.contacts.find((c) => c.id === contactId)?.contact?.fingerprintHex ?? "";
    w = {
      owner,
      contact,
      other,
      anonymous: new Client(t.app),
      contactId,
      spentToken,
      pendingId,
      pendingToken: await tokenOf(pendingEmail),
      fingerprintHex,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const clientOf = (actor: Actor) => (actor === "anonymous" ? w.anonymous : w[actor].client);

  it("covers every contact and invitation operation of the table", () => {
    // Plans, releases, requests and trustee answers: legacy-plans-authorization.test.ts.
    const legacyIds = apiOperations
      .filter((row) => row.tag === "legacy" && !/^\/api\/legacy\/(plans|shared|named-plans)/.test(row.path))
      .map((row) => row.operationId);
    expect(cases.map((c) => c.id).sort()).toEqual([...legacyIds].sort());
  });

  it("answers each person only what is theirs", async () => {
    for (const c of cases) {
      for (const actor of actors) {
        const [method, url, body] = c.request(w, actor);
        const res = await clientOf(actor).request(method, url, body);
        expect([c.id, actor, res.statusCode], res.body).toEqual([c.id, actor, c.expect[actor]]);
        if (res.statusCode >= 400) {
          const code = (res.json() as { error: { code: string } }).error.code;
          const expectedCode = {
            401: "unauthenticated",
            403: "forbidden",
            404: "not_found",
            409: "conflict",
          }[res.statusCode];
          expect([c.id, actor, code]).toEqual([c.id, actor, expectedCode]);
        }
        // What each person lists is only their own.
        if (c.id === "listLegacyContacts" && actor !== "owner" && actor !== "anonymous") {
          const ids = legacyContactListSchema.parse(res.json()).contacts.map((row) => row.id);
          expect(ids).not.toContain(w.contactId);
          expect(ids).not.toContain(w.pendingId);
        }
        if (c.id === "listNamedMe" && actor !== "anonymous") {
          const ids = legacyNamedMeListSchema.parse(res.json()).entries.map((e) => e.contactId);
          expect(ids).toEqual(actor === "contact" ? [w.contactId] : []);
        }
      }
    }
    // Refused attempts changed nothing the owner did not do.
    const list = legacyContactListSchema.parse((await w.owner.client.get("/api/legacy/contacts")).json());
    const states = Object.fromEntries(list.contacts.map((c) => [c.id, c.state]));
    expect(states[w.contactId]).toBe("left");
    expect(states[w.pendingId]).toBe("revoked");
  });

  it("answers 404 for an id that does not exist or is not an id, as for another person's", async () => {
    for (const id of [randomUUID(), "not-an-id"]) {
      for (const [method, url] of [
        ["PATCH", `/api/legacy/contacts/${id}`],
        ["DELETE", `/api/legacy/contacts/${id}`],
        ["POST", `/api/legacy/contacts/${id}/resend`],
        ["POST", `/api/legacy/contacts/${id}/confirm`],
        ["DELETE", `/api/legacy/named-me/${id}`],
      ] as const) {
        const body = url.endsWith("confirm")
          ? { fingerprintHex: "a".repeat(64), signature: "c2ln" }
          : method === "PATCH"
            ? { details }
            : undefined;
        const res = await w.owner.client.request(method, url, body);
        expect([method, url, res.statusCode]).toEqual([method, url, 404]);
      }
    }
  });
});
