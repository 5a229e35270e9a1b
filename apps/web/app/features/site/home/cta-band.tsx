import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";

/** The closing call to action. */
export function CtaBand() {
  return (
    <section aria-labelledby="cta-title" className="pb-24">
      <Container>
        <div className="rounded-3xl bg-accent px-6 py-14 text-center text-on-accent sm:px-12 sm:py-16">
          <h2 id="cta-title" className="font-display text-3xl leading-tight font-semibold sm:text-4xl">
            Start with one document.
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed">
            Most people begin with the thing their family would struggle most to find. It takes ten minutes,
            and it is free.
          </p>
          <Link
            to="/SignUp"
            className="mt-8 inline-flex min-h-12 items-center justify-center rounded-lg bg-canvas px-7 text-lg font-semibold text-ink transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-on-accent"
          >
            Create your free vault
          </Link>
        </div>
      </Container>
    </section>
  );
}
