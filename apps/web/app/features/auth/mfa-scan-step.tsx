import { type Ref, useState } from "react";
import { useForm } from "react-hook-form";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { logUserError } from "#app/features/session/index.ts";
import { StepHeading } from "./mfa-setup-step.tsx";
import { QrCode } from "./qr-code.tsx";
import {
  browserTwoFactorDeps,
  confirmTotpEnrolment,
  describeTwoFactorError,
  groupInFours,
  type TotpEnrolment,
} from "./two-factor.ts";

/** Steps 2 and 3: add the account to the authenticator app, then prove it with a code, which turns two-factor on. */
export function ScanStep({
  enrolment,
  onConfirmed,
  headingRef,
}: {
  enrolment: TotpEnrolment;
  onConfirmed: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{ code: string }>({
    defaultValues: { code: "" },
  });
  const [copied, setCopied] = useState(false);

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await confirmTotpEnrolment(browserTwoFactorDeps(), code);
      onConfirmed();
    } catch (error) {
      const problem = describeTwoFactorError(error);
      if (problem.unknown) {
        void logUserError("verifyTotp", error instanceof Error ? error.message : String(error));
      }
      setError("code", { message: problem.message });
      setFocus("code");
    }
  });

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="space-y-9">
      <section aria-labelledby="mfa-step-2" className="space-y-4">
        <StepHeading n={2} headingRef={headingRef}>
          Add Heirloom to your authenticator app
        </StepHeading>
        <p className="text-[0.9375rem] leading-relaxed text-ink-muted">
          Scan this code with an app such as Google Authenticator, Microsoft Authenticator, 1Password or
          Aegis.
        </p>
        <QrCode value={enrolment.totpURI} label="QR code for your authenticator app" className="size-56" />
        <p className="text-[0.9375rem] leading-relaxed text-ink-muted">
          Cannot scan? Choose “enter a setup key” in your app and type this key:
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <p className="rounded-lg border border-line bg-surface-sunken px-4 py-3 font-mono text-[0.9375rem] tracking-wider break-words text-ink">
            <span className="sr-only">Setup key: </span>
            <code data-testid="mfa-setup-key">{groupInFours(enrolment.secret)}</code>
          </p>
          <button type="button" className="btn-secondary" onClick={() => void copyKey()}>
            Copy key
          </button>
          <span role="status" className="text-sm text-ink-muted">
            {copied ? "Key copied." : ""}
          </span>
        </div>
      </section>
      <section aria-labelledby="mfa-step-3" className="space-y-4">
        <StepHeading n={3}>Enter the six-digit code from the app</StepHeading>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            id="mfa-code"
            label="Six-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="max-w-xs"
            hint="The code changes every 30 seconds."
            error={formState.errors.code?.message}
            {...register("code", { required: "Enter the 6-digit code from your authenticator app." })}
          />
          <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? <Spinner className="size-4" /> : null}
            Turn on two-factor sign-in
          </button>
        </form>
      </section>
    </div>
  );
}
