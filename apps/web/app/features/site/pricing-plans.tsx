import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { plans } from "./plans.ts";

/** The pricing section (#get-started), the target of the header's "Pricing" link and of the /pricing alias. */
export function PricingPlans() {
  const cards = [
    { plan: plans.free, cta: { to: "/SignUp", label: "Start free" }, featured: false },
    { plan: plans.premium, cta: { to: "/CheckOut", label: "Choose Premium" }, featured: true },
  ];
  return (
    <section
      id="get-started"
      aria-labelledby="pricing-title"
      className="border-y border-line bg-surface-sunken py-20 sm:py-28"
    >
      <Container>
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Start free. Upgrade when your vault grows."
          lead="No card needed for the free plan. Both plans have the same encryption and the same legacy protections."
          align="center"
        />
        <ul className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          {cards.map(({ plan, cta, featured }) => (
            <li
              key={plan.name}
              className={`flex flex-col rounded-2xl border bg-surface p-7 sm:p-8 ${featured ? "border-accent shadow-lg shadow-accent/10 ring-1 ring-accent" : "border-line"}`}
            >
              <div className="flex items-center justify-between gap-3">
                <h3 className="text-xl font-semibold">{plan.name}</h3>
                {featured ? (
                  <span className="rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent">
                    For households
                  </span>
                ) : null}
              </div>
              <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
                <span className="font-display text-5xl font-semibold tracking-tight">{plan.price}</span>
                <span className="text-ink-muted">{plan.cadence}</span>
              </p>
              <p className="mt-4 leading-relaxed text-ink-muted">{plan.summary}</p>
              <ul className="mt-6 flex-1 space-y-3">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-3">
                    <Icon name="check" className="mt-0.5 size-5 shrink-0 text-accent" />
                    <span>{f}</span>
                  </li>
                ))}
              </ul>
              <Link to={cta.to} className={`${featured ? "btn-primary" : "btn-secondary"} mt-8 w-full`}>
                {cta.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-10 flex max-w-2xl items-start justify-center gap-3 text-center text-[0.9375rem] leading-relaxed text-ink-muted">
          <Icon name="shield-check" className="mt-0.5 size-5 shrink-0 text-accent" />
          <span>
            A release never depends on payment. If a subscription lapses, your legacy plan keeps running and
            the people you chose still receive what you left them.
          </span>
        </p>
      </Container>
    </section>
  );
}
