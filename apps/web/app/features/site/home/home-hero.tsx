import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PlanPreview } from "./plan-preview.tsx";

const assurances = ["Free up to 1 GiB", "Keys made in your browser", "Nothing released outside your rules"];

/** The hero (#lg): what Heirloom is, in one sentence, and the way in. */
export function HomeHero() {
  return (
    <section id="lg" aria-labelledby="hero-title" className="overflow-hidden border-b border-line">
      <Container className="grid grid-cols-1 items-center gap-14 py-16 sm:py-24 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">
            Encrypted vault · Per-document legacy
          </p>
          <h1
            id="hero-title"
            className="mt-4 font-display text-[2.5rem] leading-[1.08] font-semibold tracking-tight sm:text-6xl"
          >
            Leave the right things to the right people.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-muted sm:text-xl">
            Keep your will, your account passwords and the instructions only you know in a vault that only you
            can open. Decide, document by document, who receives what and when. Heirloom carries it out
            without ever being able to read a word.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <Link to="/SignUp" className="btn-primary px-6 text-[1.0625rem] whitespace-nowrap">
              Create your free vault
              <Icon name="arrow-right" className="size-5" />
            </Link>
            <Link to="/HowItWorks" className="btn-secondary px-6 text-[1.0625rem] whitespace-nowrap">
              See how it works
            </Link>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-[0.9375rem] text-ink-muted sm:flex-row sm:flex-wrap sm:gap-x-6">
            {assurances.map((a) => (
              <li key={a} className="flex items-center gap-2">
                <Icon name="check" className="size-4 text-accent" />
                {a}
              </li>
            ))}
          </ul>
        </div>
        <PlanPreview />
      </Container>
    </section>
  );
}
