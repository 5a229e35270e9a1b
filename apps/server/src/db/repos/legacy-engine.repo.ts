import type { LegacyPlanPhase } from "@heirloom/contract";
import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { Dialect } from "../database.ts";
import { eachRow } from "../each-row.ts";
import { idList, jsonRows } from "../json-rows.ts";
import type { DatabaseSchema, LegacyPlanEventsTable, LegacyPlanRequestsTable } from "../schema.ts";
import { timeOrderedId } from "../time-ordered-id.ts";

// The release engine's reads and writes (0010_release_engine). Every move of a plan is one transaction whose update
// is conditional on the engine_rev that was read: a sweep run twice, two servers sweeping at once, or a sweep racing
// a person's action move a plan once; the loser's update touches no row and it does nothing more.

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** A plan as the engine reads it: its trigger settings, phase and the owner's check-in schedule. */
export interface EngineRow {
  id: string;
  /**
   * SQLite: the plan's rowid, by which its write finds it (with its id, so a rowid a VACUUM gave another row meanwhile
   * finds nothing, as when someone else moved the plan first: ADR 066). PostgreSQL: null.
   */
  rowid: number | null;
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
  /** How many history rows the plan has, and the newest one's id (ADR 063). */
  historySeq: number;
  historyHead: string | null;
}

/** A plan's own columns, without its owner's schedule or its trustees' answers: what reminders look at. */
export type PlanRow = Omit<
  EngineRow,
  "activityCheck" | "deadlineAt" | "trusteeYes" | "historySeq" | "historyHead"
>;

/** What a move writes. */
export interface EngineWrite {
  phase: LegacyPlanPhase;
  cycleStartAt: string | null;
  requestDueAt: string | null;
  releaseEndsAt: string | null;
  firedAt: string | null;
  dueAt: string | null;
  events: { from: LegacyPlanPhase; to: LegacyPlanPhase; reason: string; contactId?: string | null }[];
  /** History rows that are not moves (a trustee's answer), written before `events`. */
  notes?: EngineWrite["events"];
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
  /** SQLite: the profile's rowid, by which its reminder columns' write finds it (see EngineRow's). PostgreSQL: null. */
  rowid: number | null;
  /** The account's name and address, for the reminder's mail. */
  name: string;
  email: string;
  activityCheck: string;
  /** Whether the owner wants texts (sent only to a verified number). */
  textToggle: boolean;
  deadlineAt: string | null;
  lastCheckInAt: string | null;
  slotAt: string | null;
  sentAt: string | null;
  dueAt: string | null;
}

export interface SweepRows {
  due: EngineRow[];
  owned: PlanRow[];
  owners: OwnerReminderRow[];
}

export interface LegacyEngineRepo {
  /**
   * Runs `work` with a repo whose reads and writes are one transaction (already in one: that one). Nothing `work`
   * wrote stays when it throws.
   */
  transaction<T>(work: (repo: LegacyEngineRepo) => Promise<T>): Promise<T>;
  /** Takes or renews the named lease until `now + ttlMs`; false while another holder's lease is live. */
  takeLease(name: string, holder: string, now: Date, ttlMs: number): Promise<boolean>;
  dropLease(name: string, holder: string): Promise<void>;
  /**
   * Claims up to `limit` plans due at `now`, oldest first, by moving their due time to `now + claimMs` in one
   * statement (PostgreSQL: FOR UPDATE SKIP LOCKED, so two sweepers take different rows). A claim a crashed server
   * never finished comes due again when it runs out; a finished one writes the plan's real due time.
   */
  claimDue(now: Date, limit: number, claimMs: number): Promise<string[]>;
  /**
   * Inside a transaction, in one query: up to `limit` plans due at `now`, oldest first, held until it ends
   * (PostgreSQL: FOR UPDATE SKIP LOCKED, so another sweeper takes other rows; SQLite has a single writer), and what
   * the sweep needs with them: the plans themselves (`due`, as `loadMany`), every plan of their owners (`owned`, as
   * `ownedPlans`) and the owners' reminder rows (`owners`, as `reminderRows`). Nothing is written.
   */
  sweepRows(now: Date, limit: number): Promise<SweepRows>;
  /**
   * The contact row through which this account holds a role in the plan, if it does: confirmed, and named as a
   * recipient or as a trustee.
   */
  roleOf(userId: string, planId: string, role: "recipient" | "trustee"): Promise<string | undefined>;
  load(planId: string): Promise<EngineRow | undefined>;
  loadMany(planIds: readonly string[]): Promise<EngineRow[]>;
  loadOwned(ownerId: string): Promise<EngineRow[]>;
  /** The plans of several owners, oldest first, as reminders look at them. */
  ownedPlans(ownerIds: readonly string[]): Promise<PlanRow[]>;
  /**
   * Writes a move if the plan is still at `rev` (applyMany for one plan); grants follow the phase; false when someone
   * moved it first. A plan's history is written only here (and by applyMany): a row read at `rev` names the history's
   * head as it still is when the write wins.
   */
  apply(row: EngineRow, write: EngineWrite, now: Date): Promise<boolean>;
  /**
   * `apply` for many plans in one transaction, set-based: one conditional update for all, one history insert, one
   * grant update per kind, and (unless the caller looks at them itself in the same transaction) the owners of plans
   * that changed phase due for a look at their reminders. Answers the ids written (the others were moved by someone
   * else first).
   */
  applyMany(
    items: readonly { row: EngineRow; write: EngineWrite }[],
    now: Date,
    options?: { markOwnersDue?: boolean },
  ): Promise<Set<string>>;
  /**
   * The owner checked in: the deadline moves a full interval ahead; the answered reminder slot is forgotten, and the
   * standing reminder notice counts as read (the check-in answers it). With `onlyIfNotSince` (a reminder link's
   * time), only when the last check-in was before it. Answers whether it wrote.
   */
  checkIn(userId: string, now: Date, intervalDays: number, onlyIfNotSince?: Date): Promise<boolean>;
  reminderRow(userId: string): Promise<OwnerReminderRow | undefined>;
  reminderRows(userIds: readonly string[]): Promise<OwnerReminderRow[]>;
  dueReminderOwners(now: Date, limit: number): Promise<string[]>;
  /** Sets when the owner's reminders are next looked at, if it is still the `dueAt` of `row` as read. */
  setReminderDue(
    row: Pick<OwnerReminderRow, "userId" | "rowid" | "dueAt">,
    dueAt: string | null,
  ): Promise<boolean>;
  /**
   * Many owners' reminder columns in one conditional update, each written only if its due time is still the
   * `expectedDueAt` read (a reminder sent also records its slot, its time and the deadline it states, which the
   * owner's standing notification shows). Answers the owners written.
   */
  updateReminders(
    updates: readonly {
      userId: string;
      /** The profile's rowid as read (OwnerReminderRow's). */
      rowid: number | null;
      expectedDueAt: string | null;
      dueAt: string | null;
      sent?: { slotAt: string; sentAt: string; deadlineAt: string };
    }[],
  ): Promise<Set<string>>;
  /** Names and addresses of accounts. */
  people(userIds: readonly string[]): Promise<Map<string, { name: string; email: string }>>;
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
  /** The plan's history, oldest first (read along its chain: ADR 063). */
  events(planId: string): Promise<PlanEvent[]>;
}

const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A rowid read with its row, for a write on SQLite: a row read without one is a defect, not a lost race. */
function readRowid(rowid: number | null): number {
  if (rowid === null) throw new Error("A row written on SQLite is found by the rowid read with it");
  return rowid;
}

/** A row's rowid on SQLite (its writes find it by that: EngineRow's `rowid`); null on PostgreSQL, which has none. */
const rowidOf = (dialect: Dialect, table: string) =>
  dialect === "sqlite" ? sql<number | null>`${sql.ref(table)}.rowid` : sql<number | null>`null`;

function engineRows(db: Db, dialect: Dialect) {
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
        "p.history_seq",
        "p.history_head",
        "o.activity_check",
        "o.next_60_day_check",
        rowidOf(dialect, "p").as("p_rowid"),
        // The trustees' yeses count only while the plan awaits them (legacy-engine.ts `advance`: a plan that comes
        // to await them here starts from none), so other plans skip the count's lookups.
        eb
          .case()
          .when("p.phase", "=", "awaitingTrustees")
          .then(
            eb
              .selectFrom("legacy_plan_trustee_answers as a")
              .innerJoin("legacy_plan_trustees as t", (join) =>
                join.onRef("t.plan_id", "=", "a.plan_id").onRef("t.contact_id", "=", "a.contact_id"),
              )
              .whereRef("a.plan_id", "=", "p.id")
              .whereRef("a.fired_at", "=", "p.fired_at")
              .where("a.answer", "=", "yes")
              .select((e) => e.fn.countAll<number>().as("c")),
          )
          .else(0)
          .end()
          .as("trustee_yes"),
      ])
  );
}

async function reminderRows(
  db: Db,
  dialect: Dialect,
  userIds: readonly string[],
): Promise<OwnerReminderRow[]> {
  if (!userIds.length) return [];
  const rows = await db
    .selectFrom("profiles")
    .innerJoin("user", "user.id", "profiles.user_id")
    .select([
      "profiles.user_id",
      rowidOf(dialect, "profiles").as("o_rowid"),
      "user.name",
      "user.email",
      "profiles.activity_check",
      "profiles.text_toggle",
      "profiles.next_60_day_check",
      "profiles.valid_60_day_check",
      "profiles.reminder_slot_at",
      "profiles.reminder_sent_at",
      "profiles.reminder_due_at",
    ])
    .where("profiles.user_id", "in", idList(dialect, userIds))
    .execute();
  return rows.map((row) => toOwnerReminderRow(row.user_id, row));
}

/** An owner's reminder row from the profile's and the user's columns, as reminderRows and sweepRows select them. */
function toOwnerReminderRow(
  userId: string,
  row: {
    o_rowid: number | null;
    name: string;
    email: string;
    activity_check: string;
    text_toggle: number | boolean | null;
    next_60_day_check: string | null;
    valid_60_day_check: string | null;
    reminder_slot_at: string | null;
    reminder_sent_at: string | null;
    reminder_due_at: string | null;
  },
): OwnerReminderRow {
  return {
    userId,
    rowid: row.o_rowid,
    name: row.name,
    email: row.email,
    activityCheck: row.activity_check,
    textToggle: Boolean(row.text_toggle),
    deadlineAt: row.next_60_day_check,
    lastCheckInAt: row.valid_60_day_check,
    slotAt: row.reminder_slot_at,
    sentAt: row.reminder_sent_at,
    dueAt: row.reminder_due_at,
  };
}

/** The owner's columns the sweep's read selects with each plan (`u`: the owner's user row), for ownersOf. */
const ownerColumns = (dialect: Dialect) =>
  [
    "u.name",
    "u.email",
    "o.text_toggle",
    "o.valid_60_day_check",
    "o.reminder_slot_at",
    "o.reminder_sent_at",
    "o.reminder_due_at",
    rowidOf(dialect, "o").as("o_rowid"),
  ] as const;

/** Each owner's reminder row, once, from the sweep's read of plans with ownerColumns. */
function ownersOf(
  rows: readonly (Omit<Parameters<typeof toOwnerReminderRow>[1], "activity_check"> & {
    owner_id: string;
    activity_check: string | null;
  })[],
): OwnerReminderRow[] {
  const owners = new Map<string, OwnerReminderRow>();
  for (const row of rows) {
    // An owner without a profile is never reminded (engineRows' left join).
    if (owners.has(row.owner_id) || row.activity_check === null) continue;
    owners.set(
      row.owner_id,
      toOwnerReminderRow(row.owner_id, { ...row, activity_check: row.activity_check }),
    );
  }
  return [...owners.values()];
}

type RawEngineRow = Awaited<ReturnType<ReturnType<typeof engineRows>["execute"]>>[number];

/** A plan's own columns, as `ownedPlans` selects them. */
const planColumns = [
  "id",
  "owner_id",
  "trigger",
  "grace_days",
  "waiting_days",
  "trustees_required",
  "time_limit_days",
  "phase",
  "engine_rev",
  "cycle_start_at",
  "request_due_at",
  "release_ends_at",
  "fired_at",
] as const;

function toPlanRow(row: Pick<RawEngineRow, (typeof planColumns)[number] | "p_rowid">): PlanRow {
  return {
    id: row.id,
    rowid: n(row.p_rowid),
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
  };
}

function toEngineRow(row: RawEngineRow): EngineRow {
  return {
    ...toPlanRow(row),
    activityCheck: row.activity_check ?? "11",
    deadlineAt: row.next_60_day_check ?? null,
    trusteeYes: Number(row.trustee_yes ?? 0),
    historySeq: Number(row.history_seq),
    historyHead: row.history_head,
  };
}

/** A history row to append, numbered and chained by its writer (applyMany). */
interface HistoryRow {
  id: string;
  planId: string;
  seq: number;
  prevId: string | null;
  event: EngineWrite["events"][number];
}

/** A plan's move as applyMany writes it: its new columns, conditional on the rev that was read. */
type PlanMove = {
  id: string;
  rowid: number | null;
  history_added: number;
  history_head: string | null;
  rev: number;
  phase: LegacyPlanPhase;
  cycle_start_at: string | null;
  request_due_at: string | null;
  release_ends_at: string | null;
  fired_at: string | null;
  due_at: string | null;
  moved: 0 | 1;
};

/**
 * Writes each move whose plan is still at the rev that was read; answers the ids written. Set expressions see the row
 * as it was, so released_at follows the move from the stored phase. SQLite runs the update for each plan (ADR 065),
 * finding it by the rowid read with it (ADR 066); PostgreSQL once for all.
 */
async function movePlans(
  db: Db,
  dialect: Dialect,
  moves: readonly PlanMove[],
  at: string,
): Promise<Set<string>> {
  if (dialect === "sqlite") {
    const answers = await eachRow(
      `update legacy_plans set
        phase = ?,
        state = case when ? = 'released' then 'released' else 'active' end,
        cycle_start_at = ?, request_due_at = ?, release_ends_at = ?, fired_at = ?, due_at = ?,
        engine_rev = engine_rev + 1,
        history_seq = history_seq + ?,
        history_head = coalesce(?, history_head),
        released_at = case
          when ? = 'released' and phase <> 'released' then ?
          when ? <> 'released' and phase = 'released' then null
          else released_at end,
        updated_at = case when ? = 1 then ? else updated_at end
      where rowid = ? and id = ? and engine_rev = ?`,
      moves.map((m) => [
        m.phase,
        m.phase,
        m.cycle_start_at,
        m.request_due_at,
        m.release_ends_at,
        m.fired_at,
        m.due_at,
        m.history_added,
        m.history_head,
        m.phase,
        at,
        m.phase,
        m.moved,
        at,
        readRowid(m.rowid),
        m.id,
        m.rev,
      ]),
    ).execute(db);
    return new Set(moves.filter((_, i) => answers.rows[i]?.changes === 1).map((m) => m.id));
  }
  const v = jsonRows(
    dialect,
    moves,
    {
      id: "text",
      history_added: "integer",
      history_head: "text",
      rev: "integer",
      phase: "text",
      cycle_start_at: "text",
      request_due_at: "text",
      release_ends_at: "text",
      fired_at: "text",
      due_at: "text",
      moved: "integer",
    },
    "v",
  );
  const written = await sql<{ id: string }>`
    update legacy_plans set
      phase = v.phase,
      state = case when v.phase = 'released' then 'released' else 'active' end,
      cycle_start_at = v.cycle_start_at,
      request_due_at = v.request_due_at,
      release_ends_at = v.release_ends_at,
      fired_at = v.fired_at,
      due_at = v.due_at,
      engine_rev = legacy_plans.engine_rev + 1,
      history_seq = legacy_plans.history_seq + v.history_added,
      history_head = coalesce(v.history_head, legacy_plans.history_head),
      released_at = case
        when v.phase = 'released' and legacy_plans.phase <> 'released' then ${at}
        when v.phase <> 'released' and legacy_plans.phase = 'released' then null
        else legacy_plans.released_at end,
      updated_at = case when v.moved = 1 then ${at} else legacy_plans.updated_at end
    from ${v}
    where legacy_plans.id = v.id and legacy_plans.engine_rev = v.rev
    returning legacy_plans.id`.execute(db);
  return new Set(written.rows.map((r) => r.id));
}

/** Appends history rows, as they come: one insert, no read (ADR 063). */
async function insertHistory(db: Db, dialect: Dialect, history: readonly HistoryRow[], now: Date) {
  if (!history.length) return;
  const at = now.toISOString();
  const v = jsonRows(
    dialect,
    history.map(({ id, planId, seq, prevId, event }) => ({
      id,
      plan_id: planId,
      seq,
      prev_id: prevId,
      from_phase: event.from,
      to_phase: event.to,
      reason: event.reason,
      contact_id: event.contactId ?? null,
    })),
    {
      id: "text",
      plan_id: "text",
      seq: "integer",
      prev_id: "text",
      from_phase: "text",
      to_phase: "text",
      reason: "text",
      contact_id: "text",
    },
    "v",
  );
  await sql`
    insert into legacy_plan_events (id, plan_id, seq, prev_id, at, from_phase, to_phase, reason, contact_id)
    select v.id, v.plan_id, v.seq, v.prev_id, ${at}, v.from_phase, v.to_phase, v.reason, v.contact_id
    from ${v}`.execute(db);
}

/** `chain`: the ids of the history rows of the plans `plans` picks out, each plan's chain followed from its head. */
const historyChain = (plans: RawBuilder<unknown>) => sql`
  with recursive chain(id) as (
    select history_head from legacy_plans where ${plans} and history_head is not null
    union
    select e.prev_id from legacy_plan_events e join chain c on e.id = c.id where e.prev_id is not null
  )`;

/**
 * Deletes the history of the plans `plans` picks out (a condition on legacy_plans' columns), in the caller's
 * transaction, before it deletes those plans: history rows do not cascade from their plan (ADR 063).
 */
export async function deletePlanHistory(db: Db, plans: RawBuilder<unknown>): Promise<void> {
  await sql`
    ${historyChain(plans)}
    delete from legacy_plan_events where id in (select id from chain)`.execute(db);
}

export function createLegacyEngineRepo(db: Kysely<DatabaseSchema>, dialect: Dialect): LegacyEngineRepo {
  const inTransaction = <T>(work: (trx: Kysely<DatabaseSchema>) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  /** Up to `limit` plans due at `now`, oldest first; PostgreSQL locks them, skipping those another sweeper holds. */
  const dueIds = (now: Date, limit: number) => {
    const due = db
      .selectFrom("legacy_plans")
      .select("id")
      .where("due_at", "<=", now.toISOString())
      .orderBy("due_at")
      .limit(limit);
    return dialect === "postgres" ? due.forUpdate().skipLocked() : due;
  };
  /** sweepRows on PostgreSQL (ADR 064). */
  async function sweepRowsInOne(now: Date, limit: number): Promise<SweepRows> {
    // The due plans are picked (and locked) once, in a CTE, and their owners' plans found from them by the owner
    // index: one statement, where the planner sizes the batch from the limit (given the owners as an array of its
    // own, PostgreSQL read the whole user table for a hash join, with a parallel worker).
    const due = db.with(
      (cte) => cte("due").materialized(),
      (qc) =>
        qc
          .selectFrom("legacy_plans")
          .select(["id", "owner_id"])
          .where("due_at", "<=", now.toISOString())
          .orderBy("due_at")
          .limit(limit)
          .forUpdate()
          .skipLocked(),
    );
    // engineRows selects from the CTE's query creator; its type (the schema plus `due`) is not a Db's, hence the cast.
    const rows = await engineRows(due as unknown as Db, dialect)
      .innerJoin("user as u", "u.id", "p.owner_id")
      .select([
        ...ownerColumns(dialect),
        sql<number>`case when p.id in (select id from due) then 1 else 0 end`.as("is_due"),
      ])
      .where(sql<boolean>`p.owner_id in (select owner_id from due)`)
      .orderBy("p.created_at")
      .execute();
    return {
      due: rows.filter((row) => Number(row.is_due) === 1).map(toEngineRow),
      owned: rows.map(toPlanRow),
      owners: ownersOf(rows),
    };
  }
  const repo: LegacyEngineRepo = {
    transaction(work) {
      return inTransaction((trx) => work(trx === db ? repo : createLegacyEngineRepo(trx, dialect)));
    },

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
      const claimed = await db
        .updateTable("legacy_plans")
        .set({ due_at: new Date(now.getTime() + claimMs).toISOString() })
        .where("id", "in", dueIds(now, limit))
        .returning("id")
        .execute();
      return claimed.map((r) => r.id);
    },

    async roleOf(userId, planId, role) {
      const contacts = db
        .selectFrom("legacy_contacts as c")
        .select("c.id")
        .where("c.contact_user_id", "=", userId)
        .where("c.state", "=", "confirmed");
      const row =
        role === "recipient"
          ? await contacts
              .innerJoin("legacy_plan_recipients as n", "n.contact_id", "c.id")
              .where("n.plan_id", "=", planId)
              .executeTakeFirst()
          : await contacts
              .innerJoin("legacy_plan_trustees as n", "n.contact_id", "c.id")
              .where("n.plan_id", "=", planId)
              .executeTakeFirst();
      return row?.id;
    },

    async load(planId) {
      const row = await engineRows(db, dialect).where("p.id", "=", planId).executeTakeFirst();
      return row && toEngineRow(row);
    },

    async loadMany(planIds) {
      if (!planIds.length) return [];
      return (await engineRows(db, dialect).where("p.id", "in", idList(dialect, planIds)).execute()).map(
        toEngineRow,
      );
    },

    async sweepRows(now, limit) {
      if (dialect === "postgres") return sweepRowsInOne(now, limit);
      // SQLite: two statements (ADR 070). The first picks the due plans once, in a CTE, and reads each by its rowid
      // with its owner's reminder row, in no particular order. The second reads the owners' other plans by the
      // owner index, leaving out the plans the first read by the rowid the index holds, before it reads the row.
      // PostgreSQL's one statement (sweepRowsInOne) took 1.4 times as long here: it read every plan of the owners
      // through the owner index, the due ones among them, and sorted them.
      const due = db.with(
        (cte) => cte("due").materialized(),
        (qc) =>
          qc
            .selectFrom("legacy_plans")
            .select(sql<number>`rowid`.as("due_rowid"))
            .where("due_at", "<=", now.toISOString())
            .orderBy("due_at")
            .limit(limit),
      );
      // engineRows selects from the CTE's query creator, whose type (the schema plus `due`) is not a Db's: hence the
      // cast, and the CTE joined by name.
      const rows = await engineRows(due as unknown as Db, dialect)
        .innerJoin("user as u", "u.id", "p.owner_id")
        .innerJoin(sql<{ due_rowid: number }>`due`.as("due"), (join) =>
          join.on(sql`p.rowid`, "=", sql.ref("due.due_rowid")),
        )
        .select(ownerColumns(dialect))
        .execute();
      const dueRows = rows.map(toEngineRow);
      const ownerIds = [...new Set(dueRows.map((row) => row.ownerId))];
      const others = ownerIds.length
        ? await db
            .selectFrom("legacy_plans")
            .select([...planColumns, rowidOf(dialect, "legacy_plans").as("p_rowid")])
            .where("owner_id", "in", idList(dialect, ownerIds))
            .where(
              sql<boolean>`rowid not in (select value from json_each(${JSON.stringify(dueRows.map((row) => row.rowid))}))`,
            )
            .execute()
        : [];
      return { due: dueRows, owned: [...dueRows, ...others.map(toPlanRow)], owners: ownersOf(rows) };
    },

    async ownedPlans(ownerIds) {
      if (!ownerIds.length) return [];
      const rows = await db
        .selectFrom("legacy_plans")
        .select([...planColumns, rowidOf(dialect, "legacy_plans").as("p_rowid")])
        .where("owner_id", "in", idList(dialect, ownerIds))
        .orderBy("created_at")
        .execute();
      return rows.map(toPlanRow);
    },

    async loadOwned(ownerId) {
      return (
        await engineRows(db, dialect).where("p.owner_id", "=", ownerId).orderBy("p.created_at").execute()
      ).map(toEngineRow);
    },

    async apply(row, write, now) {
      return (await repo.applyMany([{ row, write }], now)).has(row.id);
    },

    async applyMany(items, now, options = {}) {
      if (!items.length) return new Set<string>();
      const at = now.toISOString();
      // Each plan's new history rows, numbered on from the row's count and chained from its head as read: the
      // update below is conditional on the rev read, and every history write goes through here and moves the rev,
      // so where the update wins, the head and count are still those (ADR 063).
      const history = new Map<string, HistoryRow[]>();
      for (const { row, write } of items) {
        let prevId = row.historyHead;
        const rows = [...(write.notes ?? []), ...write.events].map((event, index) => {
          const id = timeOrderedId(now.getTime());
          const written = { id, planId: row.id, seq: row.historySeq + index + 1, prevId, event };
          prevId = id;
          return written;
        });
        history.set(row.id, rows);
      }
      const moves: PlanMove[] = items.map(({ row, write }) => ({
        id: row.id,
        rowid: row.rowid,
        history_added: history.get(row.id)?.length ?? 0,
        history_head: history.get(row.id)?.at(-1)?.id ?? null,
        rev: row.rev,
        phase: write.phase,
        cycle_start_at: write.cycleStartAt,
        request_due_at: write.requestDueAt,
        release_ends_at: write.releaseEndsAt,
        fired_at: write.firedAt,
        due_at: write.dueAt,
        moved: write.events.length ? 1 : 0,
      }));
      return inTransaction(async (trx) => {
        const won = await movePlans(trx, dialect, moves, at);
        const wins = items.filter(({ row }) => won.has(row.id));
        // Grants follow the phase: granted on a release (grouped by when a time-limited one ends), withdrawn when
        // a release ends.
        const released = new Map<string | null, string[]>();
        const ended: string[] = [];
        for (const { row, write } of wins) {
          if (write.phase === "released" && row.phase !== "released") {
            released.set(write.releaseEndsAt, [...(released.get(write.releaseEndsAt) ?? []), row.id]);
          } else if (write.phase !== "released" && row.phase === "released") ended.push(row.id);
        }
        for (const [endsAt, ids] of released) {
          await trx
            .updateTable("legacy_plan_recipients")
            .set({ released_at: at, release_ends_at: endsAt, release_notified_at: null })
            .where("plan_id", "in", idList(dialect, ids))
            .execute();
        }
        if (ended.length) {
          await trx
            .updateTable("legacy_plan_recipients")
            .set({ released_at: null, release_ends_at: null, release_notified_at: null })
            .where("plan_id", "in", idList(dialect, ended))
            .execute();
        }
        // The owners of plans that changed phase have their reminders looked at again by the sweep, in the same
        // transaction, so a server that stops here leaves no owner with a stale reminder time.
        const owners = [
          ...new Set(
            wins.filter(({ row, write }) => write.phase !== row.phase).map(({ row }) => row.ownerId),
          ),
        ];
        if (owners.length && options.markOwnersDue !== false) {
          await trx
            .updateTable("profiles")
            .set({ reminder_due_at: at })
            .where("user_id", "in", idList(dialect, owners))
            .where((eb) => eb.or([eb("reminder_due_at", "is", null), eb("reminder_due_at", ">", at)]))
            .execute();
        }
        await insertHistory(
          trx,
          dialect,
          wins.flatMap(({ row }) => history.get(row.id) ?? []),
          now,
        );
        return won;
      });
    },

    async checkIn(userId, now, intervalDays, onlyIfNotSince) {
      let update = db
        .updateTable("profiles")
        .set({
          valid_60_day_check: now.toISOString(),
          next_60_day_check: new Date(now.getTime() + intervalDays * 24 * 60 * 60 * 1000).toISOString(),
          reminder_slot_at: null,
          reminder_read_at: now.toISOString(),
        })
        .where("user_id", "=", userId);
      if (onlyIfNotSince) {
        const since = onlyIfNotSince.toISOString();
        update = update.where((eb) =>
          eb.or([eb("valid_60_day_check", "is", null), eb("valid_60_day_check", "<", since)]),
        );
      }
      return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
    },

    async reminderRow(userId) {
      return (await reminderRows(db, dialect, [userId]))[0];
    },

    async reminderRows(userIds) {
      return reminderRows(db, dialect, userIds);
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

    async setReminderDue(row, dueAt) {
      const { userId, rowid } = row;
      return (await repo.updateReminders([{ userId, rowid, expectedDueAt: row.dueAt, dueAt }])).has(userId);
    },

    async updateReminders(updates) {
      if (!updates.length) return new Set();
      // In owner order: where the database takes the rows in the list's order, two transactions writing the same
      // owners (the sweep's lanes, two servers) lock them in one order and never wait on each other in a
      // circle. A deadlock the database still finds fails that batch, which is then worked plan by plan.
      const ordered = [...updates].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
      const rows = ordered.map((u) => ({
        user_id: u.userId,
        rowid: u.rowid,
        expected: u.expectedDueAt,
        due_at: u.dueAt,
        sent: u.sent ? 1 : 0,
        slot_at: u.sent?.slotAt ?? null,
        sent_at: u.sent?.sentAt ?? null,
        deadline_at: u.sent?.deadlineAt ?? null,
      }));
      // A reminder sent records its slot, time and deadline; the due time is written only where it is still the one
      // read. SQLite runs the update for each owner (ADR 065), found by the profile's rowid as read (ADR 066); its
      // `is` takes two nulls as equal.
      if (dialect === "sqlite") {
        const answers = await eachRow(
          `update profiles set
            reminder_due_at = ?,
            reminder_slot_at = case when ? = 1 then ? else reminder_slot_at end,
            reminder_sent_at = case when ? = 1 then ? else reminder_sent_at end,
            reminder_deadline_at = case when ? = 1 then ? else reminder_deadline_at end
          where rowid = ? and user_id = ? and reminder_due_at is ?`,
          rows.map((r) => [
            r.due_at,
            r.sent,
            r.slot_at,
            r.sent,
            r.sent_at,
            r.sent,
            r.deadline_at,
            readRowid(r.rowid),
            r.user_id,
            r.expected,
          ]),
        ).execute(db);
        return new Set(rows.filter((_, i) => answers.rows[i]?.changes === 1).map((r) => r.user_id));
      }
      const v = jsonRows(
        dialect,
        rows,
        {
          user_id: "text",
          expected: "text",
          due_at: "text",
          sent: "integer",
          slot_at: "text",
          sent_at: "text",
          deadline_at: "text",
        },
        "v",
      );
      const written = await sql<{ user_id: string }>`
        update profiles set
          reminder_due_at = v.due_at,
          reminder_slot_at = case when v.sent = 1 then v.slot_at else profiles.reminder_slot_at end,
          reminder_sent_at = case when v.sent = 1 then v.sent_at else profiles.reminder_sent_at end,
          reminder_deadline_at = case when v.sent = 1 then v.deadline_at else profiles.reminder_deadline_at end
        from ${v}
        where profiles.user_id = v.user_id
          and (profiles.reminder_due_at = v.expected or (profiles.reminder_due_at is null and v.expected is null))
        returning profiles.user_id`.execute(db);
      return new Set(written.rows.map((r) => r.user_id));
    },

    async people(userIds) {
      if (!userIds.length) return new Map();
      const rows = await db
        .selectFrom("user")
        .select(["id", "name", "email"])
        .where("id", "in", idList(dialect, userIds))
        .execute();
      return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
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
      const rows = await sql<LegacyPlanEventsTable>`
        ${historyChain(sql`id = ${planId}`)}
        select e.* from legacy_plan_events e where e.id in (select id from chain) order by e.seq`.execute(db);
      return rows.rows.map((e) => ({
        at: e.at,
        from: e.from_phase,
        to: e.to_phase,
        reason: e.reason,
        contactId: e.contact_id,
      }));
    },
  };
  return repo;
}
