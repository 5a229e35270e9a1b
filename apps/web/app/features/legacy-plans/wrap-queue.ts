import {
  type LegacyContactList,
  type LegacyPlan,
  type LegacyPlanList,
  legacyPlanMessages,
} from "@heirloom/contract";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import { describeStorageError, isStorageError } from "#app/features/documents/storage-error.ts";
import { ApiError } from "#app/lib/api.ts";
import { apiKey, getQueryClient } from "#app/lib/query.tsx";
import { DOCUMENTS_KEY } from "./documents-key.ts";
import { queueKey } from "./queue-key.ts";
import type { PassProblem, PassProgress } from "./wrap-pass.ts";
import type { ContactWrapState } from "./wrappability.ts";

// The wrap queue of this tab (ARCHITECTURE.md "Legacy model": wrapping is queued work that resumes after a reload).
// One pass at a time; a request during a pass runs one more pass after it. The app shell starts it on every
// signed-in page and asks again whenever the cached plans, contacts or documents change; the plans page shows its
// progress and problems.

export interface QueueNotice {
  readonly id: string;
  readonly text: string;
}

export interface QueueSnapshot {
  readonly running: boolean;
  readonly progress: PassProgress;
  readonly problems: readonly PassProblem[];
  /** Said once: what the queue changed by itself (documents deleted from the vault, taken out of a plan). */
  readonly notices: readonly QueueNotice[];
  /** A pass that failed as a whole (no connection, keys that do not open). */
  readonly error: string | null;
  /** When the last pass ended (ms), null before the first. */
  readonly finishedAt: number | null;
  /** Each recipient contact's state as the last pass found it. */
  readonly states: ReadonlyMap<string, ContactWrapState>;
}

let snapshot: QueueSnapshot = {
  running: false,
  progress: { done: 0, total: 0 },
  problems: [],
  notices: [],
  error: null,
  finishedAt: null,
  states: new Map(),
};
const listeners = new Set<() => void>();
let again = false;
/** The key of the cached state as the last pass left it: a cache change to another key asks for a pass. */
let settledKey: string | null = null;

function set(change: Partial<QueueSnapshot>) {
  snapshot = { ...snapshot, ...change };
  for (const listener of listeners) listener();
}

export const wrapQueue = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => snapshot,
  dismissNotice(id: string) {
    set({ notices: snapshot.notices.filter((n) => n.id !== id) });
  },
  /** Runs a pass now, or once more after the one under way. */
  request() {
    if (snapshot.running) {
      again = true;
      return;
    }
    void run();
  },
  /** Whether the cached state differs from what the last pass left (so a pass could have work). */
  cacheChanged() {
    return settledKey === null || currentCacheKey() !== settledKey;
  },
};

function cachedPlans() {
  return getQueryClient().getQueryData<LegacyPlanList>(apiKey("listLegacyPlans"))?.plans;
}
function cachedContacts() {
  return getQueryClient().getQueryData<LegacyContactList>(apiKey("listLegacyContacts"))?.contacts;
}
function cachedDocuments() {
  return getQueryClient().getQueryData<DocumentEntry[]>(DOCUMENTS_KEY);
}
const currentCacheKey = () => queueKey(cachedPlans(), cachedContacts(), cachedDocuments());

// [Note: The cached plan list and answers that arrive out of order]
// The page and the queue both write the cached plan list. An answer can be older than one already written (the
// queue's GET served before the page's POST, answered after it), so a plan is replaced only by one at least as new
// (version, then updatedAt), and a whole list read by the queue is written only if nothing was written since it was
// asked for; otherwise the queue runs again with a fresh read.
let planWrites = 0;
/** Plans deleted in this tab: a late answer about one of them must not bring it back. */
const dropped = new Set<string>();

export const isNewerPlan = (
  incoming: Pick<LegacyPlan, "version" | "updatedAt">,
  current: Pick<LegacyPlan, "version" | "updatedAt">,
) =>
  incoming.version > current.version ||
  (incoming.version === current.version && incoming.updatedAt >= current.updatedAt);

/** Puts a plan the server just answered with into the cached list (unless the cached one is newer). */
export function putPlan(plan: LegacyPlan): void {
  if (dropped.has(plan.id)) return;
  planWrites++;
  getQueryClient().setQueryData<LegacyPlanList>(apiKey("listLegacyPlans"), (list) => {
    if (!list) return list;
    const current = list.plans.find((p) => p.id === plan.id);
    if (!current) return { plans: [...list.plans, plan] };
    return isNewerPlan(plan, current)
      ? { plans: list.plans.map((p) => (p.id === plan.id ? plan : p)) }
      : list;
  });
}

/** Takes a deleted plan out of the cached list. */
export function dropPlan(planId: string): void {
  dropped.add(planId);
  planWrites++;
  getQueryClient().setQueryData<LegacyPlanList>(apiKey("listLegacyPlans"), (list) =>
    list ? { plans: list.plans.filter((p) => p.id !== planId) } : list,
  );
}

/** Reads the plan list for a pass; writes it to the cache only if nothing newer was written meanwhile. */
export async function readPlansForPass(read: () => Promise<LegacyPlanList>): Promise<LegacyPlan[]> {
  const before = planWrites;
  const list = await read();
  if (planWrites === before) {
    planWrites++;
    getQueryClient().setQueryData(apiKey("listLegacyPlans"), list);
  } else again = true;
  return list.plans;
}

export const isStaleVersion = (error: unknown) =>
  error instanceof ApiError && error.code === "conflict" && error.message === legacyPlanMessages.staleVersion;

export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (isStorageError(error)) return describeStorageError(error);
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}

async function run(): Promise<void> {
  set({ running: true, progress: { done: 0, total: 0 }, error: null });
  try {
    do {
      again = false;
      const { runQueuePass } = await import("./wrap-queue-engine.ts");
      const outcome = await runQueuePass((progress) => set({ progress }));
      const notices = outcome.removed.map(({ planId, documentId }) => {
        const details = outcome.details.get(planId);
        const name = details?.name ? `“${details.name}”` : "one of your plans";
        return {
          id: `${planId}:${documentId}`,
          text: `A document that was deleted from your vault was taken out of ${name}. Its recipients can no longer fetch it.`,
        };
      });
      set({
        problems: outcome.problems,
        states: outcome.states,
        notices: [...snapshot.notices.filter((n) => !notices.some((m) => m.id === n.id)), ...notices],
        error: null,
      });
      // What the pass left, against what is cached now: a difference is a change made meanwhile (another pass).
      const left = queueKey(outcome.plans, outcome.contacts, cachedDocuments());
      settledKey = left;
      if (currentCacheKey() !== left) again = true;
    } while (again);
  } catch (error) {
    settledKey = currentCacheKey();
    set({ error: describeError(error) });
  } finally {
    set({ running: false, finishedAt: Date.now() });
  }
}
