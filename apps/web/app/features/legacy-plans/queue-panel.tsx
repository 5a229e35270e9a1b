import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { planTitle } from "./plan-details.ts";
import type { OpenedPlans } from "./use-opened.ts";
import { type QueueSnapshot, wrapQueue } from "./wrap-queue.ts";

/** What the wrap queue is doing for the plans on this page: progress, problems, and what it changed by itself. */
export function QueuePanel({ queue, opened }: { queue: QueueSnapshot; opened: OpenedPlans | undefined }) {
  const { done, total } = queue.progress;
  const planName = (planId: string | null) =>
    planId ? planTitle(opened?.details.get(planId)) : "A document no longer in any plan";
  const who = (contactId: string | null) =>
    contactId ? (opened?.names.get(contactId) ?? "a recipient") : null;
  const status = queue.running
    ? total > 0
      ? `Preparing your plans for your recipients: ${done} of ${total} steps done.`
      : "Checking what your recipients need…"
    : queue.error
      ? null
      : !queue.finishedAt
        ? "Checking what your recipients need…"
        : queue.problems.length > 0
          ? "Some items could not be prepared: see below."
          : "Everything is prepared for your confirmed recipients.";
  return (
    <section
      aria-labelledby="queue-title"
      className="space-y-3 rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-7"
    >
      <h2 id="queue-title" className="text-xl font-semibold">
        Preparing for your recipients
      </h2>
      <p className="leading-relaxed text-ink-muted">
        This browser encrypts each document's key to each confirmed recipient and signs the list of what they
        receive. It runs by itself whenever you are signed in, and picks up where it stopped.
      </p>
      <div
        role="status"
        aria-live="polite"
        className="flex min-h-6 items-center gap-3"
        data-testid="queue-status"
      >
        {queue.running ? <Spinner className="size-5 shrink-0" /> : null}
        <span>{status}</span>
      </div>
      {queue.running && total > 0 ? (
        <progress
          aria-label="Prepared so far"
          value={done}
          max={total}
          className="block h-2 w-full overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
        />
      ) : null}
      <div role="alert">
        {queue.error ? (
          <Notice tone="danger" title="Preparing stopped">
            <p>{queue.error}</p>
            <button type="button" className="btn-secondary mt-3" onClick={() => wrapQueue.request()}>
              Try again
            </button>
          </Notice>
        ) : null}
      </div>
      {queue.problems.length > 0 && !queue.running ? (
        <Notice tone="warning" title="Not everything could be prepared">
          <ul className="list-disc space-y-1 pl-5" data-testid="queue-problems">
            {queue.problems.map((p) => (
              <li key={`${p.planId}:${p.contactId}:${p.documentId}:${p.text}`} className="break-words">
                {planName(p.planId)}
                {who(p.contactId) ? `, for ${who(p.contactId)}` : ""}: {p.text}
              </li>
            ))}
          </ul>
          <button type="button" className="btn-secondary mt-3" onClick={() => wrapQueue.request()}>
            Try again
          </button>
        </Notice>
      ) : null}
      {queue.notices.map((notice) => (
        <Notice key={notice.id} tone="info">
          <p>{notice.text}</p>
          <button
            type="button"
            className="btn-secondary mt-3 min-h-10 px-3.5 py-1.5 text-sm"
            onClick={() => wrapQueue.dismissNotice(notice.id)}
          >
            Dismiss
          </button>
        </Notice>
      ))}
    </section>
  );
}
