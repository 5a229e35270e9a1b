import { type FormEvent, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { WorkProgress } from "#app/components/ui/work-progress.tsx";
import { FormError } from "#app/features/auth/form-error.tsx";
import { describeReauthError } from "#app/features/auth/reauth.ts";
import { RecoveryKit } from "#app/features/auth/recovery-kit-sheet.tsx";
import { logUserError } from "#app/features/session/index.ts";
import { markRecoveryKitSaved } from "./account-api.ts";
import {
  ReprintError,
  type ReprintStage,
  reprintRecoveryKit,
  reprintStages,
} from "./reprint-recovery-kit.ts";

type PanelState =
  | { step: "idle"; saved: boolean }
  | { step: "confirm" }
  | { step: "working"; stage: ReprintStage }
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
  const { pathname } = useLocation();
  const [state, setState] = useState<PanelState>({ step: "idle", saved: false });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; totpCode?: string }>({});
  const password = useRef<HTMLInputElement>(null);
  const totp = useRef<HTMLInputElement>(null);
  const ids = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Read before the form gives way to the progress display.
    const typed = { password: password.current?.value ?? "", totpCode: totp.current?.value ?? "" };
    setError(null);
    setFieldErrors({});
    setState({ step: "working", stage: "deriving" });
    try {
      const kit = await reprintRecoveryKit({ email, userId, twoFactorEnabled, ...typed }, (stage) =>
        setState({ step: "working", stage }),
      );
      setState({ step: "kit", recoveryKeyText: kit.recoveryKeyText, createdAt: new Date() });
    } catch (caught) {
      const problem = caught instanceof ReprintError ? caught.problem : describeReauthError(caught);
      if ("unknown" in problem)
        void logUserError("reprintRecoveryKit", caught instanceof Error ? caught.message : String(caught));
      setState({ step: "confirm" });
      if (problem.field === "password" || problem.field === "totpCode")
        setFieldErrors({ [problem.field]: problem.message });
      setError(problem.message);
    }
  };

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
            <button type="button" className="btn-secondary" onClick={() => setState({ step: "confirm" })}>
              Print a new recovery kit
            </button>
          </>
        ) : null}

        {state.step === "confirm" ? (
          <form noValidate onSubmit={submit} className="space-y-5" aria-labelledby={`${ids}-confirm`}>
            <p id={`${ids}-confirm`} className="leading-relaxed">
              Confirm it is you. Your password is checked in this browser and never sent to us.
            </p>
            <FormError message={error} title="We couldn't make a new kit" />
            <TextField
              ref={password}
              id={`${ids}-password`}
              label="Current password"
              type="password"
              autoComplete="current-password"
              className="max-w-md"
              error={fieldErrors.password}
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
                error={fieldErrors.totpCode}
              />
            ) : null}
            <div className="flex flex-wrap items-center gap-4">
              <button type="submit" className="btn-primary">
                Make a new kit
              </button>
              <button
                type="button"
                className="link min-h-11"
                onClick={() => {
                  setError(null);
                  setFieldErrors({});
                  setState({ step: "idle", saved: false });
                }}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : null}

        {state.step === "working" ? (
          <WorkProgress
            id={`${ids}-progress`}
            title="Making your new recovery kit"
            stage={reprintStages[state.stage]}
            done={stageOrder.indexOf(state.stage)}
            total={stageOrder.length}
          />
        ) : null}

        {state.step === "kit" ? (
          <RecoveryKit
            kit={{ email, recoveryKeyText: state.recoveryKeyText, createdAt: state.createdAt }}
            continueTo={pathname}
            continueLabel="Done"
            onSaved={async () => {
              await markRecoveryKitSaved();
              setState({ step: "idle", saved: true });
            }}
          />
        ) : null}
      </SettingsPanel>
    </div>
  );
}
