import type { SessionUser } from "@heirloom/contract";
import { type Ref, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { logUserError } from "#app/features/session/index.ts";
import { StepHeading, securitySettingsPath } from "./mfa-setup-step.tsx";
import {
  browserTwoFactorDeps,
  describeTwoFactorError,
  startTotpEnrolment,
  type TotpEnrolment,
} from "./two-factor.ts";

/** Step 1: the current password, which starts the enrolment (features/auth/two-factor.ts). */
export function PasswordStep({
  user,
  onStarted,
  headingRef,
}: {
  user: SessionUser;
  onStarted: (enrolment: TotpEnrolment) => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{ password: string }>({
    defaultValues: { password: "" },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      onStarted(await startTotpEnrolment(browserTwoFactorDeps(), { email: user.email, password }));
    } catch (error) {
      const problem = describeTwoFactorError(error);
      if (problem.unknown) {
        void logUserError("enableTwoFactor", error instanceof Error ? error.message : String(error));
      }
      if (problem.field === "password") {
        setError("password", { message: problem.message });
        setFocus("password");
      } else {
        setFailure(problem.message);
      }
    }
  });

  return (
    <section aria-labelledby="mfa-step-1" className="space-y-4">
      <StepHeading n={1} headingRef={headingRef}>
        Confirm it is you
      </StepHeading>
      <p className="text-[0.9375rem] leading-relaxed text-ink-muted">
        Enter your password. It is checked here in your browser and never sent to us.
      </p>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <ErrorSummary title="Two-factor was not set up" message={failure} />
        <TextField
          id="mfa-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register("password", { required: "Enter your current password." })}
        />
        <div role="status" aria-live="polite">
          {formState.isSubmitting ? (
            <p className="flex items-center gap-2.5 text-[0.9375rem]">
              <Spinner className="size-5 shrink-0" />
              Checking your password. This takes a few seconds…
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
            Continue
          </button>
          <Link to={securitySettingsPath} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
