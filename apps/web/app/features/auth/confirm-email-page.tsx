import { useState } from "react";
import { useSearchParams } from "react-router";
import { AuthShell } from "./auth-shell.tsx";
import { CheckInbox } from "./check-inbox.tsx";
import type { VerifyOutcome } from "./confirm-email.ts";
import { VerifyLink } from "./verify-link.tsx";

/** /ConfirmEmail: with ?token=, applies the verification link; without, offers to send it again. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  // Once the link has worked, the page no longer asks for what is done.
  const confirmed = outcome !== null && outcome.kind !== "failed";
  return (
    <AuthShell
      title={confirmed ? "Your email address is confirmed" : "Confirm your email address"}
      lead={
        confirmed
          ? "Check-in reminders and release notices will reach you at this address."
          : "Check-in reminders and release notices go to this address, so we need to know it reaches you."
      }
    >
      {token ? <VerifyLink token={token} onOutcome={setOutcome} /> : <CheckInbox />}
    </AuthShell>
  );
}
