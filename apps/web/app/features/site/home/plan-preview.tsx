import { Icon } from "#app/components/ui/icon.tsx";

const rows = [
  { doc: "Will and letter of wishes", to: ["Sam (executor)"], icon: "W" },
  { doc: "Pension and insurance details", to: ["Alex"], icon: "P" },
  { doc: "Email and phone passwords", to: ["Alex", "Sam"], icon: "E" },
  { doc: "Letter to my daughter", to: ["Maya"], icon: "L" },
] as const;

/**
 * An illustration of a legacy plan, drawn with HTML so it is crisp, themeable and costs no image request.
 * It repeats what the text around it says, so it is hidden from screen readers.
 */
export function PlanPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-accent-soft/60 sm:-inset-6" />
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-xl shadow-ink/5 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <p className="font-semibold">Legacy plan: Family</p>
          <span className="rounded-full bg-success-soft px-2.5 py-1 text-xs font-semibold text-success">
            Active
          </span>
        </div>
        <p className="mt-1 text-sm text-ink-muted">Next check-in in 23 days · 14-day grace period</p>
        <ul className="mt-5 divide-y divide-line border-y border-line">
          {rows.map((r) => (
            <li key={r.doc} className="flex items-center gap-3 py-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-sunken text-sm font-semibold text-accent">
                {r.icon}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-[0.9375rem] font-medium">{r.doc}</span>
                <span className="block truncate text-sm text-ink-muted">to {r.to.join(" and ")}</span>
              </span>
              <Icon name="lock" className="size-4 shrink-0 text-ink-muted" />
            </li>
          ))}
        </ul>
        <div className="mt-4 flex items-center gap-2 rounded-lg bg-accent-soft px-3 py-2.5 text-sm text-ink">
          <span className="font-semibold text-accent">Fingerprint confirmed</span>
          <span className="text-ink-muted">for all 3 contacts</span>
        </div>
      </div>
    </div>
  );
}
