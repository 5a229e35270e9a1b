import { type Kysely, sql } from "kysely";

// A plan's history is a chain (ADR 063). legacy_plan_events was indexed by (plan_id, seq): each sweep's history rows
// went into that index at as many places as plans, a page apiece, and on a sweep of many plans writing those pages was
// the largest single cost. Now a history row is only appended (its time-ordered id is its key, and no other index
// holds it), and names the row before it in its plan's history (prev_id); the plan names its newest row
// (legacy_plans.history_head) and how many it has (history_seq), both written by the same conditional update that
// writes each move, so a plan's history reads back by following the chain from its head. With no index by plan, the
// rows no longer cascade from their plan: deleting plans deletes their chains (legacy-engine.repo.ts
// deletePlanHistory).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("legacy_plans")
    .addColumn("history_seq", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("legacy_plans").addColumn("history_head", "text").execute();
  await db.schema
    .createTable("legacy_plan_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("plan_id", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("prev_id", "text")
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("from_phase", "text", (c) => c.notNull())
    .addColumn("to_phase", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("contact_id", "text")
    .execute();
  // Each row chained to the one numbered just before it in its plan (read through the old index, still there).
  await sql`
    insert into legacy_plan_history (id, plan_id, seq, prev_id, at, from_phase, to_phase, reason, contact_id)
    select e.id, e.plan_id, e.seq,
      (select p.id from legacy_plan_events p where p.plan_id = e.plan_id and p.seq < e.seq order by p.seq desc limit 1),
      e.at, e.from_phase, e.to_phase, e.reason, e.contact_id
    from legacy_plan_events e`.execute(db);
  await sql`
    update legacy_plans set
      history_seq = coalesce((select max(e.seq) from legacy_plan_events e where e.plan_id = legacy_plans.id), 0),
      history_head = (select e.id from legacy_plan_events e where e.plan_id = legacy_plans.id
        order by e.seq desc limit 1)`.execute(db);
  await db.schema.dropTable("legacy_plan_events").execute();
  await db.schema.alterTable("legacy_plan_history").renameTo("legacy_plan_events").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("legacy_plan_indexed_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("plan_id", "text", (c) => c.notNull().references("legacy_plans.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("from_phase", "text", (c) => c.notNull())
    .addColumn("to_phase", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("contact_id", "text")
    .execute();
  await sql`
    insert into legacy_plan_indexed_events (id, plan_id, seq, at, from_phase, to_phase, reason, contact_id)
    select e.id, e.plan_id, e.seq, e.at, e.from_phase, e.to_phase, e.reason, e.contact_id
    from legacy_plan_events e where e.plan_id in (select id from legacy_plans)`.execute(db);
  await db.schema.dropTable("legacy_plan_events").execute();
  await db.schema.alterTable("legacy_plan_indexed_events").renameTo("legacy_plan_events").execute();
  await db.schema
    .createIndex("legacy_plan_events_plan_idx")
    .on("legacy_plan_events")
    .columns(["plan_id", "seq"])
    .unique()
    .execute();
  await db.schema.alterTable("legacy_plans").dropColumn("history_head").execute();
  await db.schema.alterTable("legacy_plans").dropColumn("history_seq").execute();
}
