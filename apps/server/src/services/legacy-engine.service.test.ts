import { randomUUID } from "node:crypto";
import { type LegacyPlanSettings, legacyEngineMessages, type NotificationKind } from "@heirloom/contract";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createProfilesRepo } from "../db/repos/profiles.repo.ts";
import { createUserDataRepo } from "../db/repos/user-data.repo.ts";
import { type TestDatabase, testDatabaseTargets } from "../db/test-databases.ts";
import { createLegacySweep } from "../jobs/legacy-sweep.ts";
import { addAccount } from "../testing/legacy-accounts.ts";
import { legacyWorld, sealed } from "../testing/legacy-world.ts";
import type { Caller } from "./account.service.ts";

// The release engine on every database engine, with a clock the tests move: check-ins, reminders, grace, requests,
// refusals, trustees, time limits, the history, and two sweepers at once. Each test reads what a person would see:
// the plan's phase and history, mail, notifications, and whether a recipient can read a document.

const day = 24 * 60 * 60 * 1000;
const hour = 60 * 60 * 1000;
const start = "2026-06-01T09:00:00.000Z";
const settings = (trigger: LegacyPlanSettings["trigger"], extra: Partial<LegacyPlanSettings> = {}) =>
  ({ trigger, trustees: null, timeLimitDays: null, ...extra }) as LegacyPlanSettings;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as { message: string }).message;
  }
  throw new Error("expected a refusal");
}

for (const target of testDatabaseTargets()) {
  describe(`release engine on ${target.name}`, () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.dispose();
    });

    async function setup() {
      database = await target.open({ migrate: true });
      const db = database;
      const world = legacyWorld(db, start);
      const profiles = createProfilesRepo(db.db);
      const person = async (name: string) => {
        const account = await addAccount(db, name);
        await profiles.createDefault(account.id, "personal", world.clock());
        return account;
      };
      const owner = await person("Olive Owner");
      const ada = await person("Ada Recipient");
      const doc = world.store(owner, randomUUID());
      /** A plan with one document, Ada as its confirmed recipient, everything wrapped to her. */
      const planFor = async (s: LegacyPlanSettings, recipients: Caller[] = [ada]) => {
        const id = randomUUID();
        await world.plans.create(owner, { id, details: sealed(), settings: s });
        await world.plans.addItems(owner, id, [{ kind: "document", id: doc }]);
        const contactIds: string[] = [];
        for (const r of recipients) {
          const contactId = await world.confirmedContact(owner, r);
          contactIds.push(contactId);
          await world.plans.addRecipient(owner, id, contactId);
          await world.wrapAll(owner, r, id, contactId);
        }
        return { id, contactIds };
      };
      const phaseOf = async (id: string) => (await world.engineRepo.load(id))?.phase;
      const history = async (id: string) =>
        (await world.engine.history(owner.id, id)).map((e) => `${e.from}>${e.to}:${e.reason}`);
      const mayRead = (user: Caller) =>
        world.plans.mayRead({
          recipientId: user.id,
          ownerId: owner.id,
          fullPath: `users/${owner.id}/documents/${doc}/v1/header`,
          documentId: doc,
        });
      const kindsOf = async (user: Caller) =>
        (await world.notifications.page(user.id, { limit: 100 })).entries.map(
          (n) => n.kind as NotificationKind,
        );
      const mailsTo = (user: Caller, subject: RegExp) =>
        world.mails.filter((m) => m.to === user.email && subject.test(m.subject));
      /** Moves time to `at` (ms since start) and runs one sweep pass. */
      const at = async (ms: number) => {
        world.setNow(Date.parse(start) + ms);
        return world.sweep.runOnce();
      };
      return {
        db,
        world,
        owner,
        ada,
        person,
        planFor,
        phaseOf,
        history,
        mayRead,
        kindsOf,
        mailsTo,
        at,
        profiles,
      };
    }

    it("a check-in moves the deadline a full chosen interval ahead (30 days chosen)", async () => {
      const t = await setup();
      await t.profiles.update(t.owner.id, { activityCheck: "30" }, t.world.clock());
      await t.at(5 * day);
      await t.world.engine.checkIn(t.owner.id);
      const schedule = await t.world.engine.schedule(t.owner.id);
      expect(schedule).toMatchObject({
        intervalDays: 30,
        lastCheckInAt: new Date(Date.parse(start) + 5 * day).toISOString(),
        deadlineAt: new Date(Date.parse(start) + 35 * day).toISOString(),
      });
    });

    it("a missed check-in releases after the deadline plus grace, not a minute before, and tells the recipient", async () => {
      const t = await setup();
      await t.world.engine.checkIn(t.owner.id); // deadline: start + 60 days
      const { id } = await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }));
      expect(await t.phaseOf(id)).toBe("active");
      await t.at(30 * day - 1);
      expect(await t.phaseOf(id)).toBe("active");
      expect(await t.world.engine.schedule(t.owner.id)).toMatchObject({ remindNow: false, overdue: false });
      await t.at(30 * day);
      expect(await t.phaseOf(id)).toBe("reminding");
      // From here the app reminds her on every page, by the server's clock.
      expect(await t.world.engine.schedule(t.owner.id)).toMatchObject({ remindNow: true, overdue: false });
      await t.at(60 * day);
      expect(await t.phaseOf(id)).toBe("grace");
      await t.at(67 * day - 60_000);
      expect(await t.phaseOf(id)).toBe("grace");
      expect(await t.mayRead(t.ada)).toBe(false);
      await t.at(67 * day);
      expect(await t.phaseOf(id)).toBe("released");
      expect(await t.mayRead(t.ada)).toBe(true);
      expect(await t.kindsOf(t.ada)).toContain("legacy-plan-shared");
      expect(t.mailsTo(t.ada, /shared documents with you/)).toHaveLength(1);
      expect(await t.kindsOf(t.owner)).toContain("legacy-plan-released");
      expect(await t.history(id)).toEqual([
        "active>reminding:remindersStarted",
        "reminding>grace:deadlineMissed",
        "grace>released:graceEnded",
      ]);
      // Running the sweep again changes nothing and tells no one twice.
      await t.at(67 * day + hour);
      expect(t.mailsTo(t.ada, /shared documents with you/)).toHaveLength(1);
      expect(await t.history(id)).toHaveLength(3);
    });

    it("a server down for weeks catches up in order, skipping no move and sending one reminder, not a backlog", async () => {
      const t = await setup();
      await t.world.engine.checkIn(t.owner.id);
      const { id } = await t.planFor(settings({ kind: "missedCheckIn", graceDays: 14 }));
      // Down from the start until two days into grace: five reminder slots passed, one reminder goes.
      await t.at(62 * day);
      expect(await t.history(id)).toEqual([
        "active>reminding:remindersStarted",
        "reminding>grace:deadlineMissed",
      ]);
      expect(t.mailsTo(t.owner, /check-in/i)).toHaveLength(1);
      await t.at(100 * day);
      expect(await t.history(id)).toEqual([
        "active>reminding:remindersStarted",
        "reminding>grace:deadlineMissed",
        "grace>released:graceEnded",
      ]);
      // A released plan needs no more reminders.
      expect(t.mailsTo(t.owner, /check-in/i)).toHaveLength(1);
    });

    it("reminds at half the interval, 7, 3 and 1 days before, then daily in grace, never twice a day, and stops at a check-in", async () => {
      const t = await setup();
      await t.world.engine.checkIn(t.owner.id);
      await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }));
      const reminders = () => t.mailsTo(t.owner, /check in|check-in/i).length;
      // Every hour for the first 58 days: reminders at day 30, 53, 57 only.
      for (let h = 0; h <= 58 * 24; h += 6) await t.at(h * hour);
      expect(reminders()).toBe(3);
      await t.at(59 * day);
      expect(reminders()).toBe(4);
      await t.at(59 * day + 12 * hour);
      expect(reminders()).toBe(4);
      await t.at(60 * day);
      expect(reminders()).toBe(5);
      // In the app the reminders are one standing notice, unread, worded as the last one mailed (in grace: the
      // check-in was missed) and stating its deadline.
      const standing = async () =>
        (await t.world.notifications.page(t.owner.id, { limit: 100 })).entries.filter(
          (n) => n.kind === "legacy-check-in-reminder",
        );
      const deadline = /check in by (\d+ \w+ \d{4})/i.exec(
        t.mailsTo(t.owner, /missed/i).at(-1)?.text ?? "",
      )?.[1];
      expect(deadline).toBeTruthy();
      expect(await standing()).toEqual([
        expect.objectContaining({
          title: "You missed a check-in",
          body: expect.stringContaining(`You did not check in by ${deadline}.`),
          readAt: null,
        }),
      ]);
      const mail = t.mailsTo(t.owner, /missed/i).at(-1);
      const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
      expect(token).toBeTruthy();
      // Every check-in ends the links mailed before it: here the latest link's own, for the reminder before it.
      const earlier = /#token=([A-Za-z0-9_-]+)/.exec(
        t.mailsTo(t.owner, /check in|check-in/i).at(-2)?.text ?? "",
      )?.[1];
      expect(earlier).toBeTruthy();
      // The one-click link checks in, once.
      expect(await t.world.engine.useLink(token ?? "")).toEqual({ done: "checkIn" });
      // The check-in answers the standing notice: it is read now, and counts no more as unread.
      expect((await standing())[0]?.readAt).toEqual(expect.any(String));
      expect((await t.world.notifications.unreadCount(t.owner.id)).unread).toBe(
        (await t.world.notifications.page(t.owner.id, { limit: 100 })).entries.filter((n) => !n.readAt)
          .length,
      );
      expect(await refusal(t.world.engine.useLink(token ?? ""))).toBe(legacyEngineMessages.linkInvalid);
      expect(await refusal(t.world.engine.useLink(earlier ?? ""))).toBe(legacyEngineMessages.linkInvalid);
      // Nor does a link that was never made: a changed token is refused without checking anyone in.
      const changed = `${(token ?? "").slice(0, -2)}${(token ?? "").endsWith("AA") ? "BA" : "AA"}`;
      expect(await refusal(t.world.engine.useLink(changed))).toBe(legacyEngineMessages.linkInvalid);
      for (let d = 60; d <= 75; d += 1) await t.at(d * day);
      expect(reminders()).toBe(5);
      expect(await t.kindsOf(t.owner)).toContain("legacy-check-in-reminder");
    });

    it("a check-in in grace cancels the release; in a time-limited release it ends access early", async () => {
      const t = await setup();
      await t.world.engine.checkIn(t.owner.id);
      const grace = await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }));
      await t.at(62 * day);
      expect(await t.phaseOf(grace.id)).toBe("grace");
      await t.world.engine.checkIn(t.owner.id);
      expect(await t.phaseOf(grace.id)).toBe("active");
      await t.at(70 * day);
      expect(await t.phaseOf(grace.id)).toBe("active");
      expect(await t.mayRead(t.ada)).toBe(false);
      expect(await t.history(grace.id)).toContain("grace>active:checkedIn");

      const limited = await t.planFor(
        settings({ kind: "request", waitingDays: 1 }, { timeLimitDays: 30 }),
        [],
      );
      await t.world.plans.addRecipient(
        t.owner,
        limited.id,
        (await t.world.contacts.list(t.owner))[0]?.id ?? "",
      );
      await t.world.wrapAll(t.owner, t.ada, limited.id, (await t.world.contacts.list(t.owner))[0]?.id ?? "");
      await t.world.engine.request(t.ada, limited.id, null);
      await t.at(71 * day + hour);
      expect(await t.phaseOf(limited.id)).toBe("released");
      expect(await t.mayRead(t.ada)).toBe(true);
      await t.world.engine.checkIn(t.owner.id);
      expect(await t.phaseOf(limited.id)).toBe("active");
      expect(await t.mayRead(t.ada)).toBe(false);
    });

    it("a time-limited release ends after N days, and the plan is active again with a fresh interval", async () => {
      const t = await setup();
      await t.world.engine.checkIn(t.owner.id);
      const { id } = await t.planFor(
        settings({ kind: "missedCheckIn", graceDays: 7 }, { timeLimitDays: 10 }),
      );
      await t.at(67 * day);
      expect(await t.phaseOf(id)).toBe("released");
      await t.at(77 * day - 1);
      expect(await t.mayRead(t.ada)).toBe(true);
      await t.at(77 * day);
      expect(await t.phaseOf(id)).toBe("active");
      expect(await t.mayRead(t.ada)).toBe(false);
      expect(await t.kindsOf(t.owner)).toContain("legacy-release-ended");
      // Not released again at once: a new interval runs from the end of the release (reminders from day 107).
      await t.at(106 * day);
      expect(await t.phaseOf(id)).toBe("active");
      await t.at(107 * day);
      expect(await t.phaseOf(id)).toBe("reminding");
    });

    it("a request is told to the owner at once; refused from the mail, asked again after the wait, then released", async () => {
      const t = await setup();
      const { id } = await t.planFor(settings({ kind: "request", waitingDays: 7 }));
      await t.at(day);
      // Ada's browser seals her reason to Olive's key, which the list of plans naming her serves (only for a plan
      // she may ask about); the owner's plan carries the sealed reason back, as stored.
      const naming = (await t.world.plans.listShared(t.ada)).plans.find((p) => p.planId === id);
      expect(naming).toMatchObject({ ownerId: t.owner.id, takesRequests: true });
      expect(naming?.ownerPublicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
      const reason = { sealed: sealed(), dek: `v1.${"A".repeat(684)}` };
      await t.world.engine.request(t.ada, id, reason);
      expect(await t.phaseOf(id)).toBe("requested");
      const asked = (await t.world.plans.list(t.owner)).find((p) => p.id === id)?.pendingRequest;
      expect(asked).toMatchObject({ reason, dueAt: new Date(Date.parse(start) + 8 * day).toISOString() });
      expect(await t.kindsOf(t.owner)).toContain("legacy-access-requested");
      const mail = t.mailsTo(t.owner, /asked for access/).at(-1);
      const token = /#refuse=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
      expect(await t.world.engine.useLink(token ?? "")).toEqual({ done: "refuse" });
      expect(await t.phaseOf(id)).toBe("active");
      // The refusal is done: the link has nothing left to refuse.
      expect(await refusal(t.world.engine.useLink(token ?? ""))).toBe(legacyEngineMessages.nothingToRefuse);
      expect((await t.world.plans.list(t.owner)).find((p) => p.id === id)?.pendingRequest).toBeNull();
      expect(await t.kindsOf(t.ada)).toContain("legacy-request-refused");
      // Sign-ins do not refuse, and a refused recipient waits a full waiting period before asking again.
      await t.at(5 * day);
      expect(await refusal(t.world.engine.request(t.ada, id, null))).toMatch(/You can ask again from/);
      await t.at(8 * day);
      await t.world.engine.request(t.ada, id, null);
      await t.world.engine.checkIn(t.owner.id);
      expect(await t.phaseOf(id)).toBe("requested");
      await t.at(15 * day - 1);
      expect(await t.mayRead(t.ada)).toBe(false);
      await t.at(15 * day);
      expect(await t.phaseOf(id)).toBe("released");
      expect(await t.mayRead(t.ada)).toBe(true);
      expect(await t.history(id)).toEqual([
        "active>requested:requested",
        "requested>active:refused",
        "active>requested:requested",
        "requested>released:waitingEnded",
      ]);
    });

    it("only a confirmed recipient of a plan that takes requests may ask", async () => {
      const t = await setup();
      const stranger = await t.person("Sam Stranger");
      const onCheckIn = await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }));
      // A plan she may not ask about does not hand her the owner's key.
      const naming = (await t.world.plans.listShared(t.ada)).plans.find((p) => p.planId === onCheckIn.id);
      expect(naming).toMatchObject({ takesRequests: false, ownerPublicKeyPem: null });
      expect(await refusal(t.world.engine.request(t.ada, onCheckIn.id, null))).toBe(
        legacyEngineMessages.requestsNotTaken,
      );
      expect(await refusal(t.world.engine.request(stranger, onCheckIn.id, null))).toBe(
        legacyEngineMessages.planNotFound,
      );
      expect(await refusal(t.world.engine.refuse(stranger.id, onCheckIn.id))).toBe(
        legacyEngineMessages.planNotFound,
      );
      // The triggers combine: a missed check-in plan may also take requests.
      const both = await t.planFor(
        settings({ kind: "missedCheckIn", graceDays: 7, requestWaitingDays: 2 }),
        [],
      );
      await t.world.plans.addRecipient(t.owner, both.id, onCheckIn.contactIds[0] ?? "");
      await t.world.engine.request(t.ada, both.id, null);
      expect(await t.phaseOf(both.id)).toBe("requested");
    });

    it("2 of 3 trustees: a no is recorded and shown, the second yes releases; the owner's check-in cancels the wait", async () => {
      const t = await setup();
      const [tina, tom, tess] = [await t.person("Tina"), await t.person("Tom"), await t.person("Tess")];
      const trusteeIds = [
        await t.world.confirmedContact(t.owner, tina),
        await t.world.confirmedContact(t.owner, tom),
        await t.world.confirmedContact(t.owner, tess),
      ];
      await t.world.engine.checkIn(t.owner.id);
      const { id } = await t.planFor(
        settings(
          { kind: "missedCheckIn", graceDays: 7 },
          { trustees: { contactIds: trusteeIds, required: 2 } },
        ),
      );
      await t.at(67 * day);
      expect(await t.phaseOf(id)).toBe("awaitingTrustees");
      expect(t.mailsTo(tina, /Please confirm/)).toHaveLength(1);
      expect(await refusal(t.world.engine.answer(t.ada, id, "yes"))).toBe(legacyEngineMessages.planNotFound);
      await t.world.engine.answer(tina, id, "yes");
      await t.world.engine.answer(tom, id, "no");
      expect(await t.phaseOf(id)).toBe("awaitingTrustees");
      expect(await t.mayRead(t.ada)).toBe(false);
      // The owner comes back: the wait is cancelled, and the answers count for that firing only.
      await t.world.engine.checkIn(t.owner.id);
      expect(await t.phaseOf(id)).toBe("active");
      expect(await refusal(t.world.engine.answer(tess, id, "yes"))).toBe(
        legacyEngineMessages.notAwaitingTrustees,
      );
      await t.at(67 * day + 67 * day);
      expect(await t.phaseOf(id)).toBe("awaitingTrustees");
      await t.world.engine.answer(tina, id, "yes");
      expect(await t.phaseOf(id)).toBe("awaitingTrustees");
      await t.world.engine.answer(tess, id, "yes");
      expect(await t.phaseOf(id)).toBe("released");
      expect(await t.mayRead(t.ada)).toBe(true);
      const events = await t.history(id);
      expect(events).toContain("awaitingTrustees>awaitingTrustees:trusteeNo");
      expect(events.at(-1)).toBe("awaitingTrustees>released:trusteesConfirmed");
    });

    it("a trigger that fires again asks the trustees again: a yes to an earlier firing does not release it", async () => {
      const t = await setup();
      const tina = await t.person("Tina");
      const trusteeId = await t.world.confirmedContact(t.owner, tina);
      const { id } = await t.planFor(
        settings(
          { kind: "request", waitingDays: 1 },
          { trustees: { contactIds: [trusteeId], required: 1 }, timeLimitDays: 7 },
        ),
      );
      await t.world.engine.request(t.ada, id, null);
      await t.at(day);
      expect(await t.phaseOf(id)).toBe("awaitingTrustees");
      await t.world.engine.answer(tina, id, "yes");
      expect(await t.phaseOf(id)).toBe("released");
      await t.at(8 * day);
      expect(await t.phaseOf(id)).toBe("active");
      // Asked again: the waiting period ends in a sweep that both fires the trigger and would read the old yes.
      await t.world.engine.request(t.ada, id, null);
      await t.at(9 * day);
      expect(await t.phaseOf(id)).toBe("awaitingTrustees");
      expect(await t.mayRead(t.ada)).toBe(false);
      expect(t.mailsTo(tina, /Please confirm/)).toHaveLength(2);
      await t.world.engine.answer(tina, id, "yes");
      expect(await t.phaseOf(id)).toBe("released");
    });

    it("two sweepers at once move each plan once; a live lease keeps a second server out", async () => {
      const t = await setup();
      await t.world.engine.checkIn(t.owner.id);
      const plans = [];
      for (let i = 0; i < 5; i += 1)
        plans.push(await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }), []));
      t.world.setNow(Date.parse(start) + 70 * day);
      const other = legacyWorld(t.db, new Date(Date.parse(start) + 70 * day).toISOString());
      const [first, second] = await Promise.all([t.world.sweep.runOnce(), other.sweep.runOnce()]);
      expect([first.ran, second.ran].filter(Boolean).length).toBeGreaterThanOrEqual(1);
      // Whoever ran, each plan moved through its three moves exactly once.
      await Promise.all([t.world.sweep.runOnce(), other.sweep.runOnce()]);
      for (const plan of plans) {
        expect(await t.history(plan.id)).toEqual([
          "active>reminding:remindersStarted",
          "reminding>grace:deadlineMissed",
          "grace>released:graceEnded",
        ]);
      }
      expect(await t.world.engineRepo.takeLease("legacy-sweep", "server-a", t.world.clock(), 60_000)).toBe(
        true,
      );
      expect(await t.world.engineRepo.takeLease("legacy-sweep", "server-b", t.world.clock(), 60_000)).toBe(
        false,
      );
      t.world.advance(60_001);
      expect(await t.world.engineRepo.takeLease("legacy-sweep", "server-b", t.world.clock(), 60_000)).toBe(
        true,
      );
    });

    it("one owner's plans swept in many small batches (three at once on PostgreSQL) move once each and remind the owner once", async () => {
      const t = await setup();
      await t.world.engine.checkIn(t.owner.id);
      const plans = [];
      for (let i = 0; i < 7; i += 1)
        plans.push(await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }), []));
      // Batches of two: the owner's seven plans fall in four batches, which PostgreSQL's lanes work three at a time.
      const iso = (ms: number) => new Date(Date.parse(start) + ms).toISOString();
      const small = legacyWorld(t.db, iso(31 * day), { sweepBatchSize: 2 });
      const first = await small.sweep.runOnce();
      expect(first.plansMoved).toBe(7);
      for (const plan of plans)
        expect(await t.history(plan.id)).toEqual(["active>reminding:remindersStarted"]);
      const reminders = () =>
        small.mails.filter((m) => m.to === t.owner.email && /check in/i.test(m.subject)).length;
      expect(reminders()).toBe(1);
      expect(await small.sweep.runOnce()).toMatchObject({ plansMoved: 0, reminders: 0 });
      expect(reminders()).toBe(1);
      // Past the deadline and through grace: each plan's next two moves, once each.
      small.setNow(iso(70 * day));
      await small.sweep.runOnce();
      for (const plan of plans) {
        expect(await t.history(plan.id)).toEqual([
          "active>reminding:remindersStarted",
          "reminding>grace:deadlineMissed",
          "grace>released:graceEnded",
        ]);
      }
    });

    it("a pass over many batches lets the server's other work run between them: a timer set as it starts fires before it ends", async () => {
      // On SQLite every statement runs at once, so without a turn of the event loop between batches a pass of
      // 100,000 plans would keep every request waiting until its end (about 10 s on this machine).
      const t = await setup();
      await t.world.engine.checkIn(t.owner.id);
      for (let i = 0; i < 7; i += 1) await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }), []);
      const small = legacyWorld(t.db, new Date(Date.parse(start) + 31 * day).toISOString(), {
        sweepBatchSize: 2,
      });
      let passEnded = false;
      let firedBeforeTheEnd: boolean | undefined;
      const timer = setTimeout(() => {
        firedBeforeTheEnd = !passEnded;
      }, 0);
      const pass = await small.sweep.runOnce();
      passEnded = true;
      clearTimeout(timer);
      expect(pass.plansMoved).toBe(7);
      expect(firedBeforeTheEnd).toBe(true);
    });

    it("telling people of a batch's moves lets other work run too: a timer set as a batch of 135 starts fires before it ends", async () => {
      // Three owners (each may have 50 plans), 45 plans each, all due together: one batch, told 64 plans at a turn.
      const t = await setup();
      for (const owner of [t.owner, await t.person("Otto Other"), await t.person("Opal Other")]) {
        await t.world.engine.checkIn(owner.id);
        for (let i = 0; i < 45; i += 1) {
          await t.world.plans.create(owner, {
            id: randomUUID(),
            details: sealed(),
            settings: settings({ kind: "missedCheckIn", graceDays: 7 }),
          });
        }
      }
      t.world.setNow(Date.parse(start) + 31 * day);
      let batchEnded = false;
      let firedBeforeTheEnd: boolean | undefined;
      const timer = setTimeout(() => {
        firedBeforeTheEnd = !batchEnded;
      }, 0);
      const batch = await t.world.engine.sweepDue(200);
      batchEnded = true;
      clearTimeout(timer);
      expect(batch).toMatchObject({ looked: 135, moved: 135 });
      expect(firedBeforeTheEnd).toBe(true);
    });

    /** Olive's plan and Otto's, both on a 30-day check-in, come due together at day 30. */
    async function twoOwnersDueTogether() {
      const t = await setup();
      const other = await t.person("Otto Other");
      await t.world.engine.checkIn(t.owner.id);
      await t.world.engine.checkIn(other.id);
      const mine = await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }), []);
      const theirs = randomUUID();
      await t.world.plans.create(other, {
        id: theirs,
        details: sealed(),
        settings: settings({ kind: "missedCheckIn", graceDays: 7 }),
      });
      return { t, other, mine, theirs };
    }

    it("a plan a person moves between the sweep's read and its write is left to them; the rest of the batch is written", async () => {
      // The way through a batch that failed, plan by plan, reads plans before its transaction: Otto signs in after
      // the read, so his plan's deadline moves and what was worked out before must not be applied.
      const { t, other, mine, theirs } = await twoOwnersDueTogether();
      const loadMany = t.world.engineRepo.loadMany;
      t.world.engineRepo.loadMany = async (ids) => {
        const rows = await loadMany(ids);
        if (ids.includes(theirs)) await t.world.engine.checkIn(other.id);
        return rows;
      };
      t.world.setNow(Date.parse(start) + 30 * day);
      const done = await t.world.engine.sweepPlans([mine.id, theirs]);
      t.world.engineRepo.loadMany = loadMany;
      expect(done).toEqual({ moved: 1, reminders: 1 });
      expect(await t.history(mine.id)).toEqual(["active>reminding:remindersStarted"]);
      expect(await t.phaseOf(theirs)).toBe("active");
      expect(await t.world.engine.history(other.id, theirs)).toEqual([]);
      expect(t.mailsTo(t.owner, /check in/i)).toHaveLength(1);
      expect(t.world.mails.filter((m) => m.to === other.email)).toHaveLength(0);
      // Otto's plan is looked at again from his new deadline (a check-in at day 30: reminders from day 60).
      await t.at(59 * day);
      expect(await t.phaseOf(theirs)).toBe("active");
      await t.at(60 * day);
      expect(await t.phaseOf(theirs)).toBe("reminding");
    });

    it("a person who checks in while the sweep's batch is being written is not lost: the check-in follows the move", async () => {
      // A batch claims, reads and writes its plans in one transaction (PostgreSQL locks the claimed rows; SQLite
      // holds its one writer), so Otto's check-in, made while the batch is read, waits for it and then applies.
      const { t, other, mine, theirs } = await twoOwnersDueTogether();
      const transaction = t.world.engineRepo.transaction;
      let checkedIn: Promise<void> | undefined;
      t.world.engineRepo.transaction = (work) =>
        transaction((tx) =>
          work({
            ...tx,
            sweepRows: async (now, limit) => {
              const rows = await tx.sweepRows(now, limit);
              if (rows.due.some((plan) => plan.id === theirs)) checkedIn ??= t.world.engine.checkIn(other.id);
              return rows;
            },
          }),
        );
      const pass = await t.at(30 * day);
      await checkedIn;
      t.world.engineRepo.transaction = transaction;
      expect(checkedIn).toBeDefined();
      expect(pass.plansLooked).toBe(2);
      expect(await t.history(mine.id)).toEqual(["active>reminding:remindersStarted"]);
      expect(t.mailsTo(t.owner, /check in/i)).toHaveLength(1);
      expect(
        (await t.world.engine.history(other.id, theirs)).map((e) => `${e.from}>${e.to}:${e.reason}`),
      ).toEqual(["active>reminding:remindersStarted", "reminding>active:checkedIn"]);
      await t.at(59 * day);
      expect(await t.phaseOf(theirs)).toBe("active");
      await t.at(60 * day);
      expect(await t.phaseOf(theirs)).toBe("reminding");
    });

    it("a batch that fails is worked plan by plan: one plan's failure is reported, the others are written, and it is tried again later", async () => {
      const { t, mine, theirs } = await twoOwnersDueTogether();
      const errors: string[] = [];
      const sweep = createLegacySweep({
        repo: t.world.engineRepo,
        engine: t.world.engine,
        clock: t.world.clock,
        onError: (_error, what) => errors.push(what),
      });
      // Writing Otto's plan fails (in the batch, and alone).
      const transaction = t.world.engineRepo.transaction;
      t.world.engineRepo.transaction = (work) =>
        transaction((tx) =>
          work({
            ...tx,
            applyMany: async (items, now, options) => {
              if (items.some(({ row }) => row.id === theirs)) throw new Error("disk full");
              return tx.applyMany(items, now, options);
            },
          }),
        );
      t.world.setNow(Date.parse(start) + 30 * day);
      const pass = await sweep.runOnce();
      expect(pass).toMatchObject({ plansLooked: 2, plansMoved: 1 });
      expect(errors).toEqual([`plan ${theirs}`]);
      expect(await t.history(mine.id)).toEqual(["active>reminding:remindersStarted"]);
      expect(t.mailsTo(t.owner, /check in/i)).toHaveLength(1);
      expect(await t.phaseOf(theirs)).toBe("active");
      // Its claim keeps it out of passes for 10 minutes; once the fault is gone and the claim has run out, it moves.
      t.world.engineRepo.transaction = transaction;
      expect((await sweep.runOnce()).plansLooked).toBe(0);
      t.world.advance(10 * 60_000);
      expect((await sweep.runOnce()).plansMoved).toBe(1);
      expect(await t.phaseOf(theirs)).toBe("reminding");
      expect(errors).toHaveLength(1);
    });

    it("a plan or profile found again under another rowid (SQLite's VACUUM may renumber them) is a lost race: nothing else is written, and read again it is written", async () => {
      const t = await setup();
      const a = await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }));
      const b = await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }), []);
      const repo = t.world.engineRepo;
      const now = new Date(Date.parse(start) + day);
      const write = (row: { phase: "active" }) => ({
        ...row,
        cycleStartAt: null,
        requestDueAt: null,
        releaseEndsAt: null,
        firedAt: null,
        dueAt: new Date(Date.parse(start) + 45 * day).toISOString(),
        events: [{ from: "active" as const, to: "active" as const, reason: "settingsChanged" }],
      });
      const readA = await repo.load(a.id);
      const readB = await repo.load(b.id);
      const owner = await repo.reminderRow(t.owner.id);
      if (!readA || !readB || !owner) throw new Error("the plans and the owner's row were not read");
      if (t.db.dialect === "sqlite") {
        expect(readA.rowid).not.toBeNull();
        // Plan A now has B's old rowid and B another; the owner's profile another too.
        await sql`update legacy_plans set rowid = rowid + 1000 where id = ${b.id}`.execute(t.db.db);
        await sql`update legacy_plans set rowid = ${readB.rowid} where id = ${a.id}`.execute(t.db.db);
        await sql`update profiles set rowid = rowid + 1000 where user_id = ${t.owner.id}`.execute(t.db.db);
        expect(await repo.apply(readB, write({ phase: "active" }), now)).toBe(false);
        expect(await repo.setReminderDue(owner, "2026-07-01T09:00:00.000Z")).toBe(false);
        expect(await repo.load(a.id)).toEqual({ ...readA, rowid: readB.rowid });
        expect(await t.history(a.id)).toEqual([]);
        expect(await t.history(b.id)).toEqual([]);
        expect((await repo.reminderRow(t.owner.id))?.dueAt).toBe(owner.dueAt);
      } else {
        expect(readA.rowid).toBeNull();
      }
      // Read again, they are written.
      const again = await repo.load(b.id);
      const ownerAgain = await repo.reminderRow(t.owner.id);
      if (!again || !ownerAgain) throw new Error("not read again");
      expect(await repo.apply(again, write({ phase: "active" }), now)).toBe(true);
      expect(await repo.setReminderDue(ownerAgain, "2026-07-01T09:00:00.000Z")).toBe(true);
      expect(await t.history(b.id)).toEqual(["active>active:settingsChanged"]);
      expect(await t.history(a.id)).toEqual([]);
      expect((await repo.reminderRow(t.owner.id))?.dueAt).toBe("2026-07-01T09:00:00.000Z");
    });

    it("the sweep's read gives a due plan with every other plan of its owner, and the owner's reminder row once", async () => {
      const t = await setup();
      await t.world.engine.checkIn(t.owner.id); // deadline: start + 60 days; reminders from day 30
      const due = await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }));
      const waiting = await t.planFor(settings({ kind: "request", waitingDays: 7 }), [
        await t.person("Bo Recipient"),
      ]);
      t.world.setNow(Date.parse(start) + 30 * day);
      const read = await t.world.engineRepo.transaction((tx) => tx.sweepRows(t.world.clock(), 10));
      expect(read.due.map((plan) => plan.id)).toEqual([due.id]);
      expect(read.owned.map((plan) => plan.id).sort()).toEqual([due.id, waiting.id].sort());
      expect(read.owned.find((plan) => plan.id === waiting.id)).toMatchObject({
        ownerId: t.owner.id,
        trigger: "request",
        phase: "active",
      });
      expect(read.owners.map((owner) => owner.userId)).toEqual([t.owner.id]);
      t.world.setNow(Date.parse(start) + 29 * day);
      const early = await t.world.engineRepo.transaction((tx) => tx.sweepRows(t.world.clock(), 10));
      expect(early).toEqual({ due: [], owned: [], owners: [] });
    });

    it("share now is released at once; leaving share now ends the release", async () => {
      const t = await setup();
      const { id } = await t.planFor(settings({ kind: "shareNow" }));
      expect(await t.phaseOf(id)).toBe("released");
      expect(await t.mayRead(t.ada)).toBe(true);
      await t.world.plans.update(t.owner, id, { settings: settings({ kind: "request", waitingDays: 7 }) });
      expect(await t.phaseOf(id)).toBe("active");
      expect(await t.mayRead(t.ada)).toBe(false);
      expect(await t.history(id)).toEqual(["active>released:sharedNow", "released>active:settingsChanged"]);
    });

    it("a deleted plan's history goes with it, an account's plans' history with the account, and no one else's", async () => {
      const t = await setup();
      const kept = await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }));
      const deleted = await t.planFor(settings({ kind: "missedCheckIn", graceDays: 7 }), []);
      const adas = randomUUID();
      await t.world.plans.create(t.ada, {
        id: adas,
        details: sealed(),
        settings: settings({ kind: "missedCheckIn", graceDays: 7 }),
      });
      // Two months without a check-in: reminders, grace, release, for all three plans.
      await t.at(30 * day);
      await t.at(60 * day);
      await t.at(70 * day);
      const rows = async (planId: string) =>
        Number(
          (
            await t.db.db
              .selectFrom("legacy_plan_events")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("plan_id", "=", planId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const keptHistory = await t.history(kept.id);
      const adasHistory = (await t.world.engine.history(t.ada.id, adas)).map((e) => e.reason);
      expect(keptHistory.at(-1)).toBe("grace>released:graceEnded");
      expect(adasHistory.at(-1)).toBe("graceEnded");
      expect(await rows(deleted.id)).toBe(keptHistory.length);

      await t.world.plans.remove(t.owner, deleted.id);
      expect(await rows(deleted.id)).toBe(0);
      expect(await t.history(kept.id)).toEqual(keptHistory);

      await createUserDataRepo(t.db.db).deleteUser(t.owner.id, "owner's email hash", t.world.clock());
      expect(await rows(kept.id)).toBe(0);
      expect((await t.world.engine.history(t.ada.id, adas)).map((e) => e.reason)).toEqual(adasHistory);
      expect(await rows(adas)).toBe(adasHistory.length);
    });
  });
}
