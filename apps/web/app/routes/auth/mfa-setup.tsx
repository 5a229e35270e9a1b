import { AuthPendingNote } from "../../components/public/auth/auth-pending-note.tsx";
import { AuthShell } from "../../components/public/auth/auth-shell.tsx";
import { pageMeta } from "../../components/public/page-meta.ts";
import { TextField } from "../../components/ui/text-field.tsx";

export const meta = () =>
  pageMeta(
    "Set up two-factor sign-in",
    "Protect your Heirloom account with an authenticator app: scan a QR code or enter a key, confirm a six-digit code, and save your one-time backup codes.",
  );

const backupSlots = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];

function StepHeading({ n, children }: { n: number; children: string }) {
  return (
    <h2 className="flex items-center gap-3 text-lg font-semibold">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent"
      >
        {n}
      </span>
      <span>
        <span className="sr-only">Step {n}: </span>
        {children}
      </span>
    </h2>
  );
}

export default function MfaSetup() {
  return (
    <AuthShell
      eyebrow="Account security"
      title="Set up two-factor sign-in"
      lead="With two-factor sign-in, a stolen password alone cannot get into your account. You will need an authenticator app on your phone."
    >
      <AuthPendingNote />
      <ol className="space-y-9">
        <li>
          <StepHeading n={1}>Scan this code with your authenticator app</StepHeading>
          <div className="mt-4 flex size-48 items-center justify-center rounded-xl border-2 border-dashed border-line-strong bg-surface-sunken p-4 text-center text-sm text-ink-muted">
            Your QR code appears here
          </div>
        </li>
        <li>
          <StepHeading n={2}>Or enter the setup key by hand</StepHeading>
          <p className="mt-3 text-[0.9375rem] leading-relaxed text-ink-muted">
            If you cannot scan, choose “enter a setup key” in your app and type this key:
          </p>
          <p className="mt-3 rounded-lg border border-line bg-surface-sunken px-4 py-3 font-mono text-[0.9375rem] tracking-wider text-ink-muted">
            Your setup key appears here
          </p>
        </li>
        <li>
          <StepHeading n={3}>Enter the six-digit code from the app</StepHeading>
          <form method="post" noValidate className="mt-4 space-y-4">
            <TextField
              id="mfa-code"
              name="code"
              label="Six-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              className="max-w-48"
              hint="The code changes every 30 seconds."
            />
            <button type="submit" className="btn-primary" disabled>
              Turn on two-factor sign-in
            </button>
          </form>
        </li>
        <li>
          <StepHeading n={4}>Save your backup codes</StepHeading>
          <p className="mt-3 text-[0.9375rem] leading-relaxed text-ink-muted">
            Each code works once, if your phone is lost. Keep them with your recovery kit, not in your vault.
          </p>
          <ul
            aria-label="Backup codes"
            className="mt-4 grid grid-cols-2 gap-2 font-mono text-[0.9375rem] text-ink-muted"
          >
            {backupSlots.map((k) => (
              <li key={k} className="rounded-md border border-line bg-surface-sunken px-3 py-2 text-center">
                <span aria-hidden="true">••••-••••</span>
                <span className="sr-only">Code appears here</span>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className="btn-secondary" disabled>
              Download codes
            </button>
            <button type="button" className="btn-secondary" disabled>
              Print codes
            </button>
          </div>
        </li>
      </ol>
    </AuthShell>
  );
}
