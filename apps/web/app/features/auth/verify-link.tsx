import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { invitationPath } from "#app/features/legacy-contacts/invitation-token.ts";
import { usePendingInvitation } from "#app/features/legacy-contacts/use-pending-invitation.ts";
import { logUserError, session } from "#app/features/session/index.ts";
import { authRequest } from "./auth-api.ts";
import { type VerifyOutcome, verifyEmailLink } from "./confirm-email.ts";

// [Note: The verification link works without a session] is in confirm-email.ts.

const browserVerifySteps = {
  verifyEmail: async (token: string) => {
    await authRequest(`/verify-email?token=${encodeURIComponent(token)}`, undefined, { method: "GET" });
  },
  refreshSession: async () => {
    const state = await session.load({ force: true });
    return { signedIn: state.status === "signed-in", emailVerified: Boolean(state.user?.emailVerified) };
  },
  logUserError,
};

/** /ConfirmEmail?token=...: applies the link once, then says how it went in SPEC.md section 8's words. */
export function VerifyLink({
  token,
  onOutcome,
}: {
  token: string;
  /** Told how the link went, so the page's heading can say so too. */
  onOutcome?: (outcome: VerifyOutcome) => void;
}) {
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const invitationWaiting = usePendingInvitation();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void verifyEmailLink(browserVerifySteps, token).then((result) => {
      setOutcome(result);
      onOutcome?.(result);
    });
  }, [token, onOutcome]);

  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  if (!outcome) {
    return (
      <div role="status" aria-live="polite" className="flex items-center gap-3 text-ink-muted">
        <Spinner className="size-6" />
        Confirming your email address…
      </div>
    );
  }
  const ok = outcome.kind !== "failed";
  return (
    <div>
      <div
        className={`rounded-xl border p-5 ${ok ? "border-success/40 bg-success-soft" : "border-danger/40 bg-danger-soft"}`}
      >
        <h2
          ref={heading}
          tabIndex={-1}
          className="flex items-start gap-3 text-lg leading-snug font-semibold focus:outline-none"
        >
          <Icon
            name={ok ? "check-circle" : "x-circle"}
            className={`mt-0.5 size-6 shrink-0 ${ok ? "text-success" : "text-danger"}`}
          />
          {outcome.message}
        </h2>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {outcome.kind === "verified" ? (
          <Link to={invitationWaiting ? invitationPath : "/app"} className="btn-primary">
            {invitationWaiting ? "Back to your invitation" : "Go to my vault"}
            <Icon name="arrow-right" className="size-5" />
          </Link>
        ) : outcome.kind === "verified-log-in" ? (
          <Link to="/Login#auth" className="btn-primary">
            Log in
          </Link>
        ) : (
          <>
            <Link to="/ConfirmEmail" className="btn-primary">
              Send a new link
            </Link>
            <Link to="/Contact" className="btn-secondary">
              Contact support
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
