import type { Ref } from "react";
import { useNavigate } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import { BackupCodes } from "./backup-codes.tsx";
import { StepHeading, securitySettingsPath } from "./mfa-setup-step.tsx";

/** Step 4: two-factor is on; the one-time backup codes, shown only now. */
export function BackupCodesStep({
  email,
  codes,
  headingRef,
}: {
  email: string;
  codes: string[];
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="mfa-step-4" className="space-y-5">
      <div role="status">
        <Notice tone="success" title="Two-factor sign-in is on">
          From now on, signing in asks for a code from your authenticator app.
        </Notice>
      </div>
      <StepHeading n={4} headingRef={headingRef}>
        Save your backup codes
      </StepHeading>
      <p className="text-[0.9375rem] leading-relaxed text-ink-muted">
        If you lose your phone, each of these codes signs you in once. They are shown only now. Keep them with
        your recovery kit, not in your vault.
      </p>
      <BackupCodes codes={codes} email={email} />
      <button type="button" className="btn-primary" onClick={() => navigate(securitySettingsPath)}>
        I have saved my backup codes
      </button>
    </section>
  );
}
