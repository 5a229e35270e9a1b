import { Icon } from "#app/components/ui/icon.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { AuthShell } from "./auth-shell.tsx";
import { PlanSummary } from "./plan-summary.tsx";

/** /Payment: where the card form will sit; until card payments open, it says so and charges nothing. */
export function PaymentPage() {
  return (
    <AuthShell
      eyebrow="Checkout"
      title="Payment"
      lead="Card details go straight to our payment provider. They never reach our servers, and we never see your full card number."
      aside={<PlanSummary />}
    >
      <Notice tone="info" className="mb-6">
        Card payments open soon. Until then your plan stays as it is, and nothing is charged.
      </Notice>
      <section aria-label="Payment details">
        <div className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-line-strong bg-surface-sunken p-6 text-center text-ink-muted">
          <Icon name="card" className="size-8 text-accent" />
          <p>The secure card form appears here.</p>
        </div>
        <dl className="mt-6 space-y-2 text-[0.9375rem]">
          <div className="flex justify-between gap-4">
            <dt className="text-ink-muted">Heirloom Premium</dt>
            <dd>$4 a month or $40 a year</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-line pt-2 font-semibold">
            <dt>Due today</dt>
            <dd>Shown before you pay</dd>
          </div>
        </dl>
        <button type="button" className="btn-primary mt-6 w-full" disabled>
          <Icon name="lock" className="size-5" />
          Pay and upgrade
        </button>
      </section>
    </AuthShell>
  );
}
