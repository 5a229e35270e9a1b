import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrateToLatest } from "../db/database.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import { type TestDatabase, testDatabaseTargets } from "../db/test-databases.ts";
import { AppError } from "../errors.ts";
import { createLegacySweep } from "../jobs/legacy-sweep.ts";
import { legacyWorld } from "../testing/legacy-world.ts";
import type { Caller } from "./account.service.ts";

// The release engine against a model, on every database engine: thousands of generated schedules (plan settings and
// what the owner, a recipient and trustees do, when) replayed on one clock with a sweep that runs at a cadence, stops
// for days (a server down), and sometimes runs on two sweepers at once. At the end each plan's history, with the
// time of every move, must be what an independent model of the rules says (written here from the issue's words,
// not from legacy-engine.ts), and the properties people rely on are checked again on their own:
// (1) no release before its time (deadline + grace, request + waiting period, k trustees' yes);
// (2) no release missed: every move happens at the first sweep (or action on the plan) at or after it is due;
// (3) a check-in cancels reminding, grace and a trustee wait, and ends a time-limited release, but not a request;
// (4) at most one reminder per owner in 24 hours, and never one for a deadline the owner already moved;
// (5) every move is in the history: the entries chain from -> to and end at the plan's phase;
// (6) two sweepers never write a move twice (nor tell a recipient twice).
// Schedules run in batches: each schedule is its own owner, recipient, trustees and plan in one database, and a
// batch's events are merged on one timeline. A failure names the seed (ENGINE_PROPERTY_SEED reruns it) and the
// failing schedule.

const hour = 60 * 60 * 1000;
const day = 24 * hour;
// `npm test` runs 10,000 schedules per engine, in batches of 5,000 (ENGINE_PROPERTY_SCHEDULES and
// ENGINE_PROPERTY_BATCH change either). A batch shares its sweeps, so a larger one costs less per schedule; each
// batch draws its own sweep cadence, downtime and second sweeper.
const schedulesPerEngine = Number(process.env.ENGINE_PROPERTY_SCHEDULES ?? 10_000);
const batchSize = Number(process.env.ENGINE_PROPERTY_BATCH ?? 5_000);
const horizonDays = 100;
const seed = Number(process.env.ENGINE_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const firstStart = Date.parse("2027-01-01T00:00:00.000Z");

type Phase = "active" | "reminding" | "grace" | "requested" | "awaitingTrustees" | "released";

interface Schedule {
  /** "30", "11" (60 days) or "90": the owner's check-in interval. */
  activityCheck: "30" | "11" | "90";
  trigger: "missedCheckIn" | "request";
  graceDays: number | null;
  waitingDays: number | null;
  trustees: { n: number; k: number } | null;
  timeLimitDays: number | null;
  /** At most one event per hour of the schedule; hours from the batch's start. */
  events: ScheduleEvent[];
}

type ScheduleEvent =
  | { hour: number; kind: "checkIn" | "request" | "refuse" | "settingsSaved" }
  | { hour: number; kind: "answer"; trustee: number; yes: boolean };

interface Batch {
  schedules: Schedule[];
  /** Hours between sweeps, and stretches (start hour, days) with the server down. */
  sweepEveryHours: number;
  downtime: { fromHour: number; days: number }[];
  /** Per mille of sweeps run by two sweepers at once. */
  doublePerMille: number;
}

const intervalOf = { "30": 30, "11": 60, "90": 90 } as const;

const scheduleArb: fc.Arbitrary<Schedule> = fc
  .record({
    activityCheck: fc.constantFrom("30", "11", "90"),
    trigger: fc.oneof(
      fc.record({
        trigger: fc.constant("missedCheckIn" as const),
        graceDays: fc.constantFrom(7, 14, 30),
        waitingDays: fc.option(fc.constantFrom(1, 2, 7, 14), { nil: null }),
      }),
      fc.record({
        trigger: fc.constant("request" as const),
        graceDays: fc.constant(null),
        waitingDays: fc.constantFrom(1, 2, 7, 14, 30),
      }),
    ),
    trustees: fc.option(
      fc
        .integer({ min: 1, max: 3 })
        .chain((n) => fc.record({ n: fc.constant(n), k: fc.integer({ min: 1, max: n }) })),
      { nil: null },
    ),
    timeLimitDays: fc.option(fc.constantFrom(7, 10, 30), { nil: null }),
    events: fc.array(
      fc.record({
        hour: fc.integer({ min: 0, max: horizonDays * 24 }),
        kind: fc.constantFrom("checkIn", "request", "request", "refuse", "answer", "answer", "settingsSaved"),
        trustee: fc.integer({ min: 0, max: 2 }),
        yes: fc.boolean(),
      }),
      { maxLength: 10 },
    ),
  })
  .map(({ activityCheck, trigger, trustees, timeLimitDays, events }) => {
    const seen = new Set<number>();
    const kept: ScheduleEvent[] = [];
    for (const e of [...events].sort((a, b) => a.hour - b.hour)) {
      if (seen.has(e.hour)) continue;
      seen.add(e.hour);
      if (e.kind === "answer") {
        if (trustees)
          kept.push({ hour: e.hour, kind: "answer", trustee: e.trustee % trustees.n, yes: e.yes });
      } else kept.push({ hour: e.hour, kind: e.kind as "checkIn" | "request" | "refuse" | "settingsSaved" });
    }
    return { activityCheck, ...trigger, trustees, timeLimitDays, events: kept };
  });

const batchArb = (size: number): fc.Arbitrary<Batch> =>
  fc.record({
    schedules: fc.array(scheduleArb, { minLength: size, maxLength: size }),
    sweepEveryHours: fc.constantFrom(2, 5, 24),
    downtime: fc.array(
      fc.record({
        fromHour: fc.integer({ min: 0, max: horizonDays * 24 }),
        days: fc.integer({ min: 1, max: 21 }),
      }),
      { maxLength: 3 },
    ),
    doublePerMille: fc.constantFrom(0, 200, 1000),
  });

/** The hours a batch's sweep runs, and how many sweepers run at once (1 or 2). */
function sweepHours(batch: Batch, random: () => number): Map<number, 1 | 2> {
  const hours = new Map<number, 1 | 2>();
  for (let h = 0; h <= horizonDays * 24; h += batch.sweepEveryHours) {
    if (batch.downtime.some((d) => h >= d.fromHour && h < d.fromHour + d.days * 24)) continue;
    hours.set(h, random() * 1000 < batch.doublePerMille ? 2 : 1);
  }
  return hours;
}

// ---------------------------------------------------------------------------------------------------------------
// The model: the rules as the issue and ARCHITECTURE.md state them, for one plan whose phase only changes when it is
// touched (a sweep, or a person's action on it), as stored phases do.

interface Entry {
  at: number;
  from: Phase;
  to: Phase;
  reason: string;
  /** "recipient", or "trustee <i>", whose action it was. */
  who: string | null;
}

interface ModelRun {
  history: Entry[];
  /** Whether each of the schedule's events was accepted (a refused request, refusal or answer is not). */
  accepted: boolean[];
}

function model(schedule: Schedule, start: number, sweeps: ReadonlyMap<number, unknown>): ModelRun {
  const interval = intervalOf[schedule.activityCheck] * day;
  const missed = schedule.trigger === "missedCheckIn";
  const takesRequests = schedule.waitingDays !== null;
  let ownerDeadline = start + interval;
  let phase = "active" as Phase;
  let rearmedAt: number | null = null;
  let requestDue: number | null = null;
  let releaseEnds: number | null = null;
  let lastRefused: number | null = null;
  let yes = new Map<number, boolean>();
  const history: Entry[] = [];
  const accepted: boolean[] = [];
  const to = (at: number, next: Phase, reason: string, who: string | null = null) => {
    history.push({ at, from: phase, to: next, reason, who });
    phase = next;
  };
  const deadline = () => (rearmedAt === null ? ownerDeadline : Math.max(ownerDeadline, rearmedAt + interval));
  const release = (at: number, reason: string) => {
    to(at, "released", reason);
    releaseEnds = schedule.timeLimitDays ? at + schedule.timeLimitDays * day : null;
  };
  const fire = (at: number, reason: string) => {
    requestDue = null;
    if (schedule.trustees) {
      to(at, "awaitingTrustees", reason);
      yes = new Map();
    } else release(at, reason);
  };
  const settle = (at: number) => {
    for (;;) {
      const d = deadline();
      if (phase === "active" && missed && at >= d - interval / 2) to(at, "reminding", "remindersStarted");
      else if (phase === "reminding" && at >= d) to(at, "grace", "deadlineMissed");
      else if (phase === "grace" && at >= d + (schedule.graceDays ?? 0) * day) fire(at, "graceEnded");
      else if (phase === "requested" && requestDue !== null && at >= requestDue) fire(at, "waitingEnded");
      else if (phase === "requested" && missed && at >= d + (schedule.graceDays ?? 0) * day)
        fire(at, "graceEnded");
      else if (
        phase === "awaitingTrustees" &&
        [...yes.values()].filter(Boolean).length >= (schedule.trustees?.k ?? Number.POSITIVE_INFINITY)
      )
        release(at, "trusteesConfirmed");
      else if (phase === "released" && releaseEnds !== null && at >= releaseEnds) {
        to(at, "active", "timeLimitEnded");
        releaseEnds = null;
        rearmedAt = at;
      } else break;
    }
  };
  const hours = [...new Set([...schedule.events.map((e) => e.hour), ...sweeps.keys()])].sort((a, b) => a - b);
  for (const h of hours) {
    const at = start + h * hour;
    const index = schedule.events.findIndex((e) => e.hour === h);
    const event = schedule.events[index];
    if (event) {
      let ok = true;
      switch (event.kind) {
        case "checkIn":
          ownerDeadline = at + interval;
          rearmedAt = null;
          if (phase === "reminding" || phase === "grace" || phase === "awaitingTrustees")
            to(at, "active", "checkedIn");
          else if (phase === "released" && schedule.timeLimitDays) {
            to(at, "active", "checkedIn");
            releaseEnds = null;
          }
          break;
        case "request":
          ok =
            takesRequests &&
            (phase === "active" || phase === "reminding" || phase === "grace") &&
            (lastRefused === null || at >= lastRefused + (schedule.waitingDays ?? 0) * day);
          if (ok) {
            to(at, "requested", "requested", "recipient");
            requestDue = at + (schedule.waitingDays ?? 0) * day;
          }
          break;
        case "refuse":
          ok = phase === "requested";
          if (ok) {
            to(at, "active", "refused");
            requestDue = null;
            lastRefused = at;
          }
          break;
        case "answer":
          ok = phase === "awaitingTrustees";
          if (ok) {
            history.push({
              at,
              from: phase,
              to: phase,
              reason: event.yes ? "trusteeYes" : "trusteeNo",
              who: `trustee ${event.trustee}`,
            });
            yes.set(event.trustee, event.yes);
          }
          break;
        case "settingsSaved":
          if (phase === "reminding" || phase === "grace" || phase === "awaitingTrustees")
            to(at, "active", "settingsChanged");
          break;
      }
      accepted[index] = ok;
      if (ok) settle(at);
    }
    if (sweeps.has(h)) settle(at);
  }
  return { history, accepted };
}

// ---------------------------------------------------------------------------------------------------------------
// The world: accounts, contacts and plans inserted in bulk, then driven through the services and the sweep.

interface Placed {
  owner: Caller;
  recipient: Caller;
  recipientContactId: string;
  trustees: Caller[];
  trusteeContactIds: string[];
  planId: string;
}

const caller = (id: string, name: string): Caller => ({
  id,
  email: `${id}@example.com`,
  name,
  emailVerified: true,
  twoFactorEnabled: false,
});

async function insertChunked(
  database: Database,
  table: keyof DatabaseSchema,
  rows: Record<string, unknown>[],
) {
  for (let i = 0; i < rows.length; i += 200) {
    // Rows for several tables, each built to its table's columns in place() (as insertTestUser does).
    await database.db
      .insertInto(table)
      .values(rows.slice(i, i + 200) as never)
      .execute();
  }
}

async function place(database: Database, schedules: Schedule[], start: number): Promise<Placed[]> {
  const at = new Date(start).toISOString();
  const authTime = database.dialect === "postgres" ? new Date(start) : at;
  const users: Record<string, unknown>[] = [];
  const profiles: Record<string, unknown>[] = [];
  const contacts: Record<string, unknown>[] = [];
  const plans: Record<string, unknown>[] = [];
  const recipients: Record<string, unknown>[] = [];
  const wraps: Record<string, unknown>[] = [];
  const trusteeRows: Record<string, unknown>[] = [];
  const user = (name: string) => {
    const id = randomUUID();
    users.push({
      id,
      name,
      email: `${id}@example.com`,
      emailVerified: database.dialect === "postgres" ? false : 0,
      image: null,
      createdAt: authTime,
      updatedAt: authTime,
      twoFactorEnabled: null,
    });
    return caller(id, name);
  };
  const contact = (ownerId: string, person: Caller) => {
    const id = randomUUID();
    contacts.push({
      id,
      owner_id: ownerId,
      email: person.email,
      details: "v1.sealed",
      contact_user_id: person.id,
      state: "confirmed",
      token_hash: null,
      spent_token_hash: null,
      invited_at: at,
      expires_at: at,
      last_sent_at: at,
      sends_window_start: at,
      sends_in_window: 1,
      accepted_at: at,
      confirmed_at: at,
      declined_at: null,
      revoked_at: null,
      left_at: null,
      confirmed_fingerprint: "ab".repeat(32),
      confirmation_signature: "c2ln",
      key_change_notified_for: null,
      updated_at: at,
    });
    return id;
  };
  const placed = schedules.map((s, i) => {
    const owner = user(`Owner ${i}`);
    profiles.push({
      user_id: owner.id,
      account_type: "personal",
      account_tier: "a",
      account_active: 1,
      subscription_status: "none",
      email_toggle: 0,
      activity_toggle: 1,
      text_toggle: 0,
      activity_check: s.activityCheck,
      dark_mode: "system",
      valid_60_day_check: at,
      next_60_day_check: new Date(start + intervalOf[s.activityCheck] * day).toISOString(),
      vault_locked: 0,
      created_at: at,
      updated_at: at,
    });
    const recipient = user(`Recipient ${i}`);
    const recipientContactId = contact(owner.id, recipient);
    const trustees = Array.from({ length: s.trustees?.n ?? 0 }, (_, t) => user(`Trustee ${i}.${t}`));
    const trusteeContactIds = trustees.map((t) => contact(owner.id, t));
    const planId = randomUUID();
    plans.push({
      id: planId,
      owner_id: owner.id,
      details: "v1.sealed",
      trigger: s.trigger,
      grace_days: s.graceDays,
      waiting_days: s.waitingDays,
      trustees_required: s.trustees?.k ?? null,
      time_limit_days: s.timeLimitDays,
      state: "active",
      version: 1,
      created_at: at,
      updated_at: at,
      released_at: null,
    });
    recipients.push({ plan_id: planId, contact_id: recipientContactId, added_at: at });
    wraps.push({
      plan_id: planId,
      contact_id: recipientContactId,
      kind: "letter",
      item_id: randomUUID(),
      wrapped_dek: "v1.wrapped",
      key_fingerprint: "ab".repeat(32),
      created_at: at,
    });
    for (const id of trusteeContactIds) trusteeRows.push({ plan_id: planId, contact_id: id });
    return { owner, recipient, recipientContactId, trustees, trusteeContactIds, planId };
  });
  await insertChunked(database, "user", users);
  await insertChunked(database, "profiles", profiles);
  await insertChunked(database, "legacy_contacts", contacts);
  await insertChunked(database, "legacy_plans", plans);
  await insertChunked(database, "legacy_plan_recipients", recipients);
  await insertChunked(database, "legacy_wraps", wraps);
  await insertChunked(database, "legacy_plan_trustees", trusteeRows);
  return placed;
}

async function selectIn<T>(ids: string[], query: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...(await query(ids.slice(i, i + 500))));
  return out;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const formatDay = (at: number) => dayFormat.format(at);

/** Runs one batch on `database` and returns every failure found, each naming its schedule. */
async function runBatch(database: Database, batch: Batch, start: number, random: () => number) {
  // Small batches, so a pass works many (on PostgreSQL three at a time, in the sweep's lanes), and one owner's
  // plans and reminders are split across batches that run at once.
  const world = legacyWorld(database, new Date(start).toISOString(), { sweepBatchSize: 16 });
  const second = createLegacySweep({
    repo: world.engineRepo,
    engine: world.engine,
    clock: world.clock,
    onError: (error) => {
      throw error;
    },
  });
  const placed = await place(database, batch.schedules, start);
  // The plans are made as plans.create makes them: the engine sets their phase and due time.
  // (Sixteen at a time, as a server answers many owners at once.)
  for (let i = 0; i < placed.length; i += 16) {
    await Promise.all(
      placed
        .slice(i, i + 16)
        .map((p) => world.engine.planChanged(p.owner.id, p.planId, { settings: true, wasShareNow: false })),
    );
  }

  const sweeps = sweepHours(batch, random);
  const byHour = new Map<number, { schedule: number; event: number }[]>();
  batch.schedules.forEach((s, schedule) => {
    s.events.forEach((e, event) => {
      const list = byHour.get(e.hour) ?? [];
      list.push({ schedule, event });
      byHour.set(e.hour, list);
    });
  });
  const outcomes = batch.schedules.map((s) => s.events.map(() => false));
  const hours = [...new Set([...byHour.keys(), ...sweeps.keys()])].sort((a, b) => a - b);
  for (const h of hours) {
    world.setNow(start + h * hour);
    // Different owners' actions at the same hour run concurrently; each schedule has at most one an hour.
    await Promise.all(
      (byHour.get(h) ?? []).map(async ({ schedule, event }) => {
        const e = batch.schedules[schedule]?.events[event];
        const p = placed[schedule];
        if (!e || !p) return;
        try {
          if (e.kind === "checkIn") await world.engine.checkIn(p.owner.id);
          else if (e.kind === "request") await world.engine.request(p.recipient, p.planId, null);
          else if (e.kind === "refuse") await world.engine.refuse(p.owner.id, p.planId);
          else if (e.kind === "settingsSaved")
            await world.engine.planChanged(p.owner.id, p.planId, { settings: true, wasShareNow: false });
          else if (e.kind === "answer") {
            const trustee = p.trustees[e.trustee];
            if (!trustee) throw new Error("no such trustee");
            await world.engine.answer(trustee, p.planId, e.yes ? "yes" : "no");
          }
          (outcomes[schedule] as boolean[])[event] = true;
        } catch (error) {
          // A person's action the rules do not allow is refused with a conflict; anything else is a failure.
          if (!(error instanceof AppError) || error.code !== "conflict") throw error;
        }
      }),
    );
    const sweepers = sweeps.get(h);
    if (sweepers === 2) await Promise.all([world.sweep.runOnce(), second.runOnce()]);
    else if (sweepers === 1) await world.sweep.runOnce();
  }

  // What the database says happened.
  const planIds = placed.map((p) => p.planId);
  const events = await selectIn(planIds, (chunk) =>
    database.db
      .selectFrom("legacy_plan_events")
      .select(["id", "plan_id", "seq", "prev_id", "at", "from_phase", "to_phase", "reason", "contact_id"])
      .where("plan_id", "in", chunk)
      .orderBy("plan_id")
      .orderBy("seq")
      .execute(),
  );
  const plans = new Map(
    (
      await selectIn(planIds, (chunk) =>
        database.db
          .selectFrom("legacy_plans")
          .select(["id", "phase", "history_seq", "history_head"])
          .where("id", "in", chunk)
          .execute(),
      )
    ).map((r) => [r.id, r]),
  );
  const people = placed.flatMap((p) => [p.owner.id, p.recipient.id]);
  const notes = await selectIn(people, (chunk) =>
    database.db
      .selectFrom("notifications")
      .select(["user_id", "kind", "body", "created_at"])
      .where("user_id", "in", chunk)
      .where("kind", "=", "legacy-plan-shared")
      .orderBy("created_at")
      .execute(),
  );
  const eventsOf = new Map<string, typeof events>();
  for (const e of events) eventsOf.set(e.plan_id, [...(eventsOf.get(e.plan_id) ?? []), e]);
  const remindersTo = new Map<string, typeof world.mailLog>();
  for (const sent of world.mailLog) {
    if (!/check-in|check in/i.test(sent.mail.subject)) continue;
    remindersTo.set(sent.mail.to, [...(remindersTo.get(sent.mail.to) ?? []), sent]);
  }
  const notesOf = new Map<string, typeof notes>();
  for (const n of notes) notesOf.set(n.user_id, [...(notesOf.get(n.user_id) ?? []), n]);

  // This batch's rows leave the sweep's way, so the next batch sweeps only its own.
  await selectIn(planIds, async (chunk) => {
    await database.db.updateTable("legacy_plans").set({ due_at: null }).where("id", "in", chunk).execute();
    return [];
  });
  await selectIn(
    placed.map((p) => p.owner.id),
    async (chunk) => {
      await database.db
        .updateTable("profiles")
        .set({ reminder_due_at: null })
        .where("user_id", "in", chunk)
        .execute();
      return [];
    },
  );

  const failures: { schedule: Schedule; problems: string[] }[] = [];
  batch.schedules.forEach((schedule, index) => {
    const p = placed[index] as Placed;
    const history = eventsOf.get(p.planId) ?? [];
    const plan = plans.get(p.planId);
    const problems = check(schedule, start, sweeps, {
      history: history.map((e) => ({
        at: Date.parse(e.at),
        from: e.from_phase as Phase,
        to: e.to_phase as Phase,
        reason: e.reason,
        who:
          e.contact_id === null
            ? null
            : e.contact_id === p.recipientContactId
              ? "recipient"
              : `trustee ${p.trusteeContactIds.indexOf(e.contact_id)}`,
      })),
      phase: plan?.phase as Phase,
      accepted: outcomes[index] as boolean[],
      // Every reminder is mailed (the in-app notice is one standing entry, ADR 058): the mails, with when they went.
      reminders: (remindersTo.get(p.owner.email) ?? []).map(({ at, mail }) => ({
        at,
        deadline: /check in by (.+?)\. /.exec(mail.text)?.[1] ?? "?",
      })),
      releaseNotices: (notesOf.get(p.recipient.id) ?? []).filter((n) => n.kind === "legacy-plan-shared")
        .length,
    });
    // The history reads back along its chain (ADR 063): numbered 1 to n, each row naming the one before, the plan
    // naming the last, whatever raced to write it.
    history.forEach((e, i) => {
      if (Number(e.seq) !== i + 1 || e.prev_id !== (history[i - 1]?.id ?? null)) {
        problems.push(`history row ${e.seq} (${e.reason}) is not chained to the one before it`);
      }
    });
    if (
      Number(plan?.history_seq) !== history.length ||
      (plan?.history_head ?? null) !== (history.at(-1)?.id ?? null)
    ) {
      problems.push(`the plan names history row ${plan?.history_seq} as its last, of ${history.length}`);
    }
    if (problems.length) failures.push({ schedule, problems });
  });
  return failures;
}

const show = (e: Entry, start: number) =>
  `+${((e.at - start) / hour).toFixed(0)}h ${e.from}>${e.to}:${e.reason}${e.who ? ` (${e.who})` : ""}`;

/** The properties, each checked from the schedule's own events and what the database recorded. */
function check(
  schedule: Schedule,
  start: number,
  sweeps: ReadonlyMap<number, unknown>,
  seen: {
    history: Entry[];
    phase: Phase;
    accepted: boolean[];
    reminders: { at: number; deadline: string }[];
    releaseNotices: number;
  },
): string[] {
  const problems: string[] = [];
  const interval = intervalOf[schedule.activityCheck] * day;
  const expected = model(schedule, start, sweeps);
  const got = seen.history.map((e) => show(e, start));
  const want = expected.history.map((e) => show(e, start));
  // (1), (2), (3), (6) in full: the history, with every move's time, is the model's.
  if (got.join("\n") !== want.join("\n"))
    problems.push(
      `history differs from the model:\n  got:  ${got.join("\n        ")}\n  want: ${want.join("\n        ")}`,
    );
  if (seen.accepted.join() !== expected.accepted.join())
    problems.push(
      `accepted actions ${seen.accepted.join()} but the model accepts ${expected.accepted.join()}`,
    );

  const checkIns = [
    start,
    ...schedule.events.filter((e) => e.kind === "checkIn").map((e) => start + e.hour * hour),
  ];
  /** The missed check-in deadline at `at` (after everything at `at` before `phaseAt`'s moves). */
  const deadlineAt = (at: number) => {
    const last = Math.max(...checkIns.filter((c) => c <= at));
    const rearm = seen.history
      .filter((e) => e.reason === "timeLimitEnded" && e.at > last && e.at <= at)
      .at(-1);
    return rearm ? Math.max(last + interval, rearm.at + interval) : last + interval;
  };

  // (1) No release or trustee request before its time.
  for (const [i, e] of seen.history.entries()) {
    if (e.reason === "graceEnded" && e.at < deadlineAt(e.at) + (schedule.graceDays ?? 0) * day)
      problems.push(`fired before deadline + grace: ${show(e, start)}`);
    if (e.reason === "waitingEnded") {
      const asked = seen.history.slice(0, i).findLast((x) => x.reason === "requested");
      if (!asked || e.at < asked.at + (schedule.waitingDays ?? 0) * day)
        problems.push(`fired before the waiting period ended: ${show(e, start)}`);
    }
    if (e.reason === "trusteesConfirmed") {
      const fired = seen.history
        .slice(0, i)
        .findLastIndex((x) => x.to === "awaitingTrustees" && x.from !== x.to);
      const answers = new Map<string, string>();
      for (const x of seen.history.slice(fired + 1, i)) if (x.who) answers.set(x.who, x.reason);
      const yes = [...answers.values()].filter((r) => r === "trusteeYes").length;
      if (fired < 0 || yes < (schedule.trustees?.k ?? Number.POSITIVE_INFINITY))
        problems.push(`released with ${yes} trustee yes of ${schedule.trustees?.k}: ${show(e, start)}`);
    }
  }

  // (3) A check-in cancels what a missed check-in and trustees have pending, but not a request.
  for (const e of schedule.events) {
    if (e.kind !== "checkIn") continue;
    const at = start + e.hour * hour;
    const before = seen.history.filter((x) => x.at < at).at(-1)?.to ?? "active";
    const first = seen.history.find((x) => x.at === at);
    const cancels =
      before === "reminding" ||
      before === "grace" ||
      before === "awaitingTrustees" ||
      (before === "released" && schedule.timeLimitDays !== null);
    if (cancels && (first?.reason !== "checkedIn" || first.to !== "active"))
      problems.push(`check-in at +${e.hour}h did not cancel ${before}`);
    if (!cancels && first?.reason === "checkedIn")
      problems.push(`check-in at +${e.hour}h moved a ${before} plan`);
    // (A request the check-in leaves pending may fire at that very moment if its wait is over.)
    const last = seen.history.filter((x) => x.at <= at).at(-1);
    const after = last?.to ?? "active";
    if (
      (after === "reminding" || after === "grace" || after === "awaitingTrustees") &&
      last?.reason !== "waitingEnded"
    )
      problems.push(`after the check-in at +${e.hour}h the plan is still ${after}`);
  }

  // (4) Reminders: never two within 24 hours, never for a deadline the owner moved, never too early, and none
  // once the plan no longer waits on a check-in.
  for (const [i, r] of seen.reminders.entries()) {
    const previous = seen.reminders[i - 1];
    if (previous && r.at - previous.at < day)
      problems.push(
        `two reminders within a day: +${(previous.at - start) / hour}h and +${(r.at - start) / hour}h`,
      );
    const deadline = deadlineAt(r.at);
    if (r.deadline !== formatDay(deadline))
      problems.push(
        `reminder at +${(r.at - start) / hour}h names ${r.deadline}, the deadline is ${formatDay(deadline)}`,
      );
    if (r.at < deadline - interval / 2)
      problems.push(`reminder at +${(r.at - start) / hour}h before reminders start`);
    const phase = seen.history.filter((x) => x.at <= r.at).at(-1)?.to ?? "active";
    if (schedule.trigger !== "missedCheckIn" || phase === "released" || phase === "awaitingTrustees")
      problems.push(`reminder at +${(r.at - start) / hour}h for a ${schedule.trigger} plan that is ${phase}`);
  }
  // ...and reminders are not lost: a sweep that moves a plan into reminding or grace comes with one (or one went in
  // the day before).
  for (const [i, e] of seen.history.entries()) {
    // Only where the sweep left the plan: a sweep after a long downtime may pass through grace to a release.
    if ((e.to !== "reminding" && e.to !== "grace") || e.from === e.to || seen.history[i + 1]?.at === e.at)
      continue;
    if (!sweeps.has((e.at - start) / hour) || schedule.events.some((x) => start + x.hour * hour === e.at))
      continue;
    if (!seen.reminders.some((r) => r.at <= e.at && r.at > e.at - day))
      problems.push(`no reminder with ${show(e, start)}`);
  }

  // (5) Every move is in the history: entries chain and end at the stored phase.
  let phase: Phase = "active";
  for (const e of seen.history) {
    if (e.from !== phase) problems.push(`history does not chain: ${phase} then ${show(e, start)}`);
    phase = e.to;
  }
  if (phase !== seen.phase) problems.push(`the plan is ${seen.phase} but its history ends at ${phase}`);

  // (6) Each release is told to the recipient once.
  const releases = seen.history.filter((e) => e.to === "released" && e.from !== "released").length;
  if (seen.releaseNotices !== releases)
    problems.push(`${releases} releases told to the recipient ${seen.releaseNotices} times`);
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------

// "sqlite (file)" runs the same SQL and rules as "sqlite (memory)" (the service tests cover it); skipping it here
// keeps this test's time for the schedules.
// PostgreSQL goes first, while the worker is fresh: its connection has a 5-second timeout, which a worker busy
// with 10,000 SQLite schedules once outlasted on a loaded machine. (Both engines' 10,000 peak at about 650 MB.)
const targets = testDatabaseTargets().filter((t) => t.name !== "sqlite (file)");
for (const target of [
  ...targets.filter((t) => t.name === "postgres"),
  ...targets.filter((t) => t.name !== "postgres"),
]) {
  describe(`release engine model on ${target.name}`, () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await target.open();
      if (database.dialect === "postgres") {
        // Every move is its own transaction, and on this shared disk each commit's flush costs milliseconds. A
        // crash is not what this test is about: this test database (and only it) commits without waiting for the
        // flush, for the session and every connection opened after it.
        await sql
          .raw(
            "do $$ begin execute format('alter database %I set synchronous_commit = off', current_database()); end $$;" +
              " set synchronous_commit = off",
          )
          .execute(database.db);
      }
      await migrateToLatest(database);
    });
    afterAll(async () => {
      await database?.dispose();
    });

    it(
      `${schedulesPerEngine} generated schedules move exactly as the model says, and keep every property`,
      async () => {
        const db = database as TestDatabase;
        let ran = 0;
        for (let b = 0; ran < schedulesPerEngine; b += 1) {
          const size = Math.min(batchSize, schedulesPerEngine - ran);
          const [batch] = fc.sample(batchArb(size), { seed: seed + b, numRuns: 1 });
          if (!batch) throw new Error("no batch generated");
          const random = fc.sample(fc.double({ min: 0, max: 1, maxExcluded: true }), {
            seed: seed + b,
            numRuns: 10_000,
          });
          let next = 0;
          const start = firstStart + b * 400 * day;
          const failures = await runBatch(db, batch, start, () => random[next++ % random.length] ?? 0);
          if (failures.length) {
            const first = failures[0] as (typeof failures)[number];
            throw new Error(
              `${failures.length} of ${size} schedules failed (ENGINE_PROPERTY_SEED=${seed}, batch ${b}, sweeps every ` +
                `${batch.sweepEveryHours}h, down ${JSON.stringify(batch.downtime)}, two sweepers ${batch.doublePerMille}‰).\n` +
                `First failing schedule: ${JSON.stringify(first.schedule)}\n${first.problems.join("\n")}`,
            );
          }
          ran += size;
        }
        expect(ran).toBe(schedulesPerEngine);
      },
      40 * 60_000,
    );
  });
}
