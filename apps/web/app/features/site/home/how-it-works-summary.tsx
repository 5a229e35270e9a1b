import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";

const steps = [
  {
    title: "Create your vault",
    body: "Choose a password. Your browser turns it into your vault key; it is never sent to us. Print your recovery kit.",
  },
  {
    title: "Add what matters",
    body: "Upload documents, store passwords and write instructions. Each is encrypted on your device with its own key.",
  },
  {
    title: "Choose people and rules",
    body: "Invite legacy contacts, confirm each one's key fingerprint, then pick which documents each receives and what releases them.",
  },
  {
    title: "We release exactly that",
    body: "When a trigger completes, each person gets the keys to their documents, and only theirs. Their own browser opens them.",
  },
];

/** Four-step overview on the home page; the full walk-through is /HowItWorks. */
export function HowItWorksSummary() {
  return (
    <section aria-labelledby="how-title" className="border-y border-line bg-surface-sunken py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="Set it up in an afternoon. It keeps working for years."
        />
        <ol className="mt-14 grid gap-8 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((s, i) => (
            <li key={s.title} className="relative">
              <span aria-hidden="true" className="font-display text-5xl font-semibold text-accent/70">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-3 text-lg font-semibold">{s.title}</h3>
              <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">{s.body}</p>
            </li>
          ))}
        </ol>
        <Link to="/HowItWorks" className="link mt-12 inline-block">
          Read the full walk-through
        </Link>
      </Container>
    </section>
  );
}
