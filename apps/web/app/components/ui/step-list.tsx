import type { ReactNode } from "react";

export interface Step {
  title: string;
  body: ReactNode;
}

/** A numbered sequence (a real <ol>), with a rail joining the numbers so the order reads at a glance. */
export function StepList({ steps, headingLevel = 3 }: { steps: readonly Step[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol className="relative space-y-10">
      {steps.map((step, i) => (
        <li key={step.title} className="relative flex gap-5 sm:gap-7">
          {i < steps.length - 1 ? (
            <span
              aria-hidden="true"
              className="absolute top-12 bottom-[-2.25rem] left-5 w-px bg-line-strong"
            />
          ) : null}
          <span
            aria-hidden="true"
            className="relative flex size-10 shrink-0 items-center justify-center rounded-full border border-accent/50 bg-accent-soft font-semibold text-accent"
          >
            {i + 1}
          </span>
          <div className="min-w-0 pt-1.5">
            <Heading className="text-lg font-semibold leading-snug sm:text-xl">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </Heading>
            <div className="mt-2 space-y-3 leading-relaxed text-ink-muted">{step.body}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}
