import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Dialect } from "../db/database.ts";
import type { LegacyEngineRepo } from "../db/repos/legacy-engine.repo.ts";
import type { Clock } from "../services/clock.ts";
import type { LegacyEngineService } from "../services/legacy-engine.service.ts";

// The legacy sweep (ARCHITECTURE.md "jobs"; docs/architecture.md section 10). Every server process runs it on a
// timer, and `npm run sweep` runs it once. A pass takes the lease in the database, so one server sweeps at a time,
// then works through due plans in capped batches: each batch is one transaction that locks its plans, moves each
// as far as time allows (one conditional update over all of them, so a plan moved by someone else meanwhile is left
// to them) and writes the reminders their owners are then owed. Then it sends the reminders owed to other owners
// (those not owed a move: the daily ones in grace, say), a batch of owners at a time. A server that stops mid-pass
// loses nothing: a batch is written whole or not at all, and claims taken plan by plan run out for the next pass.
// On PostgreSQL three batches of due plans are worked at once, each in its own transaction (ADR 054): their plans
// are disjoint (SKIP LOCKED), and batches that share an owner settle that owner's reminder as two sweepers would.
// Between batches the pass lets the event loop turn: on SQLite every statement runs at once on this thread, so a
// pass that never yielded would keep every request waiting until its end.

/**
 * How many batches of due plans a pass works at once: three on PostgreSQL, where batches' statements run in the
 * database's own processes while the next batch is read and worked out here (three measured faster than two on two
 * cores); one on SQLite, whose single writer would only take them in turn.
 */
export function sweepLanes(dialect: Dialect): number {
  return dialect === "postgres" ? 3 : 1;
}

/**
 * Plans per batch, each one transaction: 500 on SQLite, whose statements run at once on the server's thread, so a
 * batch keeps every request waiting while it runs (500: about 50 ms on this machine, 2,000: about 200 ms, for the
 * same throughput); 2,000 on PostgreSQL, whose statements run in the database's processes while requests go on.
 */
export function sweepBatchSize(dialect: Dialect): number {
  return dialect === "postgres" ? 2_000 : 500;
}

export interface SweepOptions {
  repo: LegacyEngineRepo;
  engine: LegacyEngineService;
  clock: Clock;
  /**
   * Rows per batch (the server gives sweepBatchSize; 2,000 otherwise), and the most a single pass handles (the rest
   * waits for the next pass).
   */
  batchSize?: number;
  maxPerPass?: number;
  /** How many batches of due plans are worked at once, each in its own transaction (sweepLanes; 1 by default). */
  lanes?: number;
  leaseMs?: number;
  /** How long a claimed plan is left alone before another pass may take it again. */
  claimMs?: number;
  onError?: (error: unknown, what: string) => void;
}

export interface SweepResult {
  /** false: another server held the lease. */
  ran: boolean;
  plansLooked: number;
  plansMoved: number;
  reminders: number;
}

export function createLegacySweep(options: SweepOptions) {
  const { repo, engine, clock } = options;
  const batchSize = options.batchSize ?? 2_000;
  const lanes = options.lanes ?? 1;
  const maxPerPass = options.maxPerPass ?? 10_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const claimMs = options.claimMs ?? 10 * 60_000;
  const holder = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SweepResult> | undefined;

  /**
   * A batch of owners' reminders is worked as one; when that fails, each owner is worked alone, so one owner's
   * failure is reported and holds back no other.
   */
  async function each(
    ids: string[],
    work: (ids: string[]) => Promise<number>,
    what: string,
  ): Promise<{ done: number; failed: number }> {
    try {
      return { done: await work(ids), failed: 0 };
    } catch {
      let done = 0;
      let failed = 0;
      for (const id of ids) {
        try {
          done += await work([id]);
        } catch (error) {
          failed += 1;
          options.onError?.(error, `${what} ${id}`);
        }
      }
      return { done, failed };
    }
  }

  /**
   * A batch of due plans, locked, moved and their owners reminded in one transaction. When that fails, the batch
   * is claimed on its own (its due time pushed `claimMs` ahead) and each plan worked alone, as `each` does.
   */
  async function sweepDue(limit: number): Promise<{ looked: number; moved: number; reminders: number }> {
    try {
      return await engine.sweepDue(limit);
    } catch {
      const ids = await repo.claimDue(clock(), limit, claimMs);
      const batch = { looked: ids.length, moved: 0, reminders: 0 };
      for (const id of ids) {
        try {
          const one = await engine.sweepPlans([id]);
          batch.moved += one.moved;
          batch.reminders += one.reminders;
        } catch (error) {
          options.onError?.(error, `plan ${id}`);
        }
      }
      return batch;
    }
  }

  async function pass(): Promise<SweepResult> {
    const result: SweepResult = { ran: false, plansLooked: 0, plansMoved: 0, reminders: 0 };
    if (!(await repo.takeLease("legacy-sweep", holder, clock(), leaseMs))) return result;
    result.ran = true;
    try {
      while (result.plansLooked < maxPerPass) {
        const sizes: number[] = [];
        for (let room = maxPerPass - result.plansLooked; room > 0 && sizes.length < lanes; room -= batchSize)
          sizes.push(Math.min(batchSize, room));
        const batches = await Promise.all(sizes.map((size) => sweepDue(size)));
        let looked = 0;
        for (const batch of batches) {
          looked += batch.looked;
          result.plansMoved += batch.moved;
          result.reminders += batch.reminders;
        }
        result.plansLooked += looked;
        if (!looked) break;
        await nextTurn();
        await repo.takeLease("legacy-sweep", holder, clock(), leaseMs);
      }
      let remindersLooked = 0;
      while (remindersLooked < maxPerPass) {
        const owners = await repo.dueReminderOwners(
          clock(),
          Math.min(batchSize, maxPerPass - remindersLooked),
        );
        if (!owners.length) break;
        remindersLooked += owners.length;
        const batch = await each(owners, (part) => engine.sweepReminders(part), "reminders of");
        result.reminders += batch.done;
        // Owners whose reminders failed stay due: the next pass tries them again, not this one in a loop.
        if (batch.failed === owners.length) break;
        await nextTurn();
      }
    } finally {
      await repo.dropLease("legacy-sweep", holder);
    }
    return result;
  }

  return {
    /** One pass; a pass already under way in this process is joined, not doubled. */
    runOnce(): Promise<SweepResult> {
      running ??= pass().finally(() => {
        running = undefined;
      });
      return running;
    },
    start(intervalMs: number) {
      if (!intervalMs || timer) return;
      timer = setInterval(() => {
        this.runOnce().catch((error) => options.onError?.(error, "pass"));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type LegacySweep = ReturnType<typeof createLegacySweep>;
