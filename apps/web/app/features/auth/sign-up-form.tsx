import { emailSchema, nameSchema } from "@heirloom/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { WorkProgress } from "#app/components/ui/work-progress.tsx";
import { getCryptoClient } from "#app/features/session/index.ts";
import { NewPasswordField } from "./new-password-field.tsx";
import { checkNewPassword } from "./password-policy.ts";
import { type SignUpOutcome, type SignUpProgress, signUp } from "./sign-up.ts";
import { browserSignUpSteps } from "./sign-up-steps.ts";
import { useFocusWhenIdle } from "./use-focus-when-idle.ts";

interface SignUpValues {
  name: string;
  email: string;
  password: string;
  terms: boolean;
}

export interface SignedUp {
  email: string;
  recoveryKeyText: string;
}

const fieldMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? true : (result.error?.issues[0]?.message ?? "Please check this field.");

/** Starts the crypto workers (and their WebAssembly) while the person is still typing. Errors surface on submit. */
const warmUpCrypto = () => {
  void getCryptoClient().catch(() => {});
};

/**
 * Name, email, password (with the strength meter) and the terms. Checked in the browser with the contract's schemas
 * and the password policy, then features/auth/sign-up.ts runs SPEC.md section 4's steps with visible progress.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: (done: SignedUp) => void }) {
  const [progress, setProgress] = useState<SignUpProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    defaultValues: { name: "", email: "", password: "", terms: false },
    mode: "onTouched",
  });

  const working = progress !== null;
  const focusWhenIdle = useFocusWhenIdle(working, setFocus);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const email = emailSchema.parse(values.email);
    const name = nameSchema.parse(values.name);
    let outcome: SignUpOutcome;
    try {
      outcome = await signUp(browserSignUpSteps, { name, email, password: values.password }, setProgress);
    } finally {
      setProgress(null);
    }
    if (outcome.ok) {
      onSignedUp({ email, recoveryKeyText: outcome.recoveryKeyText });
      return;
    }
    if (outcome.field) {
      setError(outcome.field, { type: "server", message: outcome.message });
      focusWhenIdle(outcome.field);
    } else {
      setFailure(outcome.message);
    }
  });

  const [name, email, password] = watch(["name", "email", "password"]);

  return (
    <form noValidate onSubmit={onSubmit} onFocus={warmUpCrypto} className="space-y-5" aria-busy={working}>
      <ErrorSummary title="Your vault was not created" message={failure} />
      <fieldset disabled={working} className="space-y-5">
        <TextField
          id="signup-name"
          label="Your name"
          autoComplete="name"
          maxLength={100}
          error={errors.name?.message}
          {...register("name", { validate: (v) => fieldMessage(nameSchema.safeParse(v)) })}
        />
        <TextField
          id="signup-email"
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          hint="We send a link to confirm it. Check-in reminders and release notices go here."
          error={errors.email?.message}
          {...register("email", { validate: (v) => fieldMessage(emailSchema.safeParse(v)) })}
        />
        <NewPasswordField
          id="signup-password"
          value={password}
          context={{ email, name }}
          error={errors.password?.message}
          {...register("password", {
            validate: async (v) => {
              const check = await checkNewPassword(v, {
                email: getValues("email"),
                name: getValues("name"),
              });
              return check.ok || (check.message ?? "Please choose another password.");
            },
          })}
        />
        <div>
          <div className="flex gap-3">
            <input
              id="signup-terms"
              type="checkbox"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? "signup-terms-error" : undefined}
              className="mt-1 size-5 shrink-0 rounded border-line-strong accent-accent"
              {...register("terms", {
                validate: (v) => v || "Please accept the terms to create your vault.",
              })}
            />
            <label htmlFor="signup-terms" className="text-[0.9375rem] leading-relaxed text-ink-muted">
              I agree to the{" "}
              <Link to="/Terms" className="link">
                terms of service
              </Link>{" "}
              and{" "}
              <Link to="/Privacy" className="link">
                privacy policy
              </Link>
              , and I understand that Heirloom cannot reset my password.
            </label>
          </div>
          {errors.terms?.message ? (
            <p id="signup-terms-error" className="mt-1.5 text-sm font-medium text-danger">
              {errors.terms.message}
            </p>
          ) : null}
        </div>
      </fieldset>
      {progress ? (
        <WorkProgress
          id="signup-progress"
          title="Creating your vault"
          stage={progress.stage}
          done={progress.done}
          total={progress.total}
        />
      ) : (
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? "Checking…" : "Create vault"}
        </button>
      )}
      <noscript>
        <Notice tone="warning">Creating a vault needs JavaScript: your keys are made in your browser.</Notice>
      </noscript>
    </form>
  );
}
