import { type Kysely, sql } from "kysely";

// The release engine (docs/architecture.md section 10): when a plan is released.
// - legacy_plans.phase: where the plan's trigger is (services/legacy-engine.ts, [Note: A plan's phase]). `state`
//   stays what it was, whether release grants are live ('released' exactly when phase is 'released').
//   engine_rev goes up with every move, and every move is one update conditional on the rev that was read, so a
//   sweep that runs twice, or on two servers at once, moves a plan once.
//   due_at: when the sweep must next look at the plan (null: only a person's action can move it); indexed, so a
//   sweep reads only what is due. cycle_start_at: a new missed-check-in cycle after a time-limited release ended.
//   request_due_at: end of a pending request's waiting period. release_ends_at: end of a time-limited release.
//   fired_at: when the current trigger fired (trustee answers count for that firing only).
// - legacy_plan_events: the plan's history, one row per move (and per trustee answer), shown to the owner and, after
//   a release, to its recipients. contact_id names the person whose action it was, if any.
// - legacy_plan_requests: recipients' requests for access. The reason arrives sealed in the recipient's browser to
//   the owner's public key (reason_sealed under its own DEK, reason_dek wrapped to the owner); the server cannot read it.
// - legacy_plan_trustee_answers: a trustee's yes or no to one firing (fired_at) of a plan.
// - profiles: the owner's check-in schedule is valid_60_day_check (the last check-in) and next_60_day_check (the
//   deadline: the last check-in plus the chosen interval). reminder_slot_at is the reminder slot last answered,
//   reminder_sent_at when the last reminder went, reminder_due_at when the sweep must look again.
// - sweep_leases: one row per sweep; a server sweeps only while it holds the lease.
// - check_in_links: the one-click "I'm still here" and "refuse" links of reminder and request mail: only the
//   SHA-256 of each token is kept; each is single use and expires.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("legacy_plans")
    .addColumn("phase", "text", (c) => c.notNull().defaultTo("active"))
    .execute();
  for (const column of ["due_at", "cycle_start_at", "request_due_at", "release_ends_at", "fired_at"]) {
    await db.schema.alterTable("legacy_plans").addColumn(column, "text").execute();
  }
  await db.schema
    .alterTable("legacy_plans")
    .addColumn("engine_rev", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update legacy_plans set phase = state`.execute(db);
  await db.schema.createIndex("legacy_plans_due_idx").on("legacy_plans").column("due_at").execute();

  await db.schema.alterTable("legacy_plan_recipients").addColumn("last_refused_at", "text").execute();

  await db.schema
    .createTable("legacy_plan_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("plan_id", "text", (c) => c.notNull().references("legacy_plans.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("from_phase", "text", (c) => c.notNull())
    .addColumn("to_phase", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("contact_id", "text")
    .execute();
  await db.schema
    .createIndex("legacy_plan_events_plan_idx")
    .on("legacy_plan_events")
    .columns(["plan_id", "seq"])
    .unique()
    .execute();

  await db.schema
    .createTable("legacy_plan_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("plan_id", "text", (c) => c.notNull().references("legacy_plans.id").onDelete("cascade"))
    .addColumn("contact_id", "text", (c) => c.notNull().references("legacy_contacts.id").onDelete("cascade"))
    .addColumn("reason_sealed", "text")
    .addColumn("reason_dek", "text")
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) =>
      c.check(sql`outcome is null or outcome in ('refused', 'released', 'cancelled')`),
    )
    .addColumn("ended_at", "text")
    .execute();
  await db.schema
    .createIndex("legacy_plan_requests_plan_idx")
    .on("legacy_plan_requests")
    .column("plan_id")
    .execute();

  await db.schema
    .createTable("legacy_plan_trustee_answers")
    .addColumn("plan_id", "text", (c) => c.notNull().references("legacy_plans.id").onDelete("cascade"))
    .addColumn("contact_id", "text", (c) => c.notNull().references("legacy_contacts.id").onDelete("cascade"))
    .addColumn("fired_at", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull().check(sql`answer in ('yes', 'no')`))
    .addColumn("answered_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("legacy_plan_trustee_answers_pk", ["plan_id", "contact_id", "fired_at"])
    .execute();

  for (const column of ["reminder_slot_at", "reminder_sent_at", "reminder_due_at"]) {
    await db.schema.alterTable("profiles").addColumn(column, "text").execute();
  }
  await db.schema.createIndex("profiles_reminder_due_idx").on("profiles").column("reminder_due_at").execute();
  // Sign-ins were not check-ins before, and the deadline was sign-up plus 60 days whatever the chosen interval: it
  // restarts from the later of the last sign-in and the last check, plus the chosen interval (the engine's codes).
  const profiles = await sql<{
    user_id: string;
    activity_check: string;
    last_login: string | null;
    valid_60_day_check: string | null;
  }>`select user_id, activity_check, last_login, valid_60_day_check from profiles`.execute(db);
  const intervals: Record<string, number> = {
    "30": 30,
    "11": 60,
    "60": 60,
    "90": 90,
    "180": 180,
    "365": 365,
  };
  for (const row of profiles.rows) {
    const last = [row.last_login, row.valid_60_day_check]
      .filter((t): t is string => !!t)
      .sort()
      .at(-1);
    if (!last) continue;
    const days = intervals[row.activity_check] ?? 60;
    const next = new Date(Date.parse(last) + days * 24 * 60 * 60 * 1000).toISOString();
    await sql`update profiles set valid_60_day_check = ${last}, next_60_day_check = ${next}
      where user_id = ${row.user_id}`.execute(db);
  }

  await db.schema
    .createTable("sweep_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("check_in_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('checkIn', 'refuse')`))
    .addColumn("request_id", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("check_in_links").execute();
  await db.schema.dropTable("sweep_leases").execute();
  await db.schema.dropIndex("profiles_reminder_due_idx").execute();
  for (const column of ["reminder_slot_at", "reminder_sent_at", "reminder_due_at"]) {
    await db.schema.alterTable("profiles").dropColumn(column).execute();
  }
  await db.schema.dropTable("legacy_plan_trustee_answers").execute();
  await db.schema.dropTable("legacy_plan_requests").execute();
  await db.schema.dropTable("legacy_plan_events").execute();
  await db.schema.alterTable("legacy_plan_recipients").dropColumn("last_refused_at").execute();
  await db.schema.dropIndex("legacy_plans_due_idx").execute();
  for (const column of [
    "engine_rev",
    "fired_at",
    "release_ends_at",
    "request_due_at",
    "cycle_start_at",
    "due_at",
  ]) {
    await db.schema.alterTable("legacy_plans").dropColumn(column).execute();
  }
  await db.schema.alterTable("legacy_plans").dropColumn("phase").execute();
}
