import { Icon } from "#app/components/ui/icon.tsx";
import { plans } from "#app/features/site/plans.ts";

/** The Premium plan as it appears beside checkout and payment. */
export function PlanSummary() {
  const plan = plans.premium;
  return (
    <aside
      aria-labelledby="plan-summary-title"
      className="rounded-2xl border border-line bg-surface p-6 sm:p-7"
    >
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">Your plan</p>
      <h2 id="plan-summary-title" className="mt-1 font-display text-2xl font-semibold">
        Heirloom {plan.name}
      </h2>
      <p className="mt-2 text-ink-muted">$4 a month, or $40 a year.</p>
      <ul className="mt-5 space-y-2.5">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-3 text-[0.9375rem]">
            <Icon name="check" className="mt-0.5 size-5 shrink-0 text-accent" />
            {f}
          </li>
        ))}
      </ul>
      <p className="mt-6 border-t border-line pt-5 text-sm leading-relaxed text-ink-muted">
        Cancel at any time; Premium runs to the end of the period you paid for. A release never depends on
        payment.
      </p>
    </aside>
  );
}
