import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { type LegacyPlanPhase, legacyEngineMessages, type NotificationKind } from "@heirloom/contract";
import type { LegacyContactsRepo } from "../db/repos/legacy-contacts.repo.ts";
import type {
  EngineRow,
  EngineWrite,
  LegacyEngineRepo,
  OwnerReminderRow,
  PlanRow,
  SweepRows,
} from "../db/repos/legacy-engine.repo.ts";
import type { LegacyPlansRepo } from "../db/repos/legacy-plans.repo.ts";
import { AppError } from "../errors.ts";
import { createMailQueue } from "../mail/mail-queue.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  accessRequestedMail,
  checkInReminderMail,
  requestRefusedMail,
  trusteeAskedMail,
} from "../mail/templates.ts";
import type { Caller } from "./account.service.ts";
import type { Clock } from "./clock.ts";
import { formatDay } from "./format-day.ts";
import {
  advance,
  checkInIntervalDays,
  checkIn as checkInMove,
  dayMs,
  type EnginePlan,
  type Move,
  mayRequest,
  type OwnerSchedule,
  planDeadline,
  refuse as refuseMove,
  reminderDue,
  reminderSlots,
  request as requestMove,
  takesMissedCheckIn,
  takesRequests,
} from "./legacy-engine.ts";
import type { LinkPurpose, OneClickLinks } from "./one-click-links.ts";

// The release engine's actions (docs/architecture.md section 10): check-ins, requests, refusals, trustee answers,
// and what the sweep does to one due plan or one owner's reminders. The rules are legacy-engine.ts; this file reads,
// applies them with the repo's conditional writes, and tells people, after the write has won.

export interface LegacyEngineServiceDeps {
  repo: LegacyEngineRepo;
  plans: Pick<LegacyPlansRepo, "find">;
  contacts: Pick<LegacyContactsRepo, "findOwned">;
  /** A text to the owner, when they turned texts on and verified a number (a no-op otherwise). */
  sendText: (userId: string, body: string) => Promise<void>;
  /** Tells each recipient of a released plan, once (legacy-plans.service.ts). */
  announceRelease: (ownerId: string, planId: string) => Promise<void>;
  mailer: Mailer;
  runInBackground: (work: Promise<unknown>) => void;
  notify: (userId: string, kind: NotificationKind, detail: string) => Promise<void>;
  clock: Clock;
  publicUrl: string;
  /** Makes and reads the one-click links of reminder and request mail (signed, not stored). */
  links: OneClickLinks;
}

/** Owners with no deadline (a profile made before check-ins) are never reminded or released by a missed check-in. */
const never = new Date(8.64e15);

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const date = (at: string | null) => (at ? new Date(at) : null);
const ms = (at: string | null) => (at ? Date.parse(at) : null);

function enginePlan(row: PlanRow): EnginePlan {
  return {
    trigger: row.trigger,
    graceDays: row.graceDays,
    waitingDays: row.waitingDays,
    trusteesRequired: row.trusteesRequired,
    timeLimitDays: row.timeLimitDays,
    phase: row.phase,
    cycleStartAt: date(row.cycleStartAt),
    requestDueAt: date(row.requestDueAt),
    releaseEndsAt: date(row.releaseEndsAt),
  };
}

function scheduleOf(row: { activityCheck: string; deadlineAt: string | null }): OwnerSchedule {
  return { intervalDays: checkInIntervalDays(row.activityCheck), deadlineAt: date(row.deadlineAt) ?? never };
}

export function createLegacyEngineService(deps: LegacyEngineServiceDeps) {
  const { repo, clock } = deps;
  const mail = (message: Parameters<Mailer["send"]>[0]) => deps.runInBackground(deps.mailer.send(message));
  // Reminders go through a queue: a sweep can owe 100,000 at once (mail-queue.ts).
  const reminderMail = createMailQueue(deps.mailer, deps.runInBackground);
  const later = (work: () => Promise<unknown>) => deps.runInBackground(work());
  const personOf = async (userId: string) => (await repo.people([userId])).get(userId);

  /** A one-click link for a mail (one-click-links.ts: signed, nothing stored). */
  function linkFor(userId: string, purpose: LinkPurpose, requestId: string | null, now: Date) {
    const token = deps.links.make({ purpose, userId, requestId, madeAt: now });
    // The token travels in the fragment, so it never reaches a server log or a Referer header.
    return `${deps.publicUrl}/check-in#${purpose === "checkIn" ? "token" : "refuse"}=${token}`;
  }

  /**
   * What a plan read as `row` writes after `moves` (a person's action) and the moves time then owes. `plan` is the
   * plan after the action; `asRead`, when the caller has it, is `enginePlan(row)` itself (the sweep's case, where
   * `plan` is that): a time the moves leave as it was read is then written back as the text it was read from, not
   * formatted again.
   */
  function writeOf(
    row: EngineRow,
    plan: EnginePlan,
    moves: Move[],
    now: Date,
    contactId: string | null,
    notes?: EngineWrite["notes"],
    asRead?: EnginePlan,
  ) {
    const settled = advance(plan, scheduleOf(row), row.trusteeYes, now);
    const all = [...moves, ...settled.moves];
    const firedAt = all.some((m) => m.to === "awaitingTrustees") ? now.toISOString() : row.firedAt;
    const kept = (after: Date | null, read: Date | null | undefined, text: string | null) =>
      asRead && after === read ? text : iso(after);
    const write: EngineWrite = {
      phase: settled.plan.phase,
      cycleStartAt: kept(settled.plan.cycleStartAt, asRead?.cycleStartAt, row.cycleStartAt),
      requestDueAt: kept(settled.plan.requestDueAt, asRead?.requestDueAt, row.requestDueAt),
      releaseEndsAt: kept(settled.plan.releaseEndsAt, asRead?.releaseEndsAt, row.releaseEndsAt),
      firedAt,
      dueAt: iso(settled.dueAt),
      events: all.map((m, index) => ({ ...m, contactId: index < moves.length ? contactId : null })),
      ...(notes ? { notes } : {}),
    };
    return { write, all, firedAt };
  }

  /**
   * Writes what `moves` did to the plan (after `notes`, history rows that are not moves) and tells people. The write
   * is conditional on the rev that was read: when another writer won, nothing is told and null comes back; otherwise
   * the phase written.
   */
  async function commit(
    row: EngineRow,
    plan: EnginePlan,
    moves: Move[],
    now: Date,
    contactId: string | null = null,
    notes?: EngineWrite["notes"],
  ): Promise<LegacyPlanPhase | null> {
    const { write, all, firedAt } = writeOf(row, plan, moves, now, contactId, notes);
    if (!(await repo.apply(row, write, now))) return null;
    if (all.length) await afterMoves(row, all, firedAt);
    return write.phase;
  }

  /** What people are told about moves that were written. */
  async function afterMoves(row: EngineRow, moves: Move[], firedAt: string | null) {
    const request = moves.some((m) => m.reason === "waitingEnded" || m.reason === "graceEnded")
      ? await repo.pendingRequest(row.id)
      : undefined;
    for (const move of moves) {
      if (move.to === "released" && move.from !== "released") {
        if (request) await repo.endRequest(request.id, "released", clock());
        await deps.announceRelease(row.ownerId, row.id);
        await deps.notify(row.ownerId, "legacy-plan-released", "Its recipients can now open what it holds.");
      }
      if (move.reason === "timeLimitEnded") await deps.notify(row.ownerId, "legacy-release-ended", "");
      if (move.to === "awaitingTrustees" && firedAt) await askTrustees(row);
    }
  }

  async function askTrustees(row: EngineRow) {
    const record = await deps.plans.find(row.ownerId, row.id);
    const owner = await personOf(row.ownerId);
    if (!record || !owner) return;
    for (const contactId of record.trustees) {
      const contact = await deps.contacts.findOwned(row.ownerId, contactId);
      if (!contact?.contactUserId || !contact.contact) continue;
      await deps.notify(contact.contactUserId, "legacy-trustee-asked", owner.name);
      mail(trusteeAskedMail(contact.contact.email, owner.name, `${deps.publicUrl}/account/AccountHolder`));
    }
  }

  /** Recomputes when the owner's reminders are next looked at (after a check-in or a change of plans). */
  async function refreshReminders(userId: string, now: Date) {
    const row = await repo.reminderRow(userId);
    if (!row) return;
    const next = nextReminder(row, await repo.loadOwned(userId), now);
    await repo.setReminderDue(row, iso(next.at));
  }

  /**
   * The owner's reminder slots come from the earliest deadline among their plans a missed check-in can still fire,
   * and run daily through the longest grace among them. No such plan: no reminders.
   */
  function nextReminder(row: OwnerReminderRow, plans: readonly PlanRow[], now: Date) {
    const schedule = scheduleOf(row);
    const pending = plans.filter(
      (p) => takesMissedCheckIn(p) && p.phase !== "released" && p.phase !== "awaitingTrustees",
    );
    if (!pending.length || schedule.deadlineAt === never)
      return { at: null, slot: null, deadline: null, grace: 0, nextAt: null };
    const deadline = Math.min(...pending.map((p) => planDeadline(enginePlan(p), schedule).getTime()));
    const grace = Math.max(...pending.map((p) => p.graceDays ?? 0));
    const slots = reminderSlots(deadline, schedule.intervalDays, grace);
    const due = reminderDue(slots, { lastSlotAt: ms(row.slotAt), lastSentAt: ms(row.sentAt) }, now.getTime());
    const nextAt = due.nextAt === null ? null : new Date(due.nextAt);
    return {
      at: due.slotAt === null ? nextAt : now,
      slot: due.slotAt === null ? null : new Date(due.slotAt),
      deadline: new Date(deadline),
      grace,
      nextAt,
    };
  }

  /** The caller's role in a plan: a confirmed contact who is a recipient (requests) or a trustee (answers). */
  async function roleIn(caller: Caller, planId: string, role: "recipient" | "trustee") {
    const contactId = await repo.roleOf(caller.id, planId, role);
    if (!contactId) throw new AppError("not_found", legacyEngineMessages.planNotFound);
    return contactId;
  }

  async function loadOrThrow(planId: string) {
    const row = await repo.load(planId);
    if (!row) throw new AppError("not_found", legacyEngineMessages.planNotFound);
    return row;
  }

  /**
   * A check-in: every plan's clock restarts. With `linkMadeAt` (a reminder's link), only if the owner has not checked
   * in since the link was made; answers whether it checked in.
   */
  async function checkIn(userId: string, linkMadeAt?: Date): Promise<boolean> {
    const now = clock();
    const before = await repo.reminderRow(userId);
    if (!before) return false;
    if (!(await repo.checkIn(userId, now, checkInIntervalDays(before.activityCheck), linkMadeAt)))
      return false;
    for (const row of await repo.loadOwned(userId)) {
      // A plan moved by someone else meanwhile is read again, so the check-in is never lost.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const fresh = attempt === 0 ? row : await repo.load(row.id);
        if (!fresh) break;
        const { plan, moves } = checkInMove(enginePlan(fresh));
        if (await commit(fresh, plan, moves, now)) break;
      }
    }
    await refreshReminders(userId, now);
    return true;
  }

  return {
    /** A check-in: any sign-in, the button in the app, or the link in a reminder. Every plan's clock restarts. */
    async checkIn(userId: string): Promise<void> {
      await checkIn(userId);
    },

    async schedule(userId: string) {
      const row = await repo.reminderRow(userId);
      if (!row) throw new AppError("not_found", legacyEngineMessages.planNotFound);
      const plans = await repo.loadOwned(userId);
      return {
        lastCheckInAt: row.lastCheckInAt,
        deadlineAt: row.deadlineAt,
        intervalDays: checkInIntervalDays(row.activityCheck),
        /** Plans a missed check-in can release. */
        plansWatching: plans.filter((p) => takesMissedCheckIn(p) && p.phase !== "released").length,
        overdue: plans.some((p) => p.phase === "grace"),
        remindNow: plans.some((p) => p.phase === "reminding" || p.phase === "grace"),
      };
    },

    /**
     * A plan was made or its settings changed: a trigger in progress starts again from active under the new settings
     * (and moves on at once as far as they allow), a share-now release ends when the plan stops being share now, and
     * the owner's reminders follow.
     */
    async planChanged(ownerId: string, planId: string, change: { settings: boolean; wasShareNow: boolean }) {
      const now = clock();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const row = await repo.load(planId);
        if (!row || row.ownerId !== ownerId) return;
        let plan = enginePlan(row);
        const moves: Move[] = [];
        const back = (next: Partial<EnginePlan>) => {
          moves.push({ from: plan.phase, to: "active", reason: "settingsChanged" });
          plan = { ...plan, ...next, phase: "active" };
        };
        if (change.settings && plan.trigger !== "shareNow") {
          const { phase } = plan;
          if (phase === "reminding" || phase === "grace" || phase === "awaitingTrustees") back({});
          else if (phase === "requested" && !takesRequests(plan)) back({ requestDueAt: null });
          else if (phase === "released" && change.wasShareNow) back({ releaseEndsAt: null });
        }
        if (await commit(row, plan, moves, now)) break;
      }
      const pending = await repo.pendingRequest(planId);
      const row = await repo.load(planId);
      if (pending && row && row.phase !== "requested") await repo.endRequest(pending.id, "cancelled", now);
      await refreshReminders(ownerId, now);
    },

    async history(ownerId: string, planId: string) {
      const row = await loadOrThrow(planId);
      if (row.ownerId !== ownerId) throw new AppError("not_found", legacyEngineMessages.planNotFound);
      return repo.events(planId);
    },

    /** A confirmed recipient asks for access; the owner is told at once and can refuse. */
    async request(caller: Caller, planId: string, reason: { sealed: string; dek: string } | null) {
      const contactId = await roleIn(caller, planId, "recipient");
      const now = clock();
      const row = await loadOrThrow(planId);
      const lastRefused = date(await repo.lastRefusedAt(planId, contactId));
      const plan = enginePlan(row);
      if (!takesRequests(plan)) throw new AppError("conflict", legacyEngineMessages.requestsNotTaken);
      if (!mayRequest(plan, lastRefused, now)) {
        if (plan.phase === "requested") throw new AppError("conflict", legacyEngineMessages.alreadyRequested);
        if (plan.phase === "released") throw new AppError("conflict", legacyEngineMessages.alreadyReleased);
        if (plan.phase === "awaitingTrustees")
          throw new AppError("conflict", legacyEngineMessages.awaitingTrustees);
        const again = new Date((lastRefused?.getTime() ?? 0) + (plan.waitingDays ?? 0) * dayMs);
        throw new AppError("conflict", legacyEngineMessages.refusedRecently(formatDay(again)));
      }
      const requestId = randomUUID();
      const dueAt = requestMove(plan, now);
      if (!(await commit(row, dueAt.plan, dueAt.moves, now, contactId))) {
        throw new AppError("conflict", legacyEngineMessages.changedMeanwhile);
      }
      await repo.insertRequest({
        id: requestId,
        plan_id: planId,
        contact_id: contactId,
        reason_sealed: reason?.sealed ?? null,
        reason_dek: reason?.dek ?? null,
        requested_at: now.toISOString(),
        due_at: iso(dueAt.plan.requestDueAt) ?? now.toISOString(),
      });
      const owner = await personOf(row.ownerId);
      if (owner) {
        const releaseOn = formatDay(dueAt.plan.requestDueAt ?? now);
        await deps.notify(row.ownerId, "legacy-access-requested", caller.name);
        const refuseUrl = linkFor(row.ownerId, "refuse", requestId, now);
        mail(accessRequestedMail({ to: owner.email, who: caller.name, releaseOn, refuseUrl }));
        later(() =>
          deps.sendText(
            row.ownerId,
            `Heirloom: ${caller.name} asked for access to your legacy plan. It is released on ${releaseOn} unless you refuse: ${refuseUrl}`,
          ),
        );
      }
      await refreshReminders(row.ownerId, now);
    },

    /** The owner refuses the pending request (in the app, or through the mail's link). */
    async refuse(ownerId: string, planId: string, requestId?: string): Promise<void> {
      const now = clock();
      const row = await loadOrThrow(planId);
      if (row.ownerId !== ownerId) throw new AppError("not_found", legacyEngineMessages.planNotFound);
      const pending = await repo.pendingRequest(planId);
      if (row.phase !== "requested" || !pending || (requestId && pending.id !== requestId)) {
        throw new AppError("conflict", legacyEngineMessages.nothingToRefuse);
      }
      const { plan, moves } = refuseMove(enginePlan(row));
      if (!(await commit(row, plan, moves, now))) {
        throw new AppError("conflict", legacyEngineMessages.changedMeanwhile);
      }
      await repo.endRequest(pending.id, "refused", now);
      await repo.setLastRefused(planId, pending.contact_id, now);
      const contact = await deps.contacts.findOwned(ownerId, pending.contact_id);
      const owner = await personOf(ownerId);
      if (contact?.contactUserId && contact.contact && owner) {
        await deps.notify(contact.contactUserId, "legacy-request-refused", owner.name);
        mail(
          requestRefusedMail(contact.contact.email, owner.name, `${deps.publicUrl}/account/AccountHolder`),
        );
      }
      await refreshReminders(ownerId, now);
    },

    /** A trustee's yes or no to the plan's current firing; k yeses release it. */
    async answer(caller: Caller, planId: string, answer: "yes" | "no"): Promise<void> {
      const contactId = await roleIn(caller, planId, "trustee");
      const now = clock();
      const row = await loadOrThrow(planId);
      if (row.phase !== "awaitingTrustees" || !row.firedAt) {
        throw new AppError("conflict", legacyEngineMessages.notAwaitingTrustees);
      }
      await repo.answer(planId, contactId, row.firedAt, answer, now);
      // The answer goes into the plan's history with whatever it settles (k yeses release the plan), in one write
      // conditional on the plan as read after the answer; another write first means reading it again.
      const note = {
        from: row.phase,
        to: row.phase,
        reason: answer === "yes" ? "trusteeYes" : "trusteeNo",
        contactId,
      };
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const fresh = await loadOrThrow(planId);
        if ((await commit(fresh, enginePlan(fresh), [], now, null, [note])) !== null) return;
      }
      throw new AppError("conflict", legacyEngineMessages.changedMeanwhile);
    },

    /**
     * Spends a one-click link from a mail: a check-in (once, and not after another check-in), or the refusal of a
     * request (while it is pending).
     */
    async useLink(token: string): Promise<{ done: "checkIn" | "refuse" }> {
      const link = deps.links.read(token, clock());
      if (!link) throw new AppError("not_found", legacyEngineMessages.linkInvalid);
      if (link.purpose === "checkIn") {
        if (!(await checkIn(link.userId, link.madeAt)))
          throw new AppError("not_found", legacyEngineMessages.linkInvalid);
        return { done: "checkIn" };
      }
      const requests = link.requestId ? await findRequestPlan(link.userId, link.requestId) : undefined;
      if (!requests) throw new AppError("conflict", legacyEngineMessages.nothingToRefuse);
      await this.refuse(link.userId, requests, link.requestId ?? undefined);
      return { done: "refuse" };
    },

    /**
     * The sweep's work on the plans due at the engine's time, up to `limit`, oldest first, in one transaction: they
     * are locked (another sweeper skips them), moved (see `move`) and their owners' reminders written; then people
     * are told. A batch that fails leaves nothing written.
     */
    async sweepDue(limit: number) {
      const now = clock();
      const batch = await repo.transaction(async (tx) => {
        const read = await tx.sweepRows(now, limit);
        return { ...(await move(tx, read.due, now, read)), looked: read.due.length };
      });
      return { looked: batch.looked, ...(await tell(batch)) };
    },

    /**
     * `sweepDue`'s work on plans already claimed (the sweep's way through a batch that failed, plan by plan). They
     * are read before the transaction, so a person may move one meanwhile: that plan is then left to them.
     */
    async sweepPlans(planIds: readonly string[]) {
      const now = clock();
      const rows = await repo.loadMany(planIds);
      return tell(await repo.transaction((tx) => move(tx, rows, now)));
    },

    /** The sweep's work on owners whose reminders are due (see `remind`). Answers how many reminders went. */
    async sweepReminders(userIds: readonly string[]): Promise<number> {
      const now = clock();
      const reminders = await repo.transaction((tx) => remind(tx, userIds, now));
      send(reminders);
      return reminders.length;
    },
  };

  /**
   * Every move each plan read as `rows` owes, in order, written through `tx` for all of them at once (one update,
   * conditional on each plan's rev as read, and one history insert), then the reminders their owners are owed now.
   * Answers what to tell once `tx` commits. `read`: the owners' rows and plans as read with `rows` in `tx` (the
   * sweep's one read), which reminders then use, updated with the writes, instead of reading them again.
   */
  async function move(tx: LegacyEngineRepo, rows: readonly EngineRow[], now: Date, read?: SweepRows) {
    const items = rows.map((row) => {
      const plan = enginePlan(row);
      return { row, ...writeOf(row, plan, [], now, null, undefined, plan) };
    });
    const won = await tx.applyMany(items, now, { markOwnersDue: false });
    const changed = items.filter((item) => won.has(item.row.id) && item.write.phase !== item.row.phase);
    const owners = [...new Set(changed.map((item) => item.row.ownerId))];
    // When a plan was moved by someone else meanwhile (a write lost), what was read is stale: read again.
    let known: Pick<SweepRows, "owners" | "owned"> | undefined;
    if (read && won.size === items.length) {
      const written = new Map(items.map((item) => [item.row.id, item.write]));
      known = {
        owners: read.owners,
        owned: read.owned.map((plan) => {
          const write = written.get(plan.id);
          if (!write) return plan;
          const { phase, cycleStartAt, requestDueAt, releaseEndsAt, firedAt } = write;
          return { ...plan, phase, cycleStartAt, requestDueAt, releaseEndsAt, firedAt, rev: plan.rev + 1 };
        }),
      };
    }
    return {
      moved: changed.length,
      toTell: items.filter((item) => won.has(item.row.id) && item.all.length),
      reminders: await remind(tx, owners, now, known),
    };
  }

  /** Tells people what a committed `move` did. Answers how many plans changed phase and reminders went. */
  async function tell(done: Awaited<ReturnType<typeof move>>) {
    send(done.reminders);
    // Telling people of a move is a few reads and writes per plan; eight plans are told at a time, and the event
    // loop turns after every 64 (on SQLite those statements run at once on the server's thread: a batch of releases
    // would otherwise hold every request until all were told).
    for (let i = 0; i < done.toTell.length; i += 8) {
      if (i && i % 64 === 0) await nextTurn();
      await Promise.all(
        done.toTell.slice(i, i + 8).map((item) => afterMoves(item.row, item.all, item.firedAt)),
      );
    }
    return { moved: done.moved, reminders: done.reminders.length };
  }

  /**
   * Looks at owners' reminders, through `tx` (the caller's transaction): each is owed at most the latest slot due,
   * at most one in 24 hours; the rest learn when to be looked at next. The reminder columns are written for all at
   * once, each conditional on the due time read; a reminder owed records its time and deadline there, which the
   * owner's notifications show as one standing entry (its one-click link is signed, not stored). Answers the
   * reminders to send once the transaction has committed. `known`: the owners' rows and all their plans as they now
   * stand in `tx`, when the caller has them (otherwise they are read).
   */
  async function remind(
    tx: LegacyEngineRepo,
    userIds: readonly string[],
    now: Date,
    known?: Pick<SweepRows, "owners" | "owned">,
  ) {
    if (!userIds.length) return [];
    const wanted = new Set(userIds);
    const owners = known
      ? known.owners.filter((owner) => wanted.has(owner.userId))
      : await tx.reminderRows(userIds);
    const plans = known
      ? known.owned.filter((plan) => wanted.has(plan.ownerId))
      : await tx.ownedPlans(owners.map((o) => o.userId));
    const plansOf = new Map<string, PlanRow[]>();
    for (const plan of plans) {
      const list = plansOf.get(plan.ownerId);
      if (list) list.push(plan);
      else plansOf.set(plan.ownerId, [plan]);
    }
    const looked = owners.map((row) => ({
      row,
      next: nextReminder(row, plansOf.get(row.userId) ?? [], now),
    }));
    const sentAt = now.toISOString();
    const won = await tx.updateReminders(
      looked.map(({ row, next }) => ({
        userId: row.userId,
        rowid: row.rowid,
        expectedDueAt: row.dueAt,
        dueAt: iso(next.slot ? next.nextAt : next.at),
        sent:
          next.slot && next.deadline
            ? { slotAt: next.slot.toISOString(), sentAt, deadlineAt: next.deadline.toISOString() }
            : undefined,
      })),
    );
    const sent = looked.filter(({ row, next }) => next.slot && next.deadline && won.has(row.userId));
    const reminders = sent.flatMap(({ row, next }) => {
      const person = { name: row.name, email: row.email };
      if (!next.deadline) return [];
      const overdue = now >= next.deadline;
      return [
        {
          row,
          person,
          deadline: formatDay(next.deadline),
          graceDays: overdue ? next.grace : null,
          link: linkFor(row.userId, "checkIn", null, now),
        },
      ];
    });
    // The in-app notification is the owner's standing reminder, read from the columns just written (ADR 058).
    return reminders;
  }

  /** Sends reminders that were written (by mail, and by text where wanted). */
  function send(reminders: Awaited<ReturnType<typeof remind>>) {
    for (const { row, person, deadline, graceDays, link } of reminders) {
      reminderMail.send(() =>
        checkInReminderMail({
          to: person.email,
          name: person.name,
          deadline,
          checkInUrl: link,
          graceDays,
        }),
      );
      if (row.textToggle)
        later(() =>
          deps.sendText(row.userId, `Heirloom: please check in by ${deadline}. I'm still here: ${link}`),
        );
    }
  }

  async function findRequestPlan(ownerId: string, requestId: string): Promise<string | undefined> {
    for (const row of await repo.loadOwned(ownerId)) {
      const pending = await repo.pendingRequest(row.id);
      if (pending?.id === requestId) return row.id;
    }
    return undefined;
  }
}

export type LegacyEngineService = ReturnType<typeof createLegacyEngineService>;
