import { Link } from "react-router";
import { AuthPendingNote } from "#app/features/auth/auth-pending-note.tsx";
import { AuthShell } from "#app/features/auth/auth-shell.tsx";
import { PlanSummary } from "#app/features/auth/plan-summary.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Upgrade to Premium",
    "Upgrade your Heirloom vault to Premium: 100 GiB of encrypted storage, more legacy contacts and plans, text reminders and priority support. $4 a month or $40 a year.",
  );

const periods = [
  { id: "monthly", label: "Monthly", price: "$4 a month", note: "Cancel any month." },
  { id: "yearly", label: "Yearly", price: "$40 a year", note: "Two months free compared with monthly." },
] as const;

export default function CheckOut() {
  return (
    <AuthShell
      eyebrow="Checkout"
      title="Upgrade to Premium"
      lead="Choose how you would like to pay. You can switch or cancel later from your account."
      aside={<PlanSummary />}
    >
      <AuthPendingNote />
      <form method="post" noValidate className="space-y-6">
        <fieldset>
          <legend className="text-sm font-medium text-ink">Billing period</legend>
          <div className="mt-3 space-y-3">
            {periods.map((p) => (
              <label
                key={p.id}
                htmlFor={`period-${p.id}`}
                className="flex cursor-pointer items-start gap-4 rounded-xl border border-line-strong bg-surface p-4 has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
              >
                <input
                  id={`period-${p.id}`}
                  type="radio"
                  name="period"
                  value={p.id}
                  defaultChecked={p.id === "yearly"}
                  className="mt-1 size-4 accent-accent"
                />
                <span className="flex-1">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-semibold">{p.label}</span>
                    <span className="font-semibold">{p.price}</span>
                  </span>
                  <span className="mt-1 block text-sm text-ink-muted">{p.note}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn-primary w-full" disabled>
          Continue to payment
        </button>
        <p className="text-center text-sm text-ink-muted">
          Not sure yet?{" "}
          <Link to="/#get-started" className="link">
            Compare the plans
          </Link>
        </p>
      </form>
    </AuthShell>
  );
}
