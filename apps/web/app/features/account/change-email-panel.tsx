import { emailSchema } from "@heirloom/contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { FormError } from "#app/features/auth/form-error.tsx";
import { logUserError } from "#app/features/session/index.ts";
import { describeEmailChangeError, requestEmailChange } from "./change-email.ts";

type Fields = { newEmail?: string; password?: string; totpCode?: string };

/** A new email address: confirm with the password (and code), then open the link sent to the new address. */
export function ChangeEmailPanel({ email, twoFactorEnabled }: { email: string; twoFactorEnabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; attempt: number } | null>(null);
  const attempts = useRef(0);
  const [fields, setFields] = useState<Fields>({});
  const newEmail = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const totp = useRef<HTMLInputElement>(null);
  const ids = useId();

  const fail = (message: string, field?: keyof Fields) => {
    attempts.current += 1;
    setError({ message, attempt: attempts.current });
    setFields(field ? { [field]: message } : {});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(newEmail.current?.value ?? "");
    if (!parsed.success)
      return fail(parsed.error.issues[0]?.message ?? "The email address is not valid.", "newEmail");
    if (parsed.data === email.toLowerCase()) return fail("That is already your email address.", "newEmail");
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await requestEmailChange({
        email,
        newEmail: parsed.data,
        twoFactorEnabled,
        password: password.current?.value ?? "",
        totpCode: totp.current?.value ?? "",
      });
      setSentTo(parsed.data);
      setOpen(false);
    } catch (caught) {
      const problem = describeEmailChangeError(caught);
      if (problem.unknown)
        void logUserError("requestEmailChange", caught instanceof Error ? caught.message : String(caught));
      fail(problem.message, problem.field);
    } finally {
      setBusy(false);
    }
  };

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
        <form noValidate onSubmit={submit} className="space-y-5" aria-label="Change email address">
          <FormError
            key={error?.attempt ?? 0}
            message={error?.message ?? null}
            title="We couldn't change your email"
          />
          <TextField
            ref={newEmail}
            id={`${ids}-new-email`}
            label="New email address"
            type="email"
            autoComplete="email"
            className="max-w-md"
            error={fields.newEmail}
          />
          <TextField
            ref={password}
            id={`${ids}-password`}
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Checked in this browser; it is never sent to us."
            className="max-w-md"
            error={fields.password}
          />
          {twoFactorEnabled ? (
            <TextField
              ref={totp}
              id={`${ids}-totp`}
              label="Code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className="max-w-56"
              error={fields.totpCode}
            />
          ) : null}
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Checking your password..." : "Send the link"}
            </button>
            <button type="button" className="link min-h-11" disabled={busy} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
          Change email address
        </button>
      )}
    </SettingsPanel>
  );
}
