// The release engine's rules, as pure functions of a plan, its owner's check-in schedule and the time
// (docs/architecture.md section 10, "The release engine"). Nothing here reads a clock, a database or a setting: the
// sweep (legacy-sweep.ts) and the services hand in what they read and write back what comes out, with a conditional
// update, so the same rules run in the property test, in one server and in two at once.
//
// [Note: A plan's phase]
// active -> reminding -> grace -> (awaitingTrustees) -> released -> (time-limited: expired) -> active
// active | reminding | grace -> requested -> (awaitingTrustees) -> released, or refused -> active
// - reminding and grace belong to the missed check-in trigger: reminding starts at half the interval before the
//   owner's deadline, grace at the deadline, and the trigger fires when grace ends.
// - requested: a recipient asked; the trigger fires when the waiting period ends unless the owner refuses. While a
//   request waits, a missed check-in can still fire the plan (the two triggers combine with OR).
// - awaitingTrustees: a fired trigger waits until k of the plan's trustees confirm.
// - released: the plan's recipients hold release grants. A time-limited release ends after N days ("expired", a
//   move written to history) and the plan is active again, with a fresh interval before it can fire again.
// - The owner's check-in moves reminding, grace and awaitingTrustees back to active and ends a time-limited release
//   early. It does not refuse a request: the owner is told of a request at once and refuses it themselves (as with
//   Bitwarden's emergency access), so a sign-in that did not read the mail cannot silently cancel it.
// - A share-now plan is released from the start and never moves.

import type { LegacyPlanPhase as PlanPhase } from "@heirloom/contract";

export type { PlanPhase };

/** Why a plan moved; shown in its history. */
export type MoveReason =
  | "remindersStarted"
  | "deadlineMissed"
  | "graceEnded"
  | "requested"
  | "waitingEnded"
  | "trusteesConfirmed"
  | "timeLimitEnded"
  | "checkedIn"
  | "refused"
  | "settingsChanged"
  | "sharedNow";

export interface EnginePlan {
  trigger: "shareNow" | "missedCheckIn" | "request";
  /** Days of grace after a missed deadline (missed check-in trigger). */
  graceDays: number | null;
  /** Waiting period of a request; set on a request plan, and on a missed check-in plan that also takes requests. */
  waitingDays: number | null;
  /** k of the plan's trustees who must confirm a fired trigger; null: no trustees. */
  trusteesRequired: number | null;
  timeLimitDays: number | null;
  phase: PlanPhase;
  /** A new missed-check-in cycle started here (after a time-limited release ended); null: the owner's schedule. */
  cycleStartAt: Date | null;
  /** When a pending request's waiting period ends (phase requested). */
  requestDueAt: Date | null;
  /** When a time-limited release ends (phase released). */
  releaseEndsAt: Date | null;
}

export interface OwnerSchedule {
  intervalDays: number;
  /** The owner's next check-in deadline: the last check-in plus the interval. */
  deadlineAt: Date;
}

export interface Move {
  from: PlanPhase;
  to: PlanPhase;
  reason: MoveReason;
}

export interface Advanced {
  plan: EnginePlan;
  moves: Move[];
  /** When the sweep must look at the plan next; null: only a person's action can move it. */
  dueAt: Date | null;
}

export const dayMs = 24 * 60 * 60 * 1000;
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * dayMs);

/** The codes of SPEC's activityCheck, as days between check-ins (ADR 031: '11' is the standard 60 days). */
export function checkInIntervalDays(activityCheck: string): number {
  const days = { "30": 30, "11": 60, "60": 60, "90": 90, "180": 180, "365": 365 }[activityCheck];
  return days ?? 60;
}

export const takesMissedCheckIn = (plan: Pick<EnginePlan, "trigger">) => plan.trigger === "missedCheckIn";
export const takesRequests = (plan: Pick<EnginePlan, "trigger" | "waitingDays">) =>
  plan.trigger === "request" || (plan.trigger === "missedCheckIn" && plan.waitingDays !== null);

/** The missed check-in deadline that applies to this plan (a plan re-armed after an ended release waits longer). */
export function planDeadline(plan: EnginePlan, owner: OwnerSchedule): Date {
  if (!plan.cycleStartAt) return owner.deadlineAt;
  const rearmed = addDays(plan.cycleStartAt, owner.intervalDays);
  return new Date(Math.max(rearmed.getTime(), owner.deadlineAt.getTime()));
}

export function remindersStartAt(plan: EnginePlan, owner: OwnerSchedule): Date {
  return new Date(planDeadline(plan, owner).getTime() - (owner.intervalDays * dayMs) / 2);
}

export function graceEndsAt(plan: EnginePlan, owner: OwnerSchedule): Date {
  return addDays(planDeadline(plan, owner), plan.graceDays ?? 0);
}

/** The trigger fired: trustees are asked, or the plan is released. */
function fire(plan: EnginePlan, now: Date): EnginePlan {
  if (plan.trusteesRequired) return { ...plan, phase: "awaitingTrustees", requestDueAt: null };
  return {
    ...plan,
    phase: "released",
    requestDueAt: null,
    releaseEndsAt: plan.timeLimitDays ? addDays(now, plan.timeLimitDays) : null,
  };
}

/**
 * Moves a plan as far as `now` allows, one move at a time and in order, so a sweep that comes late (a server down for
 * a week) writes every move it owes and skips none. `trusteeYes` is the number of trustees who confirmed the
 * current firing.
 */
export function advance(input: EnginePlan, owner: OwnerSchedule, trusteeYes: number, now: Date): Advanced {
  let plan = input;
  let yes = trusteeYes;
  const moves: Move[] = [];
  const move = (next: EnginePlan, reason: MoveReason) => {
    // `trusteeYes` counts answers to the firing that was stored; a trigger that fires here is a new firing that
    // no trustee has answered yet (an earlier firing's yes must not release it).
    if (next.phase === "awaitingTrustees" && plan.phase !== "awaitingTrustees") yes = 0;
    moves.push({ from: plan.phase, to: next.phase, reason });
    plan = next;
  };
  // At most a handful of moves can be owed (active -> reminding -> grace -> released -> active); the bound keeps a
  // defect from looping forever.
  for (let step = 0; step < 8; step += 1) {
    const missed = takesMissedCheckIn(plan);
    if (plan.trigger === "shareNow") {
      if (plan.phase !== "released") move({ ...plan, phase: "released", releaseEndsAt: null }, "sharedNow");
      break;
    }
    if (plan.phase === "active" && missed && now >= remindersStartAt(plan, owner)) {
      move({ ...plan, phase: "reminding" }, "remindersStarted");
    } else if (plan.phase === "reminding" && now >= planDeadline(plan, owner)) {
      move({ ...plan, phase: "grace" }, "deadlineMissed");
    } else if (plan.phase === "grace" && now >= graceEndsAt(plan, owner)) {
      move(fire(plan, now), "graceEnded");
    } else if (plan.phase === "requested" && plan.requestDueAt && now >= plan.requestDueAt) {
      move(fire(plan, now), "waitingEnded");
    } else if (plan.phase === "requested" && missed && now >= graceEndsAt(plan, owner)) {
      move(fire(plan, now), "graceEnded");
    } else if (
      plan.phase === "awaitingTrustees" &&
      plan.trusteesRequired !== null &&
      yes >= plan.trusteesRequired
    ) {
      move(
        {
          ...plan,
          phase: "released",
          releaseEndsAt: plan.timeLimitDays ? addDays(now, plan.timeLimitDays) : null,
        },
        "trusteesConfirmed",
      );
    } else if (plan.phase === "released" && plan.releaseEndsAt && now >= plan.releaseEndsAt) {
      move({ ...plan, phase: "active", releaseEndsAt: null, cycleStartAt: now }, "timeLimitEnded");
    } else {
      break;
    }
  }
  return { plan, moves, dueAt: dueAt(plan, owner) };
}

/** When the plan next needs the sweep, if time alone can move it. */
export function dueAt(plan: EnginePlan, owner: OwnerSchedule): Date | null {
  if (plan.trigger === "shareNow") return null;
  const missed = takesMissedCheckIn(plan);
  switch (plan.phase) {
    case "active":
      return missed ? remindersStartAt(plan, owner) : null;
    case "reminding":
      return planDeadline(plan, owner);
    case "grace":
      return graceEndsAt(plan, owner);
    case "requested": {
      const times = [plan.requestDueAt, missed ? graceEndsAt(plan, owner) : null].filter(
        (t): t is Date => t !== null,
      );
      return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
    }
    case "awaitingTrustees":
      return null;
    case "released":
      return plan.releaseEndsAt;
  }
}

/**
 * The owner checked in: pending missed-check-in progress and trustee waits are cancelled, and a time-limited release
 * ends early. A pending request stays (only the owner's refusal ends it).
 */
export function checkIn(plan: EnginePlan): { plan: EnginePlan; moves: Move[] } {
  const back = (next: EnginePlan) => ({
    plan: next,
    moves: [{ from: plan.phase, to: next.phase, reason: "checkedIn" as const }],
  });
  if (plan.trigger === "shareNow") return { plan, moves: [] };
  if (plan.phase === "reminding" || plan.phase === "grace" || plan.phase === "awaitingTrustees") {
    return back({ ...plan, phase: "active", cycleStartAt: null, requestDueAt: null });
  }
  if (plan.phase === "released" && plan.timeLimitDays) {
    return back({ ...plan, phase: "active", cycleStartAt: null, releaseEndsAt: null });
  }
  // A fresh check-in supersedes a cycle re-armed after an ended release.
  return { plan: { ...plan, cycleStartAt: null }, moves: [] };
}

/** Whether a recipient may ask now: the plan takes requests, nothing is pending, and no refusal is too recent. */
export function mayRequest(plan: EnginePlan, lastRefusedAt: Date | null, now: Date): boolean {
  if (!takesRequests(plan) || plan.waitingDays === null) return false;
  if (plan.phase !== "active" && plan.phase !== "reminding" && plan.phase !== "grace") return false;
  return !lastRefusedAt || now >= addDays(lastRefusedAt, plan.waitingDays);
}

export function request(plan: EnginePlan, now: Date): { plan: EnginePlan; moves: Move[] } {
  const next: EnginePlan = { ...plan, phase: "requested", requestDueAt: addDays(now, plan.waitingDays ?? 0) };
  return { plan: next, moves: [{ from: plan.phase, to: "requested", reason: "requested" }] };
}

/** The owner refused the pending request; the plan goes back to active (and on along a missed check-in if owed). */
export function refuse(plan: EnginePlan): { plan: EnginePlan; moves: Move[] } {
  const next: EnginePlan = { ...plan, phase: "active", requestDueAt: null };
  return { plan: next, moves: [{ from: plan.phase, to: "active", reason: "refused" }] };
}

/**
 * The owner's reminders before a missed check-in: at half the interval, then 7, 3 and 1 days before the deadline, then
 * daily through the longest grace of their plans. Each is a slot; the owner is sent the latest slot owed, never
 * more than one in 24 hours, and none once they checked in (a check-in moves the deadline and so every slot).
 * Times are epoch milliseconds (a sweep works out 100,000 owners' slots), in order, each once.
 */
export function reminderSlots(deadline: number, intervalDays: number, graceDays: number): number[] {
  const half = (intervalDays * dayMs) / 2;
  const times: number[] = [];
  const add = (at: number) => {
    const last = times.at(-1);
    if (last === undefined || at > last) times.push(at);
  };
  // The furthest ahead first, so the times come in order (an interval of 14 days has its half at 7 days: once).
  for (const ahead of [half, 7 * dayMs, 3 * dayMs, dayMs]) if (ahead <= half) add(deadline - ahead);
  for (let day = 0; day < graceDays; day += 1) add(deadline + day * dayMs);
  return times;
}

export interface ReminderState {
  /** The slot the last reminder answered; reminders for it and earlier slots are not owed again. */
  lastSlotAt: number | null;
  lastSentAt: number | null;
}

/**
 * The reminder owed at `now`, if any: the latest slot that has come and was not answered, once 24 hours have passed
 * since the last reminder. A late sweep sends the latest owed slot only, not every one it missed.
 */
export function reminderDue(
  slots: readonly number[],
  state: ReminderState,
  now: number,
): { slotAt: number | null; nextAt: number | null } {
  const { lastSlotAt, lastSentAt } = state;
  const quietUntil = lastSentAt === null ? Number.NEGATIVE_INFINITY : lastSentAt + dayMs;
  // Of the slots after the last one answered (the open ones): the first, the latest come and the first to come.
  let first: number | null = null;
  let latest: number | null = null;
  let next: number | null = null;
  for (const slot of slots) {
    if (lastSlotAt !== null && slot <= lastSlotAt) continue;
    first ??= slot;
    if (slot <= now) latest = slot;
    else {
      next = slot;
      break;
    }
  }
  if (latest !== null && now >= quietUntil)
    return { slotAt: latest, nextAt: next === null ? null : Math.max(next, now + dayMs) };
  const pending = latest ?? first;
  return { slotAt: null, nextAt: pending === null ? null : Math.max(pending, quietUntil) };
}
