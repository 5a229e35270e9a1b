import type { SessionUser } from "@heirloom/contract";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import { useSession } from "#app/features/session/index.ts";
import { AuthShell } from "./auth-shell.tsx";
import { BackupCodesStep } from "./mfa-backup-codes-step.tsx";
import { PasswordStep } from "./mfa-password-step.tsx";
import { ScanStep } from "./mfa-scan-step.tsx";
import { securitySettingsPath } from "./mfa-setup-step.tsx";
import { TurnOffTwoFactor } from "./turn-off-two-factor.tsx";
import type { TotpEnrolment } from "./two-factor.ts";

type Stage =
  | { kind: "password" }
  | { kind: "scan"; enrolment: TotpEnrolment }
  | { kind: "codes"; backupCodes: string[] };

/**
 * /mfa/setup: the password, the authenticator app, a code, then the backup codes; or, when two-factor is already on,
 * a way to turn it off. `user` is the one the page's loader found; the live session takes over once it is known.
 */
export function MfaSetupPage({ user: loadedUser }: { user: SessionUser }) {
  const live = useSession();
  const user = live.user ?? loadedUser;
  const [stage, setStage] = useState<Stage>({ kind: "password" });
  const [turnedOff, setTurnedOff] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // Each new step takes the focus, so keyboard and screen reader users start reading where the page changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, not on other renders
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stage.kind, turnedOff]);

  let body: ReactNode;
  if (stage.kind === "codes") {
    body = <BackupCodesStep headingRef={headingRef} email={user.email} codes={stage.backupCodes} />;
  } else if (stage.kind === "scan") {
    body = (
      <ScanStep
        headingRef={headingRef}
        enrolment={stage.enrolment}
        onConfirmed={() => setStage({ kind: "codes", backupCodes: stage.enrolment.backupCodes })}
      />
    );
  } else if (user.twoFactorEnabled) {
    body = <AlreadyOn user={user} onTurnedOff={() => setTurnedOff(true)} />;
  } else {
    body = (
      <>
        {turnedOff ? (
          <div role="status" className="mb-6">
            <Notice tone="info" title="Two-factor sign-in is off">
              Your backup codes no longer work. Set it up again below whenever you are ready.
            </Notice>
          </div>
        ) : null}
        <PasswordStep
          headingRef={headingRef}
          user={user}
          onStarted={(enrolment) => setStage({ kind: "scan", enrolment })}
        />
      </>
    );
  }
  return (
    <AuthShell
      eyebrow="Account security"
      title="Set up two-factor sign-in"
      lead="With two-factor sign-in, a stolen password alone cannot get into your account. You will need an authenticator app on your phone."
    >
      {body}
    </AuthShell>
  );
}

function AlreadyOn({ user, onTurnedOff }: { user: SessionUser; onTurnedOff: () => void }) {
  return (
    <div className="space-y-5">
      <Notice tone="success" title="Two-factor sign-in is on">
        Every sign-in to {user.email} asks for a code from your authenticator app. To move it to a new phone,
        turn it off here and set it up again.
      </Notice>
      <div className="flex flex-wrap items-start gap-3">
        <TurnOffTwoFactor user={user} onDone={onTurnedOff} />
        <Link to={securitySettingsPath} className="btn-secondary">
          Back to security settings
        </Link>
      </div>
    </div>
  );
}
