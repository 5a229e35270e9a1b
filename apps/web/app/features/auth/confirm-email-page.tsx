import { useSearchParams } from "react-router";
import { AuthShell } from "./auth-shell.tsx";
import { CheckInbox } from "./check-inbox.tsx";
import { VerifyLink } from "./verify-link.tsx";

/** /ConfirmEmail: with ?token=, applies the verification link; without, offers to send it again. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthShell
      title="Confirm your email address"
      lead="Check-in reminders and release notices go to this address, so we need to know it reaches you."
    >
      {token ? <VerifyLink token={token} /> : <CheckInbox />}
    </AuthShell>
  );
}
