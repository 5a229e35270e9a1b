import { emailSchema } from "@heirloom/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { WorkProgress } from "#app/components/ui/work-progress.tsx";
import { getCryptoClient } from "#app/features/session/index.ts";
import { NewPasswordField } from "./new-password-field.tsx";
import { checkNewPassword } from "./password-policy.ts";
import { type RecoveryProgress, recoverWithKey } from "./recovery.ts";
import { browserRecoverySteps } from "./recovery-steps.ts";
import { useFocusWhenIdle } from "./use-focus-when-idle.ts";

interface Values {
  email: string;
  recoveryKey: string;
  password: string;
}

const warmUpCrypto = () => {
  void getCryptoClient().catch(() => {});
};

/**
 * Email, recovery key and a new password. The key is checked and used in this browser only; the server receives the
 * recovery auth key (derived from it), then the new auth key and the re-encrypted blobs.
 */
export function RecoveryKeyForm({
  defaultEmail,
  onDone,
}: {
  defaultEmail: string;
  onDone: (next: "app" | "login") => void;
}) {
  const [progress, setProgress] = useState<RecoveryProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { email: defaultEmail, recoveryKey: "", password: "" },
    mode: "onTouched",
  });

  const working = progress !== null;
  const focusWhenIdle = useFocusWhenIdle(working, setFocus);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = await recoverWithKey(
      browserRecoverySteps,
      {
        email: emailSchema.parse(values.email),
        recoveryKeyText: values.recoveryKey,
        newPassword: values.password,
      },
      setProgress,
    ).finally(() => setProgress(null));
    if (outcome.ok) onDone(outcome.next);
    else if (outcome.field) {
      setError(outcome.field, { type: "server", message: outcome.message });
      focusWhenIdle(outcome.field);
    } else setFailure(outcome.message);
  });

  const [email, password] = watch(["email", "password"]);
  return (
    <form noValidate onSubmit={onSubmit} onFocus={warmUpCrypto} className="space-y-5" aria-busy={working}>
      <ErrorSummary title="Your vault was not recovered" message={failure} />
      <fieldset disabled={working} className="space-y-5">
        <TextField
          id="recover-email"
          defaultValue={defaultEmail}
          label="Email address"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          error={errors.email?.message}
          {...register("email", {
            validate: (v) => emailSchema.safeParse(v).success || "The email address is not valid.",
          })}
        />
        <TextField
          id="recover-key"
          label="Recovery key"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="[&_input]:font-mono"
          hint="The 56 characters on your recovery kit, in groups of four. Dashes, spaces and case do not matter."
          error={errors.recoveryKey?.message}
          {...register("recoveryKey", {
            validate: (v) =>
              v.replace(/[\s-]/g, "").length > 0 || "Enter the recovery key from your recovery kit.",
          })}
        />
        <NewPasswordField
          id="recover-password"
          label="New password"
          value={password}
          context={{ email }}
          error={errors.password?.message}
          {...register("password", {
            validate: async (v) => {
              const check = await checkNewPassword(v, { email: getValues("email") });
              return check.ok || (check.message ?? "Please choose another password.");
            },
          })}
        />
      </fieldset>
      {progress ? (
        <WorkProgress
          id="recover-progress"
          title="Recovering your vault"
          stage={progress.stage}
          done={progress.done}
          total={progress.total}
        />
      ) : (
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? "Checking…" : "Set new password"}
        </button>
      )}
    </form>
  );
}
