import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { AuthShell } from "./auth-shell.tsx";
import { RecoveryKeyForm } from "./recovery-key-form.tsx";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { ResetRequestForm } from "./reset-request-form.tsx";

// [Note: Two ways back in] is in recovery.ts.

type Done = { kind: "recovered-sign-in" } | { kind: "reset"; email: string };

/** The page's outcome, focused when it appears so screen readers read it first. */
function Outcome({ done }: { done: Done }) {
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (done.kind === "recovered-sign-in") {
    return (
      <div>
        <div ref={heading} tabIndex={-1} className="focus:outline-none">
          <Notice tone="success" title="Your new password is set">
            Your documents are safe and readable with it. Sign in with your new password, and have your
            authenticator app ready for the code.
          </Notice>
        </div>
        <Link to="/Login#auth" className="btn-primary mt-6">
          Sign in
        </Link>
      </div>
    );
  }
  const keyPath = `/recover?email=${encodeURIComponent(done.email)}`;
  return (
    <div className="space-y-5">
      <div ref={heading} tabIndex={-1} className="focus:outline-none">
        <Notice tone="success" title="Your password is changed">
          You can sign in to {done.email} with your new password again.
        </Notice>
      </div>
      <Notice tone="warning" title="Your documents are still locked">
        A reset by email restores your login only. Your documents were encrypted with your old password, which
        we never knew, so they stay locked until you enter your recovery key. Nothing has been deleted.
      </Notice>
      <div className="flex flex-wrap gap-3">
        <Link to={keyPath} className="btn-primary">
          <Icon name="key" className="size-5" />
          Unlock with my recovery key
        </Link>
        <Link to="/Login#auth" className="btn-secondary">
          Sign in
        </Link>
      </div>
    </div>
  );
}

/**
 * /recover: the recovery key (which keeps every document readable), or, with ?reset=<token> from the email, a new
 * password that restores the login only.
 */
export function RecoverPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [done, setDone] = useState<Done | null>(null);
  const resetToken = params.get("reset");
  const email = params.get("email");

  // A new link (another ?reset or ?email) starts the page afresh.
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the search string is the trigger, not a value read
  useEffect(() => setDone(null), [search]);

  if (done) {
    return (
      <AuthShell title="Recover your vault">
        <Outcome done={done} />
      </AuthShell>
    );
  }

  if (resetToken) {
    return (
      <AuthShell
        title="Choose a new password"
        lead="This gives you your login back. Your documents stay locked until you also enter your recovery key."
      >
        <ResetPasswordForm
          token={resetToken}
          email={email}
          onDone={(address) => setDone({ kind: "reset", email: address })}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      id="auth"
      title="Recover your vault"
      lead="Your recovery key sets a new password and keeps every document readable."
    >
      <RecoveryKeyForm
        defaultEmail={email ?? ""}
        onDone={(next) => (next === "app" ? navigate("/app") : setDone({ kind: "recovered-sign-in" }))}
      />
      <section aria-labelledby="no-key-title" className="mt-10 border-t border-line pt-7">
        <h2 id="no-key-title" className="font-display text-xl font-semibold">
          Lost your recovery key too?
        </h2>
        <p className="mt-2 mb-5 text-[0.9375rem] leading-relaxed text-ink-muted">
          We can email you a link to choose a new password. That restores your login, but your documents stay
          encrypted under your old password: only your recovery key unlocks them.
        </p>
        <ResetRequestForm defaultEmail={email ?? ""} />
      </section>
      <p className="mt-8 border-t border-line pt-6 text-center text-[0.9375rem] text-ink-muted">
        Remembered it?{" "}
        <Link to="/Login#auth" className="link">
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}
