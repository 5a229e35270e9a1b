// The legacy sweep's throughput (apps/server/src/jobs/legacy-sweep.ts): BENCH_PLANS plans (100,000 by default), one
// owner each, all due, each owed one move (active -> reminding) and then its owner one reminder, swept by the real
// sweep over the real services. The reference, measured first in the same run over the same rows, is one bare `UPDATE
// legacy_plans SET phase = ..., engine_rev = engine_rev + 1, due_at = ... WHERE due_at <= ?`; the plans are then put
// back as they were and swept. Prints plans per second and the ratio sweep / bare update, and whether a full sweep of
// the plans would take under 5 s (the target; nothing fails), and how long the event loop stood still meanwhile (a
// timer every millisecond: the gaps between its ticks), which is what a request to the same server would have waited.
// After the sweep, a second reference: the floor, the three writes the sweep must make for each of these plans (its
// move, its history row and its owner's reminder columns, which the owner's notifications show as the standing
// reminder: ADR 058), each as one bare statement over all the rows, in a transaction that is then rolled back (so
// without the commit's flush): no sweep that follows the rules can take less on this machine, except that PostgreSQL
// could spread it over every core (the line gives that best case too). Then a third: the committed floor, what a sweep
// in batches cannot do without, as bare statements: for each batch of the sweep's size, in a transaction of its own
// that is committed (durably, as the server commits) and as many at once as the sweep works, one read of the batch's
// due plans with their owners (locked on PostgreSQL) and those three writes; when it alone is over 5 s, so is every
// sweep in batches of that size (BENCH_BATCH=10000, the most a pass handles, shows the largest batches a pass could
// take). The sweep runs in passes of BENCH_PASS plans (10,000 by default, the sweep's own cap per pass), in batches of
// the sweep's own size on that engine (sweepBatchSize; BENCH_BATCH sets another) and as many at once as the sweep works
// on that engine (sweepLanes; BENCH_LANES sets another), for at most BENCH_SECONDS seconds per engine (60 by default):
// when time runs out first, the rate measured so far is projected to all the plans and the line says so. After the
// seeding, and again after each time the bench itself puts the plans back, the tables are left as a database in use
// has them (`settle`): statistics gathered (ANALYZE) and, on PostgreSQL, the dead row versions the bench's own
// updates left behind cleared (VACUUM), as autovacuum does. Each plan starts with BENCH_HISTORY rows of
// history (24 by default: a year of monthly check-ins, each a move to reminding and one back), so the sweep's history
// rows go into a table in use, not an empty one; BENCH_HISTORY=0 sweeps with none. The sweep's and the committed
// floor's lines also say how many CPU seconds this process used (and its main thread of them), and on PostgreSQL every
// postgres process on the machine (from /proc): on a machine of two cores, the sweep is bound by the two together.
// The server sweeps under its start script's Node flags and environment (the capped young generation of ADR 051, ADR
// 068's flag, ADR 057's one malloc arena), which change the sweep's speed by several per cent: so the bench runs under
// them too, starting itself again with them when it was started without (BENCH_NODE_DEFAULTS=1: Node's defaults).
// SQLite: a file database in a temp folder (removed at the end). PostgreSQL: a fresh database on the server of
// BENCH_DATABASE_URL (loopback; dropped at the end), skipped when that is not set; BENCH_SYNCHRONOUS_COMMIT=off
// runs it with that database's commits not waiting for the disk flush. Run from the repository root:
//   npm run bench:sweep
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:sweep
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createHistogram } from "node:perf_hooks";
import { sql } from "kysely";
import pg from "pg";
import { type Database, migrateToLatest, openDatabase } from "../apps/server/src/db/database.ts";
import { idList } from "../apps/server/src/db/json-rows.ts";
import { createLegacySweep, sweepBatchSize, sweepLanes } from "../apps/server/src/jobs/legacy-sweep.ts";
import { legacyWorld } from "../apps/server/src/testing/legacy-world.ts";
import { startScript } from "../e2e/support/server.ts";
import { mainThreadCpuSeconds, cpuSeconds as processCpuSeconds } from "./documents/bare-server-process.ts";

const start = startScript();
const withServerFlags =
  start.nodeFlags.every((flag) => process.execArgv.includes(flag)) &&
  Object.entries(start.env).every(([name, value]) => process.env[name] === value);
if (!withServerFlags && !process.env.BENCH_NODE_DEFAULTS) {
  const again = spawnSync(
    process.execPath,
    [...process.execArgv, ...start.nodeFlags, import.meta.filename, ...process.argv.slice(2)],
    { stdio: "inherit", env: { ...process.env, ...start.env } },
  );
  process.exit(again.status ?? 1);
}

const flagsUsed = withServerFlags
  ? `the server's start flags: ${[...Object.entries(start.env).map(([name, value]) => `${name}=${value}`), ...start.nodeFlags].join(" ")}`
  : "Node's default flags";
const PLANS = Number(process.env.BENCH_PLANS ?? 100_000);
const PASS = Number(process.env.BENCH_PASS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 24);
const TARGET_S = 5;
const day = 24 * 60 * 60 * 1000;
const now = Date.parse("2027-03-01T12:00:00.000Z");
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

console.log(
  `Heirloom legacy sweep bench: ${PLANS} due plans, passes of ${PASS}, at most ${SECONDS} s of sweeping per engine, ` +
    `Node ${process.version} (${flagsUsed}), ${availableParallelism()} cores (${cpus()[0]?.model ?? "unknown CPU"}), load average ${load()}`,
);

/**
 * CPU seconds used so far by this process, by its main thread alone (where the sweep's JavaScript and, on SQLite,
 * every statement run: a sweep whose main thread is busy all the time is bound by that one core, whatever the rest
 * does), and, with `postgres`, by every PostgreSQL process on the machine (read from /proc: the server is on loopback,
 * so its backends share these cores), to show what a phase cost each side. PostgreSQL's is null when not asked for
 * or where /proc cannot tell.
 */
function cpuSeconds(postgres: boolean): { node: number; mainThread: number; postgres: number | null } {
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1e6;
  const mainThread = mainThreadCpuSeconds(process.pid);
  if (!postgres) return { node, mainThread, postgres: null };
  let seconds = 0;
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      } catch {
        continue; // The process ended meanwhile.
      }
      seconds += processCpuSeconds(Number(pid));
    }
  } catch {
    return { node, mainThread, postgres: null };
  }
  return { node, mainThread, postgres: seconds };
}

/**
 * "CPU: this process X s, its main thread Y s of it, PostgreSQL Z s" since `before` (a reading of cpuSeconds;
 * PostgreSQL's when it has one).
 */
function cpuLine(before: ReturnType<typeof cpuSeconds>): string {
  const after = cpuSeconds(before.postgres !== null);
  const pgSeconds =
    before.postgres !== null && after.postgres !== null
      ? `, PostgreSQL ${(after.postgres - before.postgres).toFixed(2)} s`
      : "";
  return (
    `CPU: this process ${(after.node - before.node).toFixed(2)} s, ` +
    `its main thread ${(after.mainThread - before.mainThread).toFixed(2)} s of it${pgSeconds}`
  );
}

/** Owners (a user and a profile on a 30-day check-in, deadline in 10 days) and one due plan each. */
async function seed(database: Database) {
  const at = new Date(now - 40 * day).toISOString();
  const authTime = database.dialect === "postgres" ? new Date(now - 40 * day) : at;
  const deadline = new Date(now + 10 * day).toISOString();
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < PLANS; i += 500) {
      const ids = Array.from({ length: Math.min(500, PLANS - i) }, () => randomUUID());
      await trx
        .insertInto("user")
        .values(
          ids.map((id, j) => ({
            id,
            name: `Owner ${i + j}`,
            email: `${id}@example.com`,
            emailVerified: database.dialect === "postgres" ? false : 0,
            image: null,
            createdAt: authTime,
            updatedAt: authTime,
            twoFactorEnabled: null,
          })) as never,
        )
        .execute();
      await trx
        .insertInto("profiles")
        .values(
          ids.map((id) => ({
            user_id: id,
            account_type: "personal",
            account_tier: "a",
            account_active: 1,
            subscription_status: "none",
            email_toggle: 0,
            activity_toggle: 1,
            text_toggle: 0,
            activity_check: "30",
            dark_mode: "system" as const,
            ar: null,
            ar_title: null,
            dob_day: null,
            dob_month: null,
            dob_year: null,
            zip_code: null,
            last_login: null,
            valid_60_day_check: at,
            next_60_day_check: deadline,
            reminder_slot_at: null,
            reminder_sent_at: null,
            reminder_due_at: null,
            password_changed_at: null,
            vault_locked: 0,
            time_zone: null,
            landing_page: null,
            recovery_kit_saved_at: null,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await trx
        .insertInto("legacy_plans")
        .values(
          ids.map((id) => ({
            id: randomUUID(),
            owner_id: id,
            details: "v1.sealed",
            trigger: "missedCheckIn" as const,
            grace_days: 7,
            waiting_days: null,
            trustees_required: null,
            time_limit_days: null,
            state: "active" as const,
            version: 1,
            created_at: at,
            updated_at: at,
            released_at: null,
            due_at: at,
          })),
        )
        .execute();
    }
  });
}

/**
 * HISTORY rows of history for every plan, numbered 1 to HISTORY, in the past year: alternately the move to
 * reminding and the check-in back to active, as a monthly check-in leaves them. One statement per engine.
 */
async function seedHistory(database: Database) {
  if (!HISTORY) return;
  const from = now - 365 * day;
  const step = Math.floor((365 * day) / HISTORY);
  const numbers =
    database.dialect === "postgres"
      ? sql`generate_series(1, ${HISTORY}::int) as n(n)`
      : sql`(with recursive c(n) as (select 1 union all select n + 1 from c where n < ${HISTORY}) select n from c) as n`;
  const at =
    database.dialect === "postgres"
      ? sql`to_char(to_timestamp((${from}::bigint + n.n * ${step}::bigint) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', (${from} + n.n * ${step}) / 1000.0, 'unixepoch')`;
  // Ids as the sweep writes them (time first), and each row chained to the one before it (ADR 063).
  const id = (n: unknown, plan = sql`p.id`) =>
    database.dialect === "postgres"
      ? sql`lpad((${n})::text, 4, '0') || '-' || ${plan}`
      : sql`printf('%04d-', ${n}) || ${plan}`;
  await sql`insert into legacy_plan_events (id, plan_id, seq, prev_id, at, from_phase, to_phase, reason, contact_id)
    select ${id(sql`n.n`)}, p.id, n.n, case when n.n > 1 then ${id(sql`n.n - 1`)} end, ${at},
      case when n.n % 2 = 1 then 'active' else 'reminding' end,
      case when n.n % 2 = 1 then 'reminding' else 'active' end,
      case when n.n % 2 = 1 then 'remindersStarted' else 'checkedIn' end,
      null
    from legacy_plans p cross join ${numbers} order by n.n`.execute(database.db);
  await sql`update legacy_plans set history_seq = ${HISTORY}, history_head = ${id(HISTORY, sql`id`)}`.execute(
    database.db,
  );
}

/** Puts every plan back to active and due, as seeded (not timed). */
async function reset(database: Database) {
  await database.db
    .updateTable("legacy_plans")
    .set({ phase: "active", due_at: new Date(now - 40 * day).toISOString() })
    .execute();
}

/**
 * The tables as a database in use has them, after the bench's own bulk writes: statistics gathered and, on
 * PostgreSQL, dead row versions cleared. Seeding updates every plan once more (its history's head), and the bare
 * update and `reset` twice again; without a vacuum each plan would then have three dead versions in the table and
 * in each of its indexes, which every later lookup walks past. Autovacuum clears them in a database in use (it
 * starts once a fifth of a table's rows are dead), so a day's sweep does not meet the last one's: 1.1 CPU seconds
 * of PostgreSQL's 6.4-6.8 over a sweep of 100,000 plans here (ADR 065).
 */
async function settle(database: Database) {
  await sql.raw(database.dialect === "postgres" ? "vacuum analyze" : "analyze").execute(database.db);
}

/** The floor (see the top): the three writes of every plan here as bare statements, rolled back. Answers seconds. */
async function floor(database: Database): Promise<number> {
  const at = new Date(now).toISOString();
  const later = new Date(now + 10 * day).toISOString();
  // Ids in insert order, as the sweep's own (UUID version 7, time first: ADR 052) land together in the primary key's
  // index; random ones would each dirty a page of their own there, which the sweep does not pay.
  const id =
    database.dialect === "postgres"
      ? sql`'0000-' || lpad((row_number() over ())::text, 12, '0')`
      : sql`printf('0000-%012d', rowid)`;
  const rollback = new Error("rolled back");
  const started = performance.now();
  await database.db
    .transaction()
    .execute(async (trx) => {
      // The history row, numbered and chained on from the plan's head (ADR 063), then the move, which also moves
      // the head (to a stand-in of the new row's id, as long: all of this is rolled back).
      await sql`insert into legacy_plan_events (id, plan_id, seq, prev_id, at, from_phase, to_phase, reason, contact_id)
        select ${id}, id, history_seq + 1, history_head, ${at}, 'active', 'reminding', 'remindersStarted', null
        from legacy_plans`.execute(trx);
      await sql`update legacy_plans set phase = 'reminding', engine_rev = engine_rev + 1, due_at = ${later},
        history_seq = history_seq + 1, history_head = '0000-' || id`.execute(trx);
      await sql`update profiles set reminder_slot_at = ${at}, reminder_sent_at = ${at}, reminder_due_at = ${later},
        reminder_deadline_at = ${later}`.execute(trx);
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
  return (performance.now() - started) / 1000;
}

/**
 * The committed floor (see the top): batch after batch of `batch` due plans, each in a transaction of its own that
 * is committed, `lanes` at a time, as the sweep works: one read of the batch's plans with their owners (PostgreSQL:
 * locked, skipping those another lane holds), then the three writes as bare statements over those rows. Needs due
 * plans (`reset` first). Answers seconds.
 */
async function committedFloor(database: Database, batch: number, lanes: number): Promise<number> {
  const postgres = database.dialect === "postgres";
  const at = new Date(now).toISOString();
  const later = new Date(now + 10 * day).toISOString();
  const list = (ids: string[]) => idList(database.dialect, ids);
  let batches = 0;
  const one = async () => {
    const number = batches++;
    // History ids: the batch's number first, so each batch's rows land together in the key's index, as the
    // sweep's time-ordered ones do.
    const id = postgres
      ? sql`'0001-' || lpad(${number}::text, 6, '0') || '-' || id`
      : sql`printf('0001-%06d-', ${number}) || id`;
    return database.db.transaction().execute(async (trx) => {
      const read = await sql<{ id: string; owner_id: string }>`
        select p.id, p.owner_id, p.phase, p.engine_rev, p.grace_days, o.activity_check, o.next_60_day_check,
          o.reminder_due_at, o.reminder_slot_at, o.reminder_sent_at, u.name, u.email
        from legacy_plans p join profiles o on o.user_id = p.owner_id join "user" u on u.id = p.owner_id
        where p.due_at <= ${at} order by p.due_at limit ${batch}
        ${postgres ? sql`for update of p skip locked` : sql``}`.execute(trx);
      const plans = read.rows.map((row) => row.id);
      if (!plans.length) return 0;
      await sql`insert into legacy_plan_events (id, plan_id, seq, prev_id, at, from_phase, to_phase, reason, contact_id)
        select ${id}, id, history_seq + 1, history_head, ${at}, 'active', 'reminding', 'remindersStarted', null
        from legacy_plans where id in ${list(plans)}`.execute(trx);
      await sql`update legacy_plans set phase = 'reminding', engine_rev = engine_rev + 1, due_at = ${later},
        history_seq = history_seq + 1, history_head = ${id} where id in ${list(plans)}`.execute(trx);
      await sql`update profiles set reminder_slot_at = ${at}, reminder_sent_at = ${at}, reminder_due_at = ${later},
        reminder_deadline_at = ${later} where user_id in ${list(read.rows.map((row) => row.owner_id))}`.execute(
        trx,
      );
      return plans.length;
    });
  };
  const started = performance.now();
  for (let done = 0; done < PLANS; ) {
    const counts = await Promise.all(Array.from({ length: lanes }, one));
    const sum = counts.reduce((a, b) => a + b, 0);
    if (!sum) break;
    done += sum;
  }
  return (performance.now() - started) / 1000;
}

async function bench(name: string, database: Database) {
  await migrateToLatest(database);
  let started = performance.now();
  await seed(database);
  await seedHistory(database);
  await settle(database);
  console.log(
    `\n${name}: ${PLANS} owners and plans, with ${HISTORY} rows of history each, written in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The reference: one bare conditional update of the same rows.
  started = performance.now();
  const bare = await database.db
    .updateTable("legacy_plans")
    .set((eb) => ({
      phase: "reminding",
      engine_rev: eb("engine_rev", "+", 1),
      due_at: new Date(now + 10 * day).toISOString(),
    }))
    .where("due_at", "<=", new Date(now).toISOString())
    .executeTakeFirst();
  const bareS = (performance.now() - started) / 1000;
  if (Number(bare.numUpdatedRows) !== PLANS)
    throw new Error(`the bare update moved ${bare.numUpdatedRows} plans`);
  await reset(database);
  await settle(database);

  // Mail is counted and let go of, as the server's mailer lets go of what it sent (the reminders' queue keeps only
  // what a waiting message needs: mail-queue.ts).
  const world = legacyWorld(database, new Date(now).toISOString(), { keepMails: false });
  const batch = Number(process.env.BENCH_BATCH ?? sweepBatchSize(database.dialect));
  const lanes = Number(process.env.BENCH_LANES ?? sweepLanes(database.dialect));
  const sweep = createLegacySweep({
    repo: world.engineRepo,
    engine: world.engine,
    clock: world.clock,
    maxPerPass: PASS,
    batchSize: batch,
    lanes,
    onError: (error) => {
      throw error;
    },
  });
  let swept = 0;
  let moved = 0;
  let reminders = 0;
  // How long the server's other work would wait meanwhile: the event loop's delays while the sweep runs.
  const stalls = createHistogram();
  let tick = performance.now();
  const ticker = setInterval(() => {
    const at = performance.now();
    stalls.record(Math.max(1, Math.round((at - tick) * 1000)));
    tick = at;
  }, 1);
  const sweepCpu = cpuSeconds(database.dialect === "postgres");
  started = performance.now();
  while (swept < PLANS && performance.now() - started < SECONDS * 1000) {
    const pass = await sweep.runOnce();
    if (!pass.plansLooked && !pass.reminders) break;
    swept += pass.plansLooked;
    moved += pass.plansMoved;
    reminders += pass.reminders;
  }
  const sweepS = (performance.now() - started) / 1000;
  clearInterval(ticker);
  const sweepCpuLine = cpuLine(sweepCpu);
  const rate = swept / sweepS;
  const fullS = PLANS / rate;
  const projected = swept < PLANS ? ` (projected from ${swept} plans swept in ${sweepS.toFixed(1)} s)` : "";
  console.log(
    `  bare UPDATE ... WHERE due_at <= ?   ${PLANS} plans in ${bareS.toFixed(2)} s   ${(PLANS / bareS).toFixed(0).padStart(9)} plans/s`,
  );
  console.log(
    `  sweep (moves + reminders)          ${swept} plans in ${sweepS.toFixed(2)} s   ${rate.toFixed(0).padStart(9)} plans/s` +
      `   (${moved} moved, ${reminders} reminders, ${world.mailsSent()} mails; ${sweepCpuLine})`,
  );
  console.log(
    `  the event loop meanwhile (what a request would wait): p50 ${(stalls.percentile(50) / 1e3).toFixed(0)} ms, ` +
      `p99 ${(stalls.percentile(99) / 1e3).toFixed(0)} ms, longest ${(stalls.max / 1e3).toFixed(0)} ms (${stalls.count} ticks)`,
  );
  console.log(`  ratio sweep / bare update: ${(fullS / bareS).toFixed(0)}x slower per plan`);
  const floorS = await floor(database);
  await reset(database);
  await settle(database);
  const committedCpu = cpuSeconds(database.dialect === "postgres");
  const committedS = await committedFloor(database, batch, lanes);
  const committedCpuLine = cpuLine(committedCpu);
  // SQLite has one writer; PostgreSQL could spread the same writes over every core, at best.
  const bestFloorS = database.dialect === "postgres" ? floorS / availableParallelism() : floorS;
  console.log(
    `  floor (the 3 writes per plan as bare statements, no commit)   ${PLANS} plans in ${floorS.toFixed(2)} s on one connection` +
      (database.dialect === "postgres"
        ? ` (${bestFloorS.toFixed(2)} s at best over ${availableParallelism()} cores)`
        : "") +
      `; ratio sweep / floor: ${(fullS / floorS).toFixed(1)}x` +
      (bestFloorS >= TARGET_S ? `; the floor alone is over ${TARGET_S} s` : ""),
  );
  console.log(
    `  committed floor (per batch of ${batch}: 1 read + the 3 writes as bare statements, committed; ${lanes} at a time)` +
      `   ${PLANS} plans in ${committedS.toFixed(2)} s (${committedCpuLine}); ratio sweep / committed floor: ${(fullS / committedS).toFixed(1)}x` +
      (committedS >= TARGET_S ? `; the committed floor alone is over ${TARGET_S} s` : ""),
  );
  console.log(
    `  full sweep of ${PLANS} plans: ${fullS.toFixed(1)} s${projected}; target under ${TARGET_S} s: ` +
      `${fullS < TARGET_S ? "met" : "NOT met"}   (load average ${load()})`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), "heirloom-bench-sweep-"));
try {
  const sqlite = await openDatabase(`sqlite://${path.join(dir, "bench.sqlite")}`);
  try {
    await bench("SQLite (file, WAL, synchronous=FULL)", sqlite);
  } finally {
    await sqlite.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL to a loopback server to measure it)");
} else {
  const host = new URL(adminUrl).hostname;
  if (host !== "127.0.0.1" && host !== "localhost" && host !== "::1") {
    throw new Error("BENCH_DATABASE_URL must point at a loopback server");
  }
  const name = `heirloom_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  // BENCH_SYNCHRONOUS_COMMIT=off shows what the commits' flushes cost (the bench database only).
  const synchronousCommit = process.env.BENCH_SYNCHRONOUS_COMMIT;
  if (synchronousCommit === "off" || synchronousCommit === "on")
    await admin(`alter database ${name} set synchronous_commit = ${synchronousCommit}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const postgres = await openDatabase(url.toString());
    try {
      const settings = await sql<{
        s: string;
      }>`select current_setting('synchronous_commit') as s`.execute(postgres.db);
      await bench(`PostgreSQL (synchronous_commit ${settings.rows[0]?.s ?? "?"})`, postgres);
    } finally {
      await postgres.close();
    }
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
