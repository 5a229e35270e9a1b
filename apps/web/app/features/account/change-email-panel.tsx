import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { ReauthFields } from "#app/features/auth/reauth-fields.tsx";
import { logUserError } from "#app/features/session/index.ts";
import { describeEmailChangeError, requestEmailChange } from "./change-email.ts";
import { type ChangeEmailInput, type ChangeEmailValues, changeEmailSchema } from "./change-email-schema.ts";

/** A new email address: confirm with the password (and code), then open the link sent to the new address. */
export function ChangeEmailPanel({ email, twoFactorEnabled }: { email: string; twoFactorEnabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <SettingsPanel
      id="email-title"
      title="Email address"
      description="Where we send reminders and sign-in links. Your password stays the same when you change it."
    >
      <div role="status">
        {sentTo ? (
          <Notice tone="success" title="Check your new inbox" className="mb-5">
            We sent a link to <strong className="break-all">{sentTo}</strong>. Your email address changes when
            you open it. Until then, keep signing in with {email}.
          </Notice>
        ) : null}
      </div>
      {open ? (
        <ChangeEmailForm
          email={email}
          twoFactorEnabled={twoFactorEnabled}
          onSent={(address) => {
            setSentTo(address);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
          Change email address
        </button>
      )}
    </SettingsPanel>
  );
}

/** The form, mounted while open: cancelling or sending forgets what was typed. */
function ChangeEmailForm({
  email,
  twoFactorEnabled,
  onSent,
  onCancel,
}: {
  email: string;
  twoFactorEnabled: boolean;
  onSent: (address: string) => void;
  onCancel: () => void;
}) {
  const schema = useMemo(() => changeEmailSchema(email, twoFactorEnabled), [email, twoFactorEnabled]);
  const { register, handleSubmit, setError, formState } = useForm<
    ChangeEmailInput,
    unknown,
    ChangeEmailValues
  >({
    resolver: zodResolver(schema),
    defaultValues: { newEmail: "", password: "", totpCode: "" },
    // The summary takes the focus (it names the problem; the field is marked with it too).
    shouldFocusError: false,
  });
  // `attempt` remounts the summary, so the same message is announced and focused again on the next try.
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const fail = (message: string) =>
    setFailure((previous) => ({ message, attempt: (previous?.attempt ?? 0) + 1 }));

  const onSubmit = handleSubmit(
    async ({ newEmail, password, totpCode }) => {
      setFailure(null);
      try {
        await requestEmailChange({ email, newEmail, twoFactorEnabled, password, totpCode });
        onSent(newEmail);
      } catch (caught) {
        const problem = describeEmailChangeError(caught);
        if (problem.unknown)
          void logUserError("requestEmailChange", caught instanceof Error ? caught.message : String(caught));
        if (problem.field) setError(problem.field, { type: "server", message: problem.message });
        fail(problem.message);
      }
    },
    (errors) => {
      const first = errors.newEmail ?? errors.password ?? errors.totpCode;
      if (first?.message) fail(first.message);
    },
  );

  const busy = formState.isSubmitting;
  const { errors } = formState;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Change email address">
      <ErrorSummary
        key={failure?.attempt ?? 0}
        title="We couldn't change your email"
        message={failure?.message ?? null}
      />
      <div className="max-w-md space-y-5">
        <TextField
          id="change-email-new"
          label="New email address"
          type="email"
          autoComplete="email"
          error={errors.newEmail?.message}
          {...register("newEmail")}
        />
        <ReauthFields
          idPrefix="change-email"
          twoFactorEnabled={twoFactorEnabled}
          passwordHint="Checked in this browser; it is never sent to us."
          password={register("password")}
          totpCode={register("totpCode")}
          errors={{ password: errors.password?.message, totpCode: errors.totpCode?.message }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Checking your password..." : "Send the link"}
        </button>
        <button type="button" className="link min-h-11" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
