import { emailSchema } from "@heirloom/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { getCryptoClient } from "#app/features/session/index.ts";
import { NewPasswordField } from "./new-password-field.tsx";
import { checkNewPassword } from "./password-policy.ts";
import { resetWithEmailLink } from "./recovery.ts";
import { browserResetSteps } from "./recovery-steps.ts";

const warmUpCrypto = () => {
  void getCryptoClient().catch(() => {});
};

/**
 * The emailed link (/recover?reset=TOKEN&email=...): a new password, whose auth key is made with the account's current
 * salt. The address comes from the link and is shown read-only, so the key is made for the right account.
 */
export function ResetPasswordForm({
  token,
  email: linkEmail,
  onDone,
}: {
  token: string;
  email: string | null;
  onDone: (email: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  // Disabled while the key is made and sent, not while the fields are checked (a disabled field cannot take focus).
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string; password: string }>({
    defaultValues: { email: linkEmail ?? "", password: "" },
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const email = emailSchema.parse(values.email);
    setBusy(true);
    const outcome = await resetWithEmailLink(browserResetSteps, {
      token,
      email,
      newPassword: values.password,
    }).finally(() => setBusy(false));
    if (outcome.ok) onDone(email);
    else setFailure(outcome.message);
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={warmUpCrypto} className="space-y-5" aria-busy={busy}>
      <ErrorSummary title="Your password was not changed" message={failure} />
      <fieldset disabled={busy} className="space-y-5">
        <TextField
          id="reset-link-email"
          label="Email address"
          type="email"
          autoComplete="username"
          readOnly={linkEmail !== null}
          className="[&_input:read-only]:bg-surface-sunken"
          defaultValue={linkEmail ?? ""}
          hint={linkEmail !== null ? "From your reset link." : "The address the reset email was sent to."}
          error={errors.email?.message}
          {...register("email", {
            validate: (v) => emailSchema.safeParse(v).success || "The email address is not valid.",
          })}
        />
        <NewPasswordField
          id="reset-link-password"
          label="New password"
          value={watch("password")}
          context={{ email: watch("email") }}
          error={errors.password?.message}
          {...register("password", {
            validate: async (v) => {
              const check = await checkNewPassword(v, { email: getValues("email") });
              return check.ok || (check.message ?? "Please choose another password.");
            },
          })}
        />
      </fieldset>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {busy ? "Setting your new password…" : isSubmitting ? "Checking…" : "Set new password"}
      </button>
    </form>
  );
}
