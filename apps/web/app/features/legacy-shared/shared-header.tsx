import type { LegacyShared } from "@heirloom/contract";
import type { DateFormat } from "#app/features/prefs/date-format.ts";

/** "Drill": the words carry it; the colour only repeats them. */
export function DrillBadge() {
  return (
    <span className="inline-flex items-center rounded-full border border-brass/50 bg-brass-soft px-3 py-1 text-sm font-semibold text-ink">
      Drill
    </span>
  );
}

/** Who shared this, when, until when, and what a download means. Shown only once the statement has checked out. */
export function SharedHeader({ shared, dates }: { shared: LegacyShared; dates: DateFormat }) {
  const owner = shared.owner.name || shared.owner.email;
  return (
    <section
      aria-labelledby="shared-from-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-7"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="shared-from-title" className="text-xl font-semibold wrap-anywhere">
          {shared.kind === "drill" ? `A drill from ${owner}` : `From ${owner}`}
        </h2>
        {shared.kind === "drill" ? <DrillBadge /> : null}
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-0.5 text-[0.9375rem] sm:grid-cols-[max-content_1fr] sm:gap-y-3">
        <dt className="mt-2.5 font-medium text-ink-muted first:mt-0 sm:mt-0">Shared by</dt>
        <dd className="wrap-anywhere">
          {shared.owner.name ? `${shared.owner.name} ` : null}
          <span className="text-ink-muted">({shared.owner.email})</span>
        </dd>
        <dt className="mt-2.5 font-medium text-ink-muted first:mt-0 sm:mt-0">
          {shared.kind === "drill" ? "Sent on" : "Released on"}
        </dt>
        <dd>{dates.dayAndTime(shared.releasedAt)}</dd>
        {shared.expiresAt ? (
          <>
            <dt className="mt-2.5 font-medium text-ink-muted first:mt-0 sm:mt-0">
              {shared.kind === "drill" ? "Drill expires on" : "Available until"}
            </dt>
            <dd>{dates.dayAndTime(shared.expiresAt)}</dd>
          </>
        ) : null}
      </dl>
      {shared.kind === "drill" ? (
        <p className="mt-4 rounded-xl border border-brass/40 bg-brass-soft px-4 py-3 font-medium">
          This is a test from {owner}. Nothing real has been released.
        </p>
      ) : (
        <p className="mt-4 leading-relaxed text-ink-muted">
          Everything below was checked in this browser against {owner}'s signature and opened with your own
          key. Copies you download are yours to keep
          {shared.expiresAt ? ", also after this share ends" : ""}.
        </p>
      )}
    </section>
  );
}
