import { randomUUID } from "node:crypto";
import type { LegacyEngineRepo } from "../db/repos/legacy-engine.repo.ts";
import type { Clock } from "../services/clock.ts";
import type { LegacyEngineService } from "../services/legacy-engine.service.ts";

// The legacy sweep (ARCHITECTURE.md "jobs"; docs/architecture.md section 10). Every server process runs it on a
// timer, and `npm run sweep` runs it once. A pass takes the lease in the database, so one server sweeps at a time,
// then claims due plans in capped batches and moves each as far as time allows (every move a conditional update),
// then sends the reminders owed. A server that stops mid-pass loses nothing: its claims run out and the next pass
// takes them again; a move it had written is not written twice.

export interface SweepOptions {
  repo: LegacyEngineRepo;
  engine: LegacyEngineService;
  clock: Clock;
  /** Rows per batch, and the most a single pass handles (the rest waits for the next pass). */
  batchSize?: number;
  maxPerPass?: number;
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
  const batchSize = options.batchSize ?? 200;
  const maxPerPass = options.maxPerPass ?? 10_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const claimMs = options.claimMs ?? 10 * 60_000;
  const holder = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SweepResult> | undefined;

  async function pass(): Promise<SweepResult> {
    const result: SweepResult = { ran: false, plansLooked: 0, plansMoved: 0, reminders: 0 };
    if (!(await repo.takeLease("legacy-sweep", holder, clock(), leaseMs))) return result;
    result.ran = true;
    try {
      while (result.plansLooked < maxPerPass) {
        const ids = await repo.claimDue(
          clock(),
          Math.min(batchSize, maxPerPass - result.plansLooked),
          claimMs,
        );
        if (!ids.length) break;
        for (const id of ids) {
          result.plansLooked += 1;
          try {
            result.plansMoved += await engine.sweepPlan(id);
          } catch (error) {
            options.onError?.(error, `plan ${id}`);
          }
        }
        await repo.takeLease("legacy-sweep", holder, clock(), leaseMs);
      }
      let remindersLooked = 0;
      while (remindersLooked < maxPerPass) {
        const owners = await repo.dueReminderOwners(
          clock(),
          Math.min(batchSize, maxPerPass - remindersLooked),
        );
        if (!owners.length) break;
        let progressed = false;
        for (const userId of owners) {
          remindersLooked += 1;
          try {
            if (await engine.sweepReminders(userId)) result.reminders += 1;
            progressed = true;
          } catch (error) {
            options.onError?.(error, `reminders of ${userId}`);
          }
        }
        if (!progressed) break;
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
