import type { SessionUser } from "@heirloom/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { WorkProgress } from "#app/components/ui/work-progress.tsx";
import { getCryptoClient } from "#app/features/session/index.ts";
import { NewPasswordField } from "./new-password-field.tsx";
import { checkNewPassword } from "./password-policy.ts";
import { createFirstVault, type SignUpProgress } from "./sign-up.ts";
import type { SignedUp } from "./sign-up-form.tsx";
import { browserSignUpSteps } from "./sign-up-steps.ts";

const warmUpCrypto = () => {
  void getCryptoClient().catch(() => {});
};

/**
 * A social account's first visit: the provider proved who the person is, but a provider cannot decrypt anything, so
 * the vault needs its own password. The same keys as a sign-up are made from it; it also becomes the account's
 * email + password credential (PUT /api/account/keys with newAuthKey).
 */
export function FirstVaultForm({
  user,
  onCreated,
}: {
  user: SessionUser;
  onCreated: (done: SignedUp) => void;
}) {
  const [progress, setProgress] = useState<SignUpProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({ defaultValues: { password: "" }, mode: "onTouched" });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    const outcome = await createFirstVault(
      browserSignUpSteps,
      { userId: user.uid, email: user.email, password },
      setProgress,
    ).finally(() => setProgress(null));
    if (outcome.ok) onCreated({ email: user.email, recoveryKeyText: outcome.recoveryKeyText });
    else setFailure(outcome.message);
  });

  const working = progress !== null;
  return (
    <form noValidate onSubmit={onSubmit} onFocus={warmUpCrypto} className="space-y-5" aria-busy={working}>
      <Notice tone="info" title="Why a second password?">
        Your provider proves who you are, but it cannot unlock anything: your documents are encrypted with
        keys that only your vault password opens. We never see this password, and neither does your provider.
      </Notice>
      <p className="text-[0.9375rem] text-ink-muted">
        Signed in as <strong className="text-ink">{user.email}</strong>.
      </p>
      <ErrorSummary title="Your vault was not set up" message={failure} />
      <fieldset disabled={working}>
        <NewPasswordField
          id="vault-password"
          label="Vault password"
          value={watch("password")}
          context={{ email: user.email, name: user.name }}
          error={errors.password?.message}
          {...register("password", {
            validate: async (v) => {
              const check = await checkNewPassword(v, { email: user.email, name: user.name });
              return check.ok || (check.message ?? "Please choose another password.");
            },
          })}
        />
      </fieldset>
      {progress ? (
        <WorkProgress
          id="vault-progress"
          title="Setting up your vault"
          stage={progress.stage}
          done={progress.done}
          total={progress.total}
        />
      ) : (
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? "Checking…" : "Set vault password"}
        </button>
      )}
    </form>
  );
}
