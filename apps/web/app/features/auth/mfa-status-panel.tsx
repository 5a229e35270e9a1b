import type { SessionUser } from "@heirloom/contract";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { TurnOffTwoFactor } from "./turn-off-two-factor.tsx";

/** Two-factor authentication: on or off (SPEC.md section 3's twoFactorEnabled), the way to set it up or turn it off. */
export function MfaStatusPanel({ user }: { user: SessionUser }) {
  const enabled = user.twoFactorEnabled;
  const [turnedOff, setTurnedOff] = useState(false);
  const setUpRef = useRef<HTMLAnchorElement>(null);
  // The turn-off form disappears with its button: the focus goes to the next thing to do, set it up again.
  useEffect(() => {
    if (turnedOff && !enabled) setUpRef.current?.focus();
  }, [turnedOff, enabled]);
  return (
    <SettingsPanel
      id="mfa-title"
      title="Two-factor authentication"
      description="A code from an authenticator app, asked for at every sign-in, so a stolen password alone cannot open your account."
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between">
        <p className="flex items-center gap-2.5 font-medium" data-testid="mfa-status">
          <Icon
            name={enabled ? "check-circle" : "x-circle"}
            className={`size-6 shrink-0 ${enabled ? "text-success" : "text-ink-muted"}`}
          />
          {enabled ? "On: sign-in asks for a code" : "Off: sign-in asks only for your password"}
        </p>
        {enabled ? (
          <TurnOffTwoFactor user={user} onDone={() => setTurnedOff(true)} />
        ) : (
          <Link ref={setUpRef} to="/mfa/setup" className="btn-primary">
            Set up two-factor
          </Link>
        )}
      </div>
      <p role="status" className="mt-3 text-[0.9375rem] text-ink-muted empty:hidden">
        {turnedOff && !enabled ? "Two-factor sign-in is now off. Your backup codes no longer work." : ""}
      </p>
    </SettingsPanel>
  );
}
