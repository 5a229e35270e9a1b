import { Link } from "react-router";
import { AuthPendingNote } from "../../components/public/auth/auth-pending-note.tsx";
import { AuthShell } from "../../components/public/auth/auth-shell.tsx";
import { pageMeta } from "../../components/public/page-meta.ts";
import { Icon } from "../../components/ui/icon.tsx";

export const meta = () =>
  pageMeta(
    "Confirm your email address",
    "Confirm the email address on your Heirloom account, so check-in reminders and release notices reach you.",
  );

export default function ConfirmEmail() {
  return (
    <AuthShell
      title="Confirm your email address"
      lead="Check-in reminders and release notices go to this address, so we need to know it reaches you."
    >
      <AuthPendingNote />
      <div
        role="status"
        aria-live="polite"
        className="flex gap-4 rounded-xl border border-line bg-surface-sunken p-5"
      >
        <Icon name="mail" className="mt-0.5 size-6 shrink-0 text-accent" />
        <div className="leading-relaxed">
          <p className="font-semibold">Check your inbox</p>
          <p className="mt-1 text-ink-muted">
            Open the link in the email we sent you to confirm your address. The link can be used once.
          </p>
        </div>
      </div>
      <ul className="mt-6 space-y-2 text-[0.9375rem] leading-relaxed text-ink-muted">
        <li>Nothing there after a few minutes? Look in your spam or junk folder.</li>
        <li>Used the wrong address? You can change it in your account settings.</li>
      </ul>
      <div className="mt-7 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled>
          Send the email again
        </button>
        <Link to="/Contact" className="btn-secondary">
          Contact support
        </Link>
      </div>
    </AuthShell>
  );
}
