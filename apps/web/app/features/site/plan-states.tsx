const states = [
  {
    name: "Active",
    body: "You are checking in. Nothing is scheduled to happen.",
    tone: "bg-success-soft text-success",
  },
  {
    name: "Reminding",
    body: "A check-in is overdue. Reminders go out by email, then by text message.",
    tone: "bg-brass-soft text-brass",
  },
  {
    name: "Grace",
    body: "The last stretch: a final period to answer before anything is released.",
    tone: "bg-brass-soft text-brass",
  },
  {
    name: "Released",
    body: "Recipients receive the sealed keys for their plan, and only that plan.",
    tone: "bg-accent-soft text-accent",
  },
] as const;

/** The life of a legacy plan: active -> reminding -> grace -> released, with a check-in resetting it to active. */
export function PlanStates() {
  return (
    <figure className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
      <ol className="grid gap-4 md:grid-cols-4">
        {states.map((s, i) => (
          <li key={s.name} className="flex gap-4 md:flex-col md:gap-3">
            <div className="flex w-28 shrink-0 items-center gap-3 md:w-auto">
              <span
                className={`inline-flex h-8 items-center rounded-full px-3.5 text-sm font-semibold ${s.tone}`}
              >
                {s.name}
              </span>
              {i < states.length - 1 ? (
                <span aria-hidden="true" className="hidden h-px flex-1 bg-line-strong md:block" />
              ) : null}
            </div>
            <p className="text-[0.9375rem] leading-relaxed text-ink-muted">{s.body}</p>
          </li>
        ))}
      </ol>
      <figcaption className="mt-6 border-t border-line pt-5 text-[0.9375rem] leading-relaxed text-ink">
        <strong className="font-semibold">
          A check-in at any point before release cancels the countdown
        </strong>{" "}
        and returns the plan to Active. Every move between states is recorded in your activity log and you are
        told about it.
      </figcaption>
    </figure>
  );
}
