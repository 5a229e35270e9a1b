import type { SessionUser } from "@heirloom/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { logUserError } from "#app/features/session/index.ts";
import {
  browserDeleteAccountDeps,
  ConfirmationMismatchError,
  deleteAccount,
  deleteAccountConfirmation,
} from "./delete-account.ts";
import { describeReauthError } from "./reauth.ts";
import { ReauthFields } from "./reauth-fields.tsx";

interface Values {
  password: string;
  totpCode: string;
  confirmation: string;
}

const removed = [
  "your documents, passwords and service account instructions",
  "your legacy plans, contacts and the keys shared with them",
  "your keys, recovery kit wraps, profile and activity history",
];

/** Delete the account (SPEC.md section 7 deleteUserData): re-authenticate, type DELETE, then everything is gone. */
export function DeleteAccountPanel({ user }: { user: SessionUser }) {
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Values>({
    defaultValues: { password: "", totpCode: "", confirmation: "" },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await deleteAccount(
        {
          ...browserDeleteAccountDeps,
          postDeleteAccount: async (body) => {
            setDeleting(true);
            await browserDeleteAccountDeps.postDeleteAccount(body);
          },
        },
        { ...values, email: user.email, twoFactorEnabled: user.twoFactorEnabled },
      );
    } catch (error) {
      setDeleting(false);
      if (error instanceof ConfirmationMismatchError) {
        setError("confirmation", { message: error.message });
        setFocus("confirmation");
        return;
      }
      const problem = describeReauthError(error);
      if (problem.unknown) {
        void logUserError("deleteAccount", error instanceof Error ? error.message : String(error));
      }
      if (problem.field === "password" || problem.field === "totpCode") {
        setError(problem.field, { message: problem.message });
        setFocus(problem.field);
      } else {
        setFailure(problem.message);
      }
    }
  });

  const busy = formState.isSubmitting;
  return (
    <SettingsPanel
      id="delete-title"
      title="Delete account"
      description="Deleting your account removes everything you keep in Heirloom. It cannot be undone: we cannot restore it, and nobody you chose will receive anything."
    >
      <div className="max-w-md space-y-5">
        <div className="rounded-xl border border-danger/40 bg-danger-soft p-4 text-[0.9375rem] leading-relaxed">
          <p className="font-semibold">This permanently deletes:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {removed.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <ErrorSummary title="Your account was not deleted" message={failure} />
          <ReauthFields
            idPrefix="delete-account"
            twoFactorEnabled={user.twoFactorEnabled}
            password={register("password", { required: "Enter your current password." })}
            totpCode={register("totpCode")}
            errors={{
              password: formState.errors.password?.message,
              totpCode: formState.errors.totpCode?.message,
            }}
          />
          <TextField
            id="delete-account-confirmation"
            label={`Type ${deleteAccountConfirmation} to confirm`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="max-w-56"
            error={formState.errors.confirmation?.message}
            {...register("confirmation", {
              validate: (v) =>
                v.trim() === deleteAccountConfirmation || new ConfirmationMismatchError().message,
            })}
          />
          <div role="status" aria-live="polite">
            {busy ? (
              <p className="flex items-center gap-2.5 text-[0.9375rem]">
                <Spinner className="size-5 shrink-0" />
                {deleting
                  ? "Deleting your account and everything in it…"
                  : "Checking your password. This takes a few seconds…"}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-danger px-5 py-2.5 font-medium text-canvas transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-danger disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? "Deleting…" : "Delete my account"}
          </button>
        </form>
      </div>
    </SettingsPanel>
  );
}
