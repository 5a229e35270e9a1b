import type { SessionUser } from "@heirloom/contract";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FormOutcome } from "#app/components/ui/form-feedback.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { WorkProgress } from "#app/components/ui/work-progress.tsx";
import { logUserError } from "#app/features/session/index.ts";
import {
  browserChangePasswordDeps,
  type ChangePasswordStep,
  changePassword,
  changePasswordStepLabels,
} from "./change-password.ts";
import { NewPasswordField } from "./new-password-field.tsx";
import { checkNewPassword, checkPasswordRules, passwordMessages } from "./password-policy.ts";
import { describeReauthError } from "./reauth.ts";
import { ReauthFields } from "./reauth-fields.tsx";

interface Values {
  password: string;
  totpCode: string;
  newPassword: string;
  confirmPassword: string;
}

const steps: readonly ChangePasswordStep[] = ["checking", "deriving", "rewrapping", "saving"];
const empty: Values = { password: "", totpCode: "", newPassword: "", confirmPassword: "" };

/**
 * Change password: re-authenticate, choose the new password, then re-wrap the account's keys in the browser
 * (features/auth/change-password.ts). Every other session ends; this one stays unlocked with the new key.
 */
export function ChangePasswordPanel({ user, onChanged }: { user: SessionUser; onChanged?: () => void }) {
  const { register, handleSubmit, watch, setError, setFocus, reset, formState } = useForm<Values>({
    defaultValues: empty,
  });
  const [step, setStep] = useState<ChangePasswordStep | null>(null);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const context = { email: user.email, name: user.name };

  const onSubmit = handleSubmit(async (values) => {
    setDone(false);
    setFailure(null);
    // Without the dictionaries (offline), the length rules still apply.
    const check = await checkNewPassword(values.newPassword, context).catch(() => null);
    const broken = check
      ? check.ok
        ? undefined
        : (check.message ?? passwordMessages.empty)
      : checkPasswordRules(values.newPassword, context);
    if (broken) {
      setError("newPassword", { message: broken }, { shouldFocus: true });
      return;
    }
    if (values.confirmPassword !== values.newPassword) {
      setError("confirmPassword", { message: passwordMessages.mismatch }, { shouldFocus: true });
      return;
    }
    if (values.newPassword === values.password) {
      setError(
        "newPassword",
        { message: "Your new password is the same as your current one. Please choose another." },
        { shouldFocus: true },
      );
      return;
    }
    try {
      await changePassword(browserChangePasswordDeps(setStep), {
        email: user.email,
        twoFactorEnabled: user.twoFactorEnabled,
        password: values.password,
        totpCode: values.totpCode,
        newPassword: values.newPassword,
      });
      reset(empty);
      onChanged?.();
      setDone(true);
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (error) {
      const problem = describeReauthError(error);
      if (problem.unknown) {
        void logUserError("changePassword", error instanceof Error ? error.message : String(error));
      }
      if (problem.field === "password" || problem.field === "totpCode") {
        setError(problem.field, { message: problem.message });
        setFocus(problem.field);
      } else {
        setFailure(problem.message);
      }
    } finally {
      setStep(null);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <SettingsPanel
      id="password-title"
      title="Change password"
      description="Your password unlocks your vault. Changing it re-encrypts your keys in this browser; your documents stay as they are, and every other session is signed out."
    >
      {user.vaultLocked ? (
        <Notice tone="warning" title="Your vault is locked" className="mb-5 max-w-xl">
          Your password was reset by email, so your keys are still locked with the old one. Use your recovery
          key to set a new password and unlock them:{" "}
          <Link to="/recover" className="link">
            recover your vault
          </Link>
          .
        </Notice>
      ) : (
        <form noValidate onSubmit={onSubmit} className="max-w-md space-y-5">
          <ErrorSummary title="Your password was not changed" message={failure} />
          {done ? (
            <FormOutcome ref={doneRef} tone="success">
              Your password has been changed. Your keys are re-encrypted with it, and every other device has
              been signed out. Use the new password from now on.
            </FormOutcome>
          ) : null}
          <ReauthFields
            idPrefix="change-password"
            twoFactorEnabled={user.twoFactorEnabled}
            password={register("password", { required: "Enter your current password." })}
            totpCode={register("totpCode")}
            errors={{
              password: formState.errors.password?.message,
              totpCode: formState.errors.totpCode?.message,
            }}
          />
          <NewPasswordField
            id="change-password-new"
            label="New password"
            value={watch("newPassword")}
            context={context}
            error={formState.errors.newPassword?.message}
            {...register("newPassword", { required: passwordMessages.empty })}
          />
          <TextField
            id="change-password-confirm"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            autoCapitalize="off"
            error={formState.errors.confirmPassword?.message}
            {...register("confirmPassword", { required: "Type the new password again." })}
          />
          {step ? (
            <WorkProgress
              id="change-password-progress"
              title="Changing your password"
              stage={`Step ${steps.indexOf(step) + 1} of ${steps.length}: ${changePasswordStepLabels[step]}`}
              done={steps.indexOf(step)}
              total={steps.length}
            />
          ) : null}
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Changing password…" : "Change password"}
          </button>
        </form>
      )}
    </SettingsPanel>
  );
}
