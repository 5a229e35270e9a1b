import { randomUUID } from "node:crypto";
import type { LegacyPlanPhase } from "@heirloom/contract";
import type { Kysely, Transaction } from "kysely";
import type { Dialect } from "../database.ts";
import type { DatabaseSchema, LegacyPlanRequestsTable } from "../schema.ts";

// The release engine's reads and writes (0010_release_engine). Every move of a plan is one transaction whose update
// is conditional on the engine_rev that was read: a sweep run twice, two servers sweeping at once, or a sweep racing
// a person's action move a plan once; the loser's update touches no row and it does nothing more.

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** A plan as the engine reads it: its trigger settings, phase and the owner's check-in schedule. */
export interface EngineRow {
  id: string;
  ownerId: string;
  trigger: "shareNow" | "missedCheckIn" | "request";
  graceDays: number | null;
  waitingDays: number | null;
  trusteesRequired: number | null;
  timeLimitDays: number | null;
  phase: LegacyPlanPhase;
  rev: number;
  cycleStartAt: string | null;
  requestDueAt: string | null;
  releaseEndsAt: string | null;
  firedAt: string | null;
  activityCheck: string;
  /** The owner's deadline (profiles.next_60_day_check). */
  deadlineAt: string | null;
  /** Trustees who said yes to the current firing. */
  trusteeYes: number;
}

/** What a move writes. */
export interface EngineWrite {
  phase: LegacyPlanPhase;
  cycleStartAt: string | null;
  requestDueAt: string | null;
  releaseEndsAt: string | null;
  firedAt: string | null;
  dueAt: string | null;
  events: { from: LegacyPlanPhase; to: LegacyPlanPhase; reason: string; contactId?: string | null }[];
}

/** A history row as the contract shows it. */
export interface PlanEvent {
  at: string;
  from: LegacyPlanPhase;
  to: LegacyPlanPhase;
  reason: string;
  contactId: string | null;
}
export type PlanRequest = LegacyPlanRequestsTable;

export interface OwnerReminderRow {
  userId: string;
  activityCheck: string;
  deadlineAt: string | null;
  lastCheckInAt: string | null;
  slotAt: string | null;
  sentAt: string | null;
  dueAt: string | null;
}

export interface LegacyEngineRepo {
  /** Takes or renews the named lease until `now + ttlMs`; false while another holder's lease is live. */
  takeLease(name: string, holder: string, now: Date, ttlMs: number): Promise<boolean>;
  dropLease(name: string, holder: string): Promise<void>;
  /**
   * Claims up to `limit` plans due at `now`, oldest first, by moving their due time to `now + claimMs` in one
   * statement (PostgreSQL: FOR UPDATE SKIP LOCKED, so two sweepers take different rows). A claim a crashed server
   * never finished comes due again when it runs out; a finished one writes the plan's real due time.
   */
  claimDue(now: Date, limit: number, claimMs: number): Promise<string[]>;
  load(planId: string): Promise<EngineRow | undefined>;
  loadOwned(ownerId: string): Promise<EngineRow[]>;
  /** Writes a move if the plan is still at `rev`; grants follow the phase; false when someone moved it first. */
  apply(row: EngineRow, write: EngineWrite, now: Date): Promise<boolean>;
  /** The owner checked in: the deadline moves a full interval ahead; the answered reminder slot is forgotten. */
  checkIn(userId: string, now: Date, intervalDays: number): Promise<void>;
  reminderRow(userId: string): Promise<OwnerReminderRow | undefined>;
  dueReminderOwners(now: Date, limit: number): Promise<string[]>;
  /** Sets when the owner's reminders are next looked at, if it is still `expectedDueAt`. */
  setReminderDue(userId: string, expectedDueAt: string | null, dueAt: string | null): Promise<boolean>;
  /** Records a reminder as sent, if no other sweep recorded one since (`expectedDueAt` is what was read). */
  markReminded(
    userId: string,
    expectedDueAt: string | null,
    reminder: { slotAt: string; sentAt: string; dueAt: string | null },
  ): Promise<boolean>;
  insertRequest(request: Omit<PlanRequest, "outcome" | "ended_at">): Promise<void>;
  pendingRequest(planId: string): Promise<PlanRequest | undefined>;
  endRequest(id: string, outcome: NonNullable<PlanRequest["outcome"]>, now: Date): Promise<boolean>;
  lastRefusedAt(planId: string, contactId: string): Promise<string | null>;
  setLastRefused(planId: string, contactId: string, at: Date): Promise<void>;
  /** Records a trustee's answer to a firing (a later answer replaces an earlier one). */
  answer(planId: string, contactId: string, firedAt: string, answer: "yes" | "no", now: Date): Promise<void>;
  answers(
    planId: string,
    firedAt: string,
  ): Promise<{ contactId: string; answer: "yes" | "no"; at: string }[]>;
  events(planId: string): Promise<PlanEvent[]>;
  /** Records an event that is not a move (a trustee's no), keeping the plan's sequence. */
  addEvent(planId: string, event: EngineWrite["events"][number], now: Date): Promise<void>;
  insertLink(link: {
    tokenHash: string;
    userId: string;
    purpose: "checkIn" | "refuse";
    requestId: string | null;
    expiresAt: Date;
  }): Promise<void>;
  /** Spends a link once: its owner and purpose, or undefined when unknown, used or expired. */
  useLink(
    tokenHash: string,
    now: Date,
  ): Promise<{ userId: string; purpose: "checkIn" | "refuse"; requestId: string | null } | undefined>;
}

const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function engineRows(db: Db) {
  return (
    db
      .selectFrom("legacy_plans as p")
      // Every account has a profile; an owner without one (made before profiles, or by a test) is never reminded.
      .leftJoin("profiles as o", "o.user_id", "p.owner_id")
      .select((eb) => [
        "p.id",
        "p.owner_id",
        "p.trigger",
        "p.grace_days",
        "p.waiting_days",
        "p.trustees_required",
        "p.time_limit_days",
        "p.phase",
        "p.engine_rev",
        "p.cycle_start_at",
        "p.request_due_at",
        "p.release_ends_at",
        "p.fired_at",
        "o.activity_check",
        "o.next_60_day_check",
        eb
          .selectFrom("legacy_plan_trustee_answers as a")
          .innerJoin("legacy_plan_trustees as t", (join) =>
            join.onRef("t.plan_id", "=", "a.plan_id").onRef("t.contact_id", "=", "a.contact_id"),
          )
          .whereRef("a.plan_id", "=", "p.id")
          .whereRef("a.fired_at", "=", "p.fired_at")
          .where("a.answer", "=", "yes")
          .select((e) => e.fn.countAll().as("c"))
          .as("trustee_yes"),
      ])
  );
}

type RawEngineRow = Awaited<ReturnType<ReturnType<typeof engineRows>["execute"]>>[number];

function toEngineRow(row: RawEngineRow): EngineRow {
  return {
    id: row.id,
    ownerId: row.owner_id,
    trigger: row.trigger,
    graceDays: n(row.grace_days),
    waitingDays: n(row.waiting_days),
    trusteesRequired: n(row.trustees_required),
    timeLimitDays: n(row.time_limit_days),
    phase: row.phase,
    rev: Number(row.engine_rev),
    cycleStartAt: row.cycle_start_at,
    requestDueAt: row.request_due_at,
    releaseEndsAt: row.release_ends_at,
    firedAt: row.fired_at,
    activityCheck: row.activity_check ?? "11",
    deadlineAt: row.next_60_day_check ?? null,
    trusteeYes: Number(row.trustee_yes ?? 0),
  };
}

async function insertEvents(db: Db, planId: string, events: EngineWrite["events"], now: Date) {
  if (!events.length) return;
  const last = await db
    .selectFrom("legacy_plan_events")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where("plan_id", "=", planId)
    .executeTakeFirst();
  let seq = Number(last?.seq ?? 0);
  await db
    .insertInto("legacy_plan_events")
    .values(
      events.map((e) => ({
        id: randomUUID(),
        plan_id: planId,
        seq: ++seq,
        at: now.toISOString(),
        from_phase: e.from,
        to_phase: e.to,
        reason: e.reason,
        contact_id: e.contactId ?? null,
      })),
    )
    .execute();
}

export function createLegacyEngineRepo(db: Kysely<DatabaseSchema>, dialect: Dialect): LegacyEngineRepo {
  /** Writes an owner's reminder columns only if their due time is still the one read (a sweep on another server). */
  async function updateReminder(
    userId: string,
    expectedDueAt: string | null,
    values: { reminder_slot_at?: string; reminder_sent_at?: string; reminder_due_at: string | null },
  ): Promise<boolean> {
    const result = await db
      .updateTable("profiles")
      .set(values)
      .where("user_id", "=", userId)
      .where((eb) =>
        expectedDueAt === null
          ? eb("reminder_due_at", "is", null)
          : eb("reminder_due_at", "=", expectedDueAt),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    async takeLease(name, holder, now, ttlMs) {
      const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
      const taken = await db
        .insertInto("sweep_leases")
        .values({ name, holder, expires_at: expiresAt })
        .onConflict((oc) => oc.column("name").doNothing())
        .executeTakeFirst();
      if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 1) return true;
      const renewed = await db
        .updateTable("sweep_leases")
        .set({ holder, expires_at: expiresAt })
        .where("name", "=", name)
        .where((eb) => eb.or([eb("holder", "=", holder), eb("expires_at", "<=", now.toISOString())]))
        .executeTakeFirst();
      return Number(renewed.numUpdatedRows) === 1;
    },

    async dropLease(name, holder) {
      await db
        .updateTable("sweep_leases")
        .set({ expires_at: new Date(0).toISOString() })
        .where("name", "=", name)
        .where("holder", "=", holder)
        .execute();
    },

    async claimDue(now, limit, claimMs) {
      let due = db
        .selectFrom("legacy_plans")
        .select("id")
        .where("due_at", "<=", now.toISOString())
        .orderBy("due_at")
        .limit(limit);
      if (dialect === "postgres") due = due.forUpdate().skipLocked();
      const claimed = await db
        .updateTable("legacy_plans")
        .set({ due_at: new Date(now.getTime() + claimMs).toISOString() })
        .where("id", "in", due)
        .returning("id")
        .execute();
      return claimed.map((r) => r.id);
    },

    async load(planId) {
      const row = await engineRows(db).where("p.id", "=", planId).executeTakeFirst();
      return row && toEngineRow(row);
    },

    async loadOwned(ownerId) {
      return (await engineRows(db).where("p.owner_id", "=", ownerId).orderBy("p.created_at").execute()).map(
        toEngineRow,
      );
    },

    async apply(row, write, now) {
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const wasReleased = row.phase === "released";
        const isReleased = write.phase === "released";
        const updated = await trx
          .updateTable("legacy_plans")
          .set((eb) => ({
            phase: write.phase,
            state: isReleased ? "released" : "active",
            cycle_start_at: write.cycleStartAt,
            request_due_at: write.requestDueAt,
            release_ends_at: write.releaseEndsAt,
            fired_at: write.firedAt,
            due_at: write.dueAt,
            engine_rev: eb("engine_rev", "+", 1),
            ...(isReleased && !wasReleased ? { released_at: at } : {}),
            ...(!isReleased && wasReleased ? { released_at: null } : {}),
            ...(write.events.length ? { updated_at: at } : {}),
          }))
          .where("id", "=", row.id)
          .where("engine_rev", "=", row.rev)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        if (isReleased && !wasReleased) {
          await trx
            .updateTable("legacy_plan_recipients")
            .set({ released_at: at, release_ends_at: write.releaseEndsAt, release_notified_at: null })
            .where("plan_id", "=", row.id)
            .execute();
        } else if (!isReleased && wasReleased) {
          await trx
            .updateTable("legacy_plan_recipients")
            .set({ released_at: null, release_ends_at: null, release_notified_at: null })
            .where("plan_id", "=", row.id)
            .execute();
        }
        await insertEvents(trx, row.id, write.events, now);
        return true;
      });
    },

    async checkIn(userId, now, intervalDays) {
      await db
        .updateTable("profiles")
        .set({
          valid_60_day_check: now.toISOString(),
          next_60_day_check: new Date(now.getTime() + intervalDays * 24 * 60 * 60 * 1000).toISOString(),
          reminder_slot_at: null,
        })
        .where("user_id", "=", userId)
        .execute();
    },

    async reminderRow(userId) {
      const row = await db
        .selectFrom("profiles")
        .select([
          "user_id",
          "activity_check",
          "next_60_day_check",
          "valid_60_day_check",
          "reminder_slot_at",
          "reminder_sent_at",
          "reminder_due_at",
        ])
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return (
        row && {
          userId: row.user_id,
          activityCheck: row.activity_check,
          deadlineAt: row.next_60_day_check,
          lastCheckInAt: row.valid_60_day_check,
          slotAt: row.reminder_slot_at,
          sentAt: row.reminder_sent_at,
          dueAt: row.reminder_due_at,
        }
      );
    },

    async dueReminderOwners(now, limit) {
      return (
        await db
          .selectFrom("profiles")
          .select("user_id")
          .where("reminder_due_at", "<=", now.toISOString())
          .orderBy("reminder_due_at")
          .limit(limit)
          .execute()
      ).map((r) => r.user_id);
    },

    async setReminderDue(userId, expectedDueAt, dueAt) {
      return updateReminder(userId, expectedDueAt, { reminder_due_at: dueAt });
    },

    async markReminded(userId, expectedDueAt, reminder) {
      return updateReminder(userId, expectedDueAt, {
        reminder_slot_at: reminder.slotAt,
        reminder_sent_at: reminder.sentAt,
        reminder_due_at: reminder.dueAt,
      });
    },

    async insertRequest(request) {
      await db
        .insertInto("legacy_plan_requests")
        .values({ ...request, outcome: null, ended_at: null })
        .execute();
    },

    async pendingRequest(planId) {
      return db
        .selectFrom("legacy_plan_requests")
        .selectAll()
        .where("plan_id", "=", planId)
        .where("outcome", "is", null)
        .orderBy("requested_at", "desc")
        .executeTakeFirst();
    },

    async endRequest(id, outcome, now) {
      const result = await db
        .updateTable("legacy_plan_requests")
        .set({ outcome, ended_at: now.toISOString() })
        .where("id", "=", id)
        .where("outcome", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async lastRefusedAt(planId, contactId) {
      const row = await db
        .selectFrom("legacy_plan_recipients")
        .select("last_refused_at")
        .where("plan_id", "=", planId)
        .where("contact_id", "=", contactId)
        .executeTakeFirst();
      return row?.last_refused_at ?? null;
    },

    async setLastRefused(planId, contactId, at) {
      await db
        .updateTable("legacy_plan_recipients")
        .set({ last_refused_at: at.toISOString() })
        .where("plan_id", "=", planId)
        .where("contact_id", "=", contactId)
        .execute();
    },

    async answer(planId, contactId, firedAt, answer, now) {
      await db
        .insertInto("legacy_plan_trustee_answers")
        .values({
          plan_id: planId,
          contact_id: contactId,
          fired_at: firedAt,
          answer,
          answered_at: now.toISOString(),
        })
        .onConflict((oc) =>
          oc
            .columns(["plan_id", "contact_id", "fired_at"])
            .doUpdateSet({ answer, answered_at: now.toISOString() }),
        )
        .execute();
    },

    async answers(planId, firedAt) {
      return (
        await db
          .selectFrom("legacy_plan_trustee_answers")
          .select(["contact_id", "answer", "answered_at"])
          .where("plan_id", "=", planId)
          .where("fired_at", "=", firedAt)
          .execute()
      ).map((r) => ({ contactId: r.contact_id, answer: r.answer, at: r.answered_at }));
    },

    async events(planId) {
      const rows = await db
        .selectFrom("legacy_plan_events")
        .selectAll()
        .where("plan_id", "=", planId)
        .orderBy("seq")
        .execute();
      return rows.map((e) => ({
        at: e.at,
        from: e.from_phase,
        to: e.to_phase,
        reason: e.reason,
        contactId: e.contact_id,
      }));
    },

    async addEvent(planId, event, now) {
      await db.transaction().execute((trx) => insertEvents(trx, planId, [event], now));
    },

    async insertLink(link) {
      await db
        .insertInto("check_in_links")
        .values({
          token_hash: link.tokenHash,
          user_id: link.userId,
          purpose: link.purpose,
          request_id: link.requestId,
          expires_at: link.expiresAt.toISOString(),
          used_at: null,
        })
        .execute();
    },

    async useLink(tokenHash, now) {
      const at = now.toISOString();
      const spent = await db
        .updateTable("check_in_links")
        .set({ used_at: at })
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return undefined;
      const row = await db
        .selectFrom("check_in_links")
        .select(["user_id", "purpose", "request_id"])
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      return row && { userId: row.user_id, purpose: row.purpose, requestId: row.request_id };
    },
  };
}
