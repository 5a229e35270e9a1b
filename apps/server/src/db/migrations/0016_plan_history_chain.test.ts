import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../database.ts";
import { createLegacyEngineRepo } from "../repos/legacy-engine.repo.ts";
import { insertTestUser, type TestDatabase, testDatabaseTargets } from "../test-databases.ts";
import { migrations } from "./index.ts";

// 0016 turns a plan's history from rows indexed by (plan_id, seq) into a chain (ADR 063). A database with history
// written before it reads back the same history after it, and the next move is numbered and chained on from it.

describe.each(testDatabaseTargets())("0016: plan history as a chain, on $name", (target) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
  });

  it("keeps every plan's history, in order, and the next move follows it", async () => {
    database = await target.open();
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo("0015_standing_check_in_reminder");
    expect(before.error).toBeUndefined();
    const owner = await insertTestUser(database);
    const at = "2026-06-01T09:00:00.000Z";
    const plans = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of plans) {
      await sql`insert into legacy_plans (id, owner_id, details, trigger, grace_days, state, version, created_at,
        updated_at, phase, engine_rev)
        values (${id}, ${owner}, 'v1.sealed', 'missedCheckIn', 7, 'active', 1, ${at}, ${at}, 'active', 3)`.execute(
        database.db,
      );
    }
    // Written out of order, as rows of two plans interleave; the third plan has no history.
    const old = [
      [plans[0], 2, "reminding", "active", "checkedIn"],
      [plans[1], 1, "active", "reminding", "remindersStarted"],
      [plans[0], 1, "active", "reminding", "remindersStarted"],
      [plans[0], 3, "active", "reminding", "remindersStarted"],
    ] as const;
    for (const [planId, seq, from, to, reason] of old) {
      await sql`insert into legacy_plan_events (id, plan_id, seq, at, from_phase, to_phase, reason, contact_id)
        values (${randomUUID()}, ${planId}, ${seq}, ${at}, ${from}, ${to}, ${reason}, null)`.execute(
        database.db,
      );
    }

    await migrateToLatest(database);
    const repo = createLegacyEngineRepo(database.db, database.dialect);
    const reasons = async (planId: string) => (await repo.events(planId)).map((e) => e.reason);
    expect(await reasons(plans[0] as string)).toEqual(["remindersStarted", "checkedIn", "remindersStarted"]);
    expect(await reasons(plans[1] as string)).toEqual(["remindersStarted"]);
    expect(await reasons(plans[2] as string)).toEqual([]);

    const row = await repo.load(plans[0] as string);
    expect(row?.historySeq).toBe(3);
    const written = await repo.apply(
      row as NonNullable<typeof row>,
      {
        phase: "active",
        cycleStartAt: null,
        requestDueAt: null,
        releaseEndsAt: null,
        firedAt: null,
        dueAt: null,
        events: [{ from: "reminding", to: "active", reason: "checkedIn" }],
      },
      new Date("2026-06-02T09:00:00.000Z"),
    );
    expect(written).toBe(true);
    expect(await reasons(plans[0] as string)).toEqual([
      "remindersStarted",
      "checkedIn",
      "remindersStarted",
      "checkedIn",
    ]);
    const numbers = await database.db
      .selectFrom("legacy_plan_events")
      .select("seq")
      .where("plan_id", "=", plans[0] as string)
      .orderBy("seq")
      .execute();
    expect(numbers.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4]);

    // And back: the rows stay, numbered, under the old index.
    expect((await migrator.migrateDown()).error).toBeUndefined();
    const back = await sql<{
      reason: string;
    }>`select reason from legacy_plan_events where plan_id = ${plans[0]}
      order by seq`.execute(database.db);
    expect(back.rows.map((r) => r.reason)).toEqual([
      "remindersStarted",
      "checkedIn",
      "remindersStarted",
      "checkedIn",
    ]);
  });
});
