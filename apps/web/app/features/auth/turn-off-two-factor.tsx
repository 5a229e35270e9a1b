import type { SessionUser } from "@heirloom/contract";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { logUserError } from "#app/features/session/index.ts";
import { ReauthFields } from "./reauth-fields.tsx";
import { browserTwoFactorDeps, describeTwoFactorError, disableTwoFactor } from "./two-factor.ts";

/**
 * Turning two-factor off, behind a button and the current password. Used on the security settings page and on
 * /mfa/setup when the account is already enrolled. `onDone` runs after the session store shows it off.
 */
export function TurnOffTwoFactor({ user, onDone }: { user: SessionUser; onDone?: () => void }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{
    password: string;
    totpCode: string;
  }>({
    defaultValues: { password: "", totpCode: "" },
  });

  // The button that opened the form is gone: the first field takes the focus.
  useEffect(() => {
    if (open) setFocus("password");
  }, [open, setFocus]);

  const onSubmit = handleSubmit(async ({ password, totpCode }) => {
    setFailure(null);
    try {
      await disableTwoFactor(browserTwoFactorDeps(), { email: user.email, password, totpCode });
      setOpen(false);
      onDone?.();
    } catch (error) {
      const problem = describeTwoFactorError(error);
      if (problem.unknown) {
        void logUserError("disableTwoFactor", error instanceof Error ? error.message : String(error));
      }
      if (problem.field === "password") {
        setError("password", { message: problem.message });
        setFocus("password");
      } else if (problem.field === "code") {
        setError("totpCode", { message: problem.message });
        setFocus("totpCode");
      } else {
        setFailure(problem.message);
      }
    }
  });

  if (!open) {
    return (
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        Turn off two-factor
      </button>
    );
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="w-full max-w-md space-y-4 rounded-xl border border-line p-4"
    >
      <p className="text-[0.9375rem] leading-relaxed text-ink-muted">
        Without two-factor, your password alone opens your account. Enter it and a fresh code from your
        authenticator app to turn two-factor off; your backup codes stop working too.
      </p>
      <ErrorSummary title="Two-factor is still on" message={failure} />
      <ReauthFields
        idPrefix="mfa-off"
        twoFactorEnabled
        password={register("password", { required: "Enter your current password." })}
        totpCode={register("totpCode")}
        errors={{
          password: formState.errors.password?.message,
          totpCode: formState.errors.totpCode?.message,
        }}
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
          Turn off two-factor
        </button>
        <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
