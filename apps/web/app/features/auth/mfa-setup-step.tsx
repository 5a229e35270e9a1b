import type { Ref } from "react";

/** Where the two-factor setup starts from, and where it leads back to. */
export const securitySettingsPath = "/app/securitysettings";

/** The numbered heading of one of the setup's four steps (id mfa-step-<n>, which each step's section is named by). */
export function StepHeading({
  n,
  children,
  headingRef,
}: {
  n: number;
  children: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <h2
      id={`mfa-step-${n}`}
      ref={headingRef}
      tabIndex={-1}
      className="flex items-center gap-3 text-lg font-semibold outline-none"
    >
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent"
      >
        {n}
      </span>
      <span>
        <span className="sr-only">Step {n} of 4: </span>
        {children}
      </span>
    </h2>
  );
}
