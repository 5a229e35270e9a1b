import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "react-router";
import type { z } from "zod";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { WorkProgress } from "#app/components/ui/work-progress.tsx";
import { describeReauthError } from "#app/features/auth/reauth.ts";
import { ReauthFields } from "#app/features/auth/reauth-fields.tsx";
import { reauthFieldsSchema } from "#app/features/auth/reauth-schema.ts";
import { RecoveryKit } from "#app/features/auth/recovery-kit-sheet.tsx";
import { logUserError } from "#app/features/session/index.ts";
import { setApiData, useApiMutation } from "#app/lib/query.tsx";
import {
  ReprintError,
  type ReprintStage,
  reprintRecoveryKit,
  reprintStages,
} from "./reprint-recovery-kit.ts";

type PanelState =
  | { step: "idle"; saved: boolean }
  | { step: "making" }
  | { step: "kit"; recoveryKeyText: string; createdAt: Date };

const stageOrder: ReprintStage[] = ["deriving", "creating", "saving"];

/** "Print a new recovery kit": re-authenticate, make a new recovery key in this browser, show it once. */
export function RecoveryKitPanel({
  email,
  userId,
  twoFactorEnabled,
}: {
  email: string;
  userId: string;
  twoFactorEnabled: boolean;
}) {
  const kitSaved = useApiMutation("markRecoveryKitSaved", {
    onSuccess: (preferences) => setApiData("getPreferences", preferences),
  });
  const { pathname } = useLocation();
  const [state, setState] = useState<PanelState>({ step: "idle", saved: false });

  return (
    <div id="recovery-kit" className="scroll-mt-24">
      <SettingsPanel
        id="recovery-kit-title"
        title="Recovery kit"
        description="Your recovery kit is the only way back into your vault if you forget your password. If you have lost it, or think someone else has seen it, make a new one: the old kit stops working at once."
      >
        {state.step === "idle" ? (
          <>
            {state.saved ? (
              <div role="status">
                <Notice tone="success" title="New recovery kit saved" className="mb-5">
                  Your old kit no longer works. Keep the new one somewhere safe outside Heirloom.
                </Notice>
              </div>
            ) : null}
            <button type="button" className="btn-secondary" onClick={() => setState({ step: "making" })}>
              Print a new recovery kit
            </button>
          </>
        ) : null}

        {state.step === "making" ? (
          <MakeKitForm
            email={email}
            userId={userId}
            twoFactorEnabled={twoFactorEnabled}
            onMade={(recoveryKeyText) => setState({ step: "kit", recoveryKeyText, createdAt: new Date() })}
            onCancel={() => setState({ step: "idle", saved: false })}
          />
        ) : null}

        {state.step === "kit" ? (
          <RecoveryKit
            kit={{ email, recoveryKeyText: state.recoveryKeyText, createdAt: state.createdAt }}
            continueTo={pathname}
            continueLabel="Done"
            onSaved={async () => {
              await kitSaved.mutateAsync({});
              setState({ step: "idle", saved: true });
            }}
          />
        ) : null}
      </SettingsPanel>
    </div>
  );
}

type ReauthSchema = ReturnType<typeof reauthFieldsSchema>;
type ReauthValues = z.infer<ReauthSchema>;

/**
 * Confirm it is you, then the progress while the new kit is made: the form gives way to the progress and comes back,
 * with what was typed and the error, when it fails. Unmounted on cancel or success, which forgets the password.
 */
function MakeKitForm({
  email,
  userId,
  twoFactorEnabled,
  onMade,
  onCancel,
}: {
  email: string;
  userId: string;
  twoFactorEnabled: boolean;
  onMade: (recoveryKeyText: string) => void;
  onCancel: () => void;
}) {
  const schema = useMemo(() => reauthFieldsSchema(twoFactorEnabled), [twoFactorEnabled]);
  const { register, handleSubmit, setError, formState } = useForm<ReauthValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: "", totpCode: "" },
    // The summary takes the focus (it names the problem; the field is marked with it too).
    shouldFocusError: false,
  });
  const [stage, setStage] = useState<ReprintStage | null>(null);
  // `attempt` remounts the summary, so the same message is announced and focused again on the next try.
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const fail = (message: string) =>
    setFailure((previous) => ({ message, attempt: (previous?.attempt ?? 0) + 1 }));

  const onSubmit = handleSubmit(
    async (typed) => {
      setFailure(null);
      setStage("deriving");
      try {
        const kit = await reprintRecoveryKit({ email, userId, twoFactorEnabled, ...typed }, setStage);
        onMade(kit.recoveryKeyText);
      } catch (caught) {
        const problem = caught instanceof ReprintError ? caught.problem : describeReauthError(caught);
        if ("unknown" in problem)
          void logUserError("reprintRecoveryKit", caught instanceof Error ? caught.message : String(caught));
        setStage(null);
        if (problem.field === "password" || problem.field === "totpCode")
          setError(problem.field, { type: "server", message: problem.message });
        fail(problem.message);
      }
    },
    (errors) => {
      const first = errors.password ?? errors.totpCode;
      if (first?.message) fail(first.message);
    },
  );

  if (stage) {
    return (
      <WorkProgress
        id="recovery-kit-progress"
        title="Making your new recovery kit"
        stage={reprintStages[stage]}
        done={stageOrder.indexOf(stage)}
        total={stageOrder.length}
      />
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-labelledby="recovery-kit-confirm">
      <p id="recovery-kit-confirm" className="leading-relaxed">
        Confirm it is you. Your password is checked in this browser and never sent to us.
      </p>
      <ErrorSummary
        key={failure?.attempt ?? 0}
        title="We couldn't make a new kit"
        message={failure?.message ?? null}
      />
      <div className="max-w-md space-y-5">
        <ReauthFields
          idPrefix="recovery-kit"
          twoFactorEnabled={twoFactorEnabled}
          password={register("password")}
          totpCode={register("totpCode")}
          errors={{
            password: formState.errors.password?.message,
            totpCode: formState.errors.totpCode?.message,
          }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary">
          Make a new kit
        </button>
        <button type="button" className="link min-h-11" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
