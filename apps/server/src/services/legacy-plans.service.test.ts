import { randomBytes, randomUUID } from "node:crypto";
import { type LegacyPlanSettings, legacyPlanMessages, type NotificationKind } from "@heirloom/contract";
import { afterEach, describe, expect, it } from "vitest";
import { createAccountKeysRepo } from "../db/repos/account-keys.repo.ts";
import { createUserDataRepo } from "../db/repos/user-data.repo.ts";
import { type TestDatabase, testDatabaseTargets } from "../db/test-databases.ts";
import { addAccount, replacePublicKey } from "../testing/legacy-accounts.ts";
import { legacyWorld, sealed, statementFor, wrap } from "../testing/legacy-world.ts";
import type { Caller } from "./account.service.ts";
import { publicKeyFingerprintHex } from "./public-key-fingerprint.ts";

// Plans, wraps, statements, release grants and drills on every database engine, with a clock the tests move and
// mail kept in memory. The wraps and statements here are well-formed stand-ins: the server cannot tell them from
// the browser's (it never opens them), and the browser's checks are tested in packages/crypto and the e2e journey.

const day = 24 * 60 * 60 * 1000;
const shareNow: LegacyPlanSettings = { trigger: { kind: "shareNow" }, trustees: null, timeLimitDays: null };
const onCheckIn: LegacyPlanSettings = {
  trigger: { kind: "missedCheckIn", graceDays: 14 },
  trustees: null,
  timeLimitDays: null,
};

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error("expected a refusal");
}

for (const target of testDatabaseTargets()) {
  describe(`legacy plans on ${target.name}`, () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.dispose();
    });

    async function setup() {
      database = await target.open({ migrate: true });
      const db = database;
      const world = legacyWorld(db);
      const { mails, notifications, contacts, plans } = world;
      const keys = createAccountKeysRepo(db.db);
      const service = plans;
      const owner = await addAccount(db, "Olive Owner");
      const cora = await addAccount(db, "Cora Contact");
      const stranger = await addAccount(db, "Sam Stranger");
      const store = (user: Caller, id = randomUUID()) => world.store(user, id);
      const _tokenFor = (to: string) => {
        const mail = mails.filter((m) => m.to === to).at(-1);
        const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
        if (!token) throw new Error(`no invitation mailed to ${to}`);
        return token;
      };
      /** Cora invited, accepted and (unless told otherwise) confirmed by the owner: her contact id. */
      const coraContact = (confirm = true) => world.confirmedContact(owner, cora, { confirm });
      const kindsOf = async (user: Caller) =>
        (await notifications.page(user.id, { limit: 50 })).entries.map((n) => n.kind as NotificationKind);
      const fingerprintOf = async (user: Caller) =>
        publicKeyFingerprintHex((await keys.find(user.id))?.blobs.publicKeyPem ?? "");
      /** Wraps every item (and the letter) of the plan to Cora with a matching statement. */
      const wrapAll = (planId: string, contactId: string) => world.wrapAll(owner, cora, planId, contactId);
      const path = (documentId: string, rest = "v1/header") =>
        `users/${owner.id}/documents/${documentId}/${rest}`;
      const mayRead = (user: Caller, documentId: string, rest?: string) =>
        service.mayRead({
          recipientId: user.id,
          ownerId: owner.id,
          fullPath: path(documentId, rest),
          documentId,
        });
      return {
        db,
        service,
        contacts,
        owner,
        cora,
        stranger,
        mails,
        store,
        coraContact,
        kindsOf,
        fingerprintOf,
        wrapAll,
        mayRead,
        statementFor,
        advance: (ms: number) => void world.advance(ms),
      };
    }

    it("shares a share-now plan with a confirmed recipient: wraps, statement, grant, reads, one notice", async () => {
      const t = await setup();
      const [a, b, c] = [t.store(t.owner), t.store(t.owner), t.store(t.owner)];
      const contactId = await t.coraContact();
      const planId = randomUUID();
      const made = await t.service.create(t.owner, { id: planId, details: sealed(), settings: shareNow });
      expect(made).toMatchObject({ state: "released", version: 1, items: [], recipients: [] });
      await t.service.addItems(t.owner, planId, [
        { kind: "document", id: a },
        { kind: "document", id: b },
      ]);
      await t.service.addRecipient(t.owner, planId, contactId);
      const letter = { id: randomUUID(), sealed: sealed(), ownerDek: sealed() };
      const withLetter = await t.service.saveLetter(t.owner, planId, contactId, letter);
      expect(withLetter.recipients[0]?.letter).toMatchObject(letter);
      expect(withLetter.recipients[0]?.releasedAt).not.toBeNull();

      // Nothing is readable before the wraps and the statement arrive.
      expect(await t.mayRead(t.cora, a)).toBe(false);
      const shared = await t.wrapAll(planId, contactId);
      const recipient = shared.recipients[0];
      expect(recipient?.wraps.map((w) => `${w.kind}:${w.id}`).sort()).toEqual(
        [`document:${a}`, `document:${b}`, `letter:${letter.id}`].sort(),
      );
      expect(recipient?.statement?.version).toBe(shared.version);
      // The owner's browser sees what the statement pinned, to notice a document renamed since.
      expect(recipient?.statement?.items.map((i) => `${i.kind}:${i.id}`).sort()).toEqual(
        [`document:${a}`, `document:${b}`, `letter:${letter.id}`].sort(),
      );

      // The recipient reads exactly the content objects of the released documents.
      expect(await t.mayRead(t.cora, a)).toBe(true);
      expect(await t.mayRead(t.cora, b, "v1/chunks/00000000")).toBe(true);
      expect(await t.mayRead(t.cora, b, "v1/manifest")).toBe(true);
      expect(await t.mayRead(t.cora, c)).toBe(false);
      expect(await t.mayRead(t.cora, a, "key")).toBe(false);
      expect(await t.mayRead(t.cora, a, "labels")).toBe(false);
      expect(await t.mayRead(t.stranger, a)).toBe(false);

      const list = await t.service.listShared(t.cora);
      expect(list.shared).toMatchObject([
        { id: planId, kind: "release", itemCount: 3, owner: { name: "Olive Owner" } },
      ]);
      expect(list.plans).toMatchObject([{ planId, trigger: "shareNow", state: "released" }]);
      const opened = await t.service.getShared(t.cora, planId);
      expect(opened.documents.map((d) => d.id).sort()).toEqual([a, b].sort());
      expect(opened.letter?.id).toBe(letter.id);
      expect(opened.statement).not.toBeNull();
      expect(await refusal(t.service.getShared(t.stranger, planId))).toEqual({
        code: "not_found",
        message: legacyPlanMessages.shareNotFound,
      });

      // Told once, in the app and by mail, however many times the owner's browser uploads.
      await t.wrapAll(planId, contactId);
      expect((await t.kindsOf(t.cora)).filter((k) => k === "legacy-plan-shared")).toHaveLength(1);
      const sharedMails = t.mails.filter(
        (m) => m.to === t.cora.email && m.subject.includes("shared documents"),
      );
      expect(sharedMails).toHaveLength(1);
      expect(sharedMails[0]?.text).toContain(`https://vault.example/app/shared/${planId}`);
    });

    it("removing an item ends its reads and makes the statement stale", async () => {
      const t = await setup();
      const [a, b] = [t.store(t.owner), t.store(t.owner)];
      const contactId = await t.coraContact();
      const planId = randomUUID();
      await t.service.create(t.owner, { id: planId, details: sealed(), settings: shareNow });
      await t.service.addItems(t.owner, planId, [
        { kind: "document", id: a },
        { kind: "document", id: b },
      ]);
      await t.service.addRecipient(t.owner, planId, contactId);
      const before = await t.wrapAll(planId, contactId);
      const after = await t.service.removeItem(t.owner, planId, "document", b);
      expect(after.version).toBe(before.version + 1);
      expect(after.recipients[0]?.wraps.map((w) => w.id)).toEqual([a]);
      expect(after.recipients[0]?.statement?.version).toBeLessThan(after.version);
      expect(await t.mayRead(t.cora, b)).toBe(false);
      expect(await t.mayRead(t.cora, a)).toBe(true);
      expect((await t.service.getShared(t.cora, planId)).documents.map((d) => d.id)).toEqual([a]);
      expect(await refusal(t.service.removeItem(t.owner, planId, "document", b))).toEqual({
        code: "not_found",
        message: legacyPlanMessages.itemNotInPlan,
      });
    });

    it("wraps only to a confirmed, unchanged key, at the current version, under a statement listing exactly the plan", async () => {
      const t = await setup();
      const a = t.store(t.owner);
      const contactId = await t.coraContact(false);
      const planId = randomUUID();
      await t.service.create(t.owner, { id: planId, details: sealed(), settings: shareNow });
      await t.service.addItems(t.owner, planId, [{ kind: "document", id: a }]);
      const plan = await t.service.addRecipient(t.owner, planId, contactId);
      const keyFingerprint = await t.fingerprintOf(t.cora);
      const upload = (
        over: Partial<Parameters<typeof t.service.uploadWraps>[3]> = {},
        items = [{ kind: "document", id: a }],
      ) =>
        t.service.uploadWraps(t.owner, planId, contactId, {
          version: plan.version,
          keyFingerprint,
          wraps: [{ kind: "document", id: a, wrappedDek: wrap() }],
          statement: t.statementFor({
            planId,
            version: plan.version,
            ownerId: t.owner.id,
            userId: t.cora.id,
            keyFingerprint,
            items,
          }),
          ...over,
        });
      // Accepted, not confirmed.
      expect(await refusal(upload())).toEqual({ code: "conflict", message: legacyPlanMessages.notConfirmed });
      await t.contacts.confirm(t.owner, contactId, {
        fingerprintHex: keyFingerprint,
        signature: randomBytes(64).toString("base64"),
      });
      expect((await refusal(upload({ version: plan.version - 1 }))).message).toBe(
        legacyPlanMessages.staleVersion,
      );
      expect((await refusal(upload({ keyFingerprint: "cd".repeat(32) }))).message).toBe(
        legacyPlanMessages.keyMismatch,
      );
      // The statement leaves out the item, or adds one the plan does not hold.
      expect((await refusal(upload({}, []))).message).toBe(legacyPlanMessages.statementMismatch);
      expect(
        (
          await refusal(
            upload({}, [
              { kind: "document", id: a },
              { kind: "document", id: randomUUID() },
            ]),
          )
        ).message,
      ).toBe(legacyPlanMessages.statementMismatch);
      // A wrap of something the plan does not hold.
      expect(
        (await refusal(upload({ wraps: [{ kind: "document", id: randomUUID(), wrappedDek: wrap() }] })))
          .message,
      ).toBe(legacyPlanMessages.itemNotInPlan);
      expect((await refusal(upload({ statement: { statement: "{", signatureB64: "x" } }))).code).toBe(
        "validation_failed",
      );
      expect((await upload()).recipients[0]?.wraps).toHaveLength(1);

      // The contact's key changes (the server could do this): nothing more is wrapped, to either key.
      await replacePublicKey(t.db, t.cora.id);
      expect((await refusal(upload())).message).toBe(legacyPlanMessages.keyMismatch);
      const newFingerprint = await t.fingerprintOf(t.cora);
      expect((await refusal(upload({ keyFingerprint: newFingerprint }))).message).toBe(
        legacyPlanMessages.keyMismatch,
      );
    });

    it("releases only share-now plans here; other triggers keep everything back", async () => {
      const t = await setup();
      const a = t.store(t.owner);
      const contactId = await t.coraContact();
      const planId = randomUUID();
      const made = await t.service.create(t.owner, { id: planId, details: sealed(), settings: onCheckIn });
      expect(made).toMatchObject({ state: "active", settings: onCheckIn });
      await t.service.addItems(t.owner, planId, [{ kind: "document", id: a }]);
      await t.service.addRecipient(t.owner, planId, contactId);
      await t.wrapAll(planId, contactId);
      expect(await t.mayRead(t.cora, a)).toBe(false);
      expect((await t.service.listShared(t.cora)).shared).toEqual([]);
      expect((await t.service.listShared(t.cora)).plans).toMatchObject([
        { planId, trigger: "missedCheckIn", state: "active" },
      ]);
      expect((await refusal(t.service.getShared(t.cora, planId))).code).toBe("not_found");
      // Switching to share now releases; switching back ends it.
      await t.service.update(t.owner, planId, { settings: shareNow });
      expect(await t.mayRead(t.cora, a)).toBe(true);
      await t.service.update(t.owner, planId, { settings: onCheckIn });
      expect(await t.mayRead(t.cora, a)).toBe(false);
    });

    it("a revoked or departed contact loses every wrap, grant and drill; a deleted plan takes everything with it", async () => {
      const t = await setup();
      const a = t.store(t.owner);
      const contactId = await t.coraContact();
      const planId = randomUUID();
      await t.service.create(t.owner, { id: planId, details: sealed(), settings: shareNow });
      await t.service.addItems(t.owner, planId, [{ kind: "document", id: a }]);
      await t.service.addRecipient(t.owner, planId, contactId);
      await t.wrapAll(planId, contactId);
      expect(await t.mayRead(t.cora, a)).toBe(true);
      await t.contacts.leave(t.cora, contactId);
      expect(await t.mayRead(t.cora, a)).toBe(false);
      expect((await t.service.list(t.owner))[0]?.recipients).toEqual([]);
      expect(await t.service.listShared(t.cora)).toEqual({ shared: [], plans: [] });
      await t.service.remove(t.owner, planId);
      expect(await t.service.list(t.owner)).toEqual([]);
      const leftovers = await t.db.db.selectFrom("legacy_wraps").selectAll().execute();
      expect(leftovers).toEqual([]);
    });

    it("deleting an account takes its plans, and every wrap, grant and drill made for it as a recipient", async () => {
      const t = await setup();
      const a = t.store(t.owner);
      const contactId = await t.coraContact();
      const planId = randomUUID();
      await t.service.create(t.owner, { id: planId, details: sealed(), settings: shareNow });
      await t.service.addItems(t.owner, planId, [{ kind: "document", id: a }]);
      await t.service.addRecipient(t.owner, planId, contactId);
      await t.wrapAll(planId, contactId);
      const users = createUserDataRepo(t.db.db);
      await users.deleteUser(t.cora.id, "cora-hash", new Date());
      const count = async (
        table: "legacy_wraps" | "legacy_plan_recipients" | "legacy_plans" | "legacy_contacts",
      ) => (await t.db.db.selectFrom(table).selectAll().execute()).length;
      expect(await count("legacy_wraps")).toBe(0);
      expect(await count("legacy_plan_recipients")).toBe(0);
      expect(await count("legacy_plans")).toBe(1);
      await users.deleteUser(t.owner.id, "owner-hash", new Date());
      expect(await count("legacy_plans")).toBe(0);
      expect(await count("legacy_contacts")).toBe(0);
    });

    it("a drill reaches one confirmed recipient, marked as a drill, for 7 days", async () => {
      const t = await setup();
      const contactId = await t.coraContact();
      const planId = randomUUID();
      await t.service.create(t.owner, { id: planId, details: sealed(), settings: onCheckIn });
      await t.service.addRecipient(t.owner, planId, contactId);
      const drillId = randomUUID();
      const keyFingerprint = await t.fingerprintOf(t.cora);
      const drill = {
        id: drillId,
        contactId,
        keyFingerprint,
        sealed: sealed(),
        wrappedDek: wrap(),
        statement: t.statementFor({
          planId,
          version: 1,
          ownerId: t.owner.id,
          userId: t.cora.id,
          keyFingerprint,
          items: [{ kind: "drill", id: drillId }],
          kind: "drill",
        }),
      };
      expect(
        (
          await refusal(
            t.service.sendDrill(t.owner, planId, {
              ...drill,
              statement: {
                ...drill.statement,
                statement: drill.statement.statement.replace('"drill","version"', '"release","version"'),
              },
            }),
          )
        ).message,
      ).toBe(legacyPlanMessages.statementMismatch);
      const after = await t.service.sendDrill(t.owner, planId, drill);
      expect(after.recipients[0]?.lastDrillAt).not.toBeNull();
      expect((await t.service.listShared(t.cora)).shared).toMatchObject([{ id: drillId, kind: "drill" }]);
      const opened = await t.service.getShared(t.cora, drillId);
      expect(opened).toMatchObject({
        kind: "drill",
        documents: [],
        letter: { id: drillId, sealed: drill.sealed },
      });
      expect(await t.kindsOf(t.cora)).toContain("legacy-drill-received");
      // A drill of an unreleased plan releases nothing else.
      expect((await refusal(t.service.getShared(t.cora, planId))).code).toBe("not_found");
      t.advance(7 * day);
      expect((await t.service.listShared(t.cora)).shared).toEqual([]);
      expect((await refusal(t.service.getShared(t.cora, drillId))).code).toBe("not_found");
    });

    it("keeps each owner to their own plans, documents and contacts, and to the limits", async () => {
      const t = await setup();
      const contactId = await t.coraContact();
      const planId = randomUUID();
      await t.service.create(t.owner, { id: planId, details: sealed(), settings: shareNow });
      expect(
        (await refusal(t.service.create(t.owner, { id: planId, details: sealed(), settings: shareNow })))
          .message,
      ).toBe(legacyPlanMessages.planExists);
      // Another person: the plan does not exist for them, nor may they name the owner's contact.
      expect(
        (await refusal(t.service.addItems(t.stranger, planId, [{ kind: "document", id: randomUUID() }])))
          .code,
      ).toBe("not_found");
      const theirs = randomUUID();
      await t.service.create(t.stranger, { id: theirs, details: sealed(), settings: shareNow });
      expect((await refusal(t.service.addRecipient(t.stranger, theirs, contactId))).message).toBe(
        legacyPlanMessages.contactNotLive,
      );
      expect(
        (
          await refusal(
            t.service.update(t.stranger, theirs, {
              settings: { ...onCheckIn, trustees: { contactIds: [contactId], required: 1 } },
            }),
          )
        ).message,
      ).toBe(legacyPlanMessages.trusteesInvalid);
      // A document the owner does not hold (the stranger's, or none).
      const strangers = t.store(t.stranger);
      expect(
        (await refusal(t.service.addItems(t.owner, planId, [{ kind: "document", id: strangers }]))).message,
      ).toBe(legacyPlanMessages.documentNotFound);
      // Trustees of the owner's own contacts are kept with the plan.
      const saved = await t.service.update(t.owner, planId, {
        settings: { ...onCheckIn, trustees: { contactIds: [contactId], required: 1 } },
      });
      expect(saved.settings.trustees).toEqual({ contactIds: [contactId], required: 1 });
      expect(saved.state).toBe("active");
    });
  });
}
