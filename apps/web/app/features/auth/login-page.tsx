import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { AuthShell } from "./auth-shell.tsx";
import { FormError } from "./form-error.tsx";
import { PasswordSignInForm } from "./password-sign-in-form.tsx";
import { SecondFactorForm } from "./second-factor-form.tsx";
import { SignInProgress } from "./sign-in-progress.tsx";
import { SignedOutNotice } from "./signed-out-notice.tsx";
import { SocialSignIn } from "./social-sign-in.tsx";
import { socialFailedMessage, useSignIn } from "./use-sign-in.ts";
import { VaultUnlockForm } from "./vault-unlock-form.tsx";

/** Takes focus when it appears: it replaces the form the person was typing in. */
function VaultLocked() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="rounded-xl outline-none">
      <Notice tone="warning" title="Your vault is locked" className="mb-6">
        <p>
          Your password was reset by email. That lets you sign in again, but it cannot open your encrypted
          vault: only your recovery key can. Use it to unlock your vault and keep every document.
        </p>
        <p className="mt-3">
          <Link to="/recover" className="link font-semibold">
            Unlock with your recovery key
          </Link>
        </p>
      </Notice>
    </div>
  );
}

/**
 * /Login: the password (then the second factor when enrolled), a social provider (then the password that unlocks the
 * vault), or the locked-vault notice after a reset by email. The steps are use-sign-in.ts's.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const login = useSignIn({
    social: params.get("social") === "1",
    twoFactor: params.get("twoFactor") === "1",
    from: params.get("from"),
  });
  const { step } = login;
  // better-auth sends a failed provider sign-in back with ?error=<code>.
  const providerError = params.get("error") ? socialFailedMessage : null;

  return (
    <AuthShell
      id="auth"
      title="Sign in to Heirloom"
      lead="Your password unlocks your vault here in your browser. It is never sent to us."
    >
      {step.name === "password" ? <SignedOutNotice /> : null}
      <FormError message={login.error ?? (step.name === "password" ? providerError : null)} />
      <SignInProgress stage={login.stage} />

      {step.name === "password" ? (
        <>
          <PasswordSignInForm busy={login.busy} onSubmit={login.signIn} />
          <div className="mt-7">
            <SocialSignIn disabled={login.busy} />
          </div>
          <p className="mt-8 border-t border-line pt-6 text-center text-[0.9375rem] text-ink-muted">
            New to Heirloom?{" "}
            <Link to="/SignUp" className="link">
              Create your free vault
            </Link>
          </p>
        </>
      ) : null}

      {step.name === "second-factor" ? (
        <SecondFactorForm
          method={step.method}
          busy={login.busy}
          onMethodChange={login.setMethod}
          onSubmit={login.verify}
          onStartOver={login.startOver}
        />
      ) : null}

      {step.name === "social-unlock" ? (
        <VaultUnlockForm
          email={step.user.email}
          busy={login.busy}
          onSubmit={login.unlock}
          onSignOut={login.signOut}
        />
      ) : null}

      {step.name === "vault-locked" ? (
        <>
          <VaultLocked />
          <button type="button" className="link" onClick={login.startOver}>
            Back to sign in
          </button>
        </>
      ) : null}

      {step.name === "social-checking" || (step.name === "leaving" && !login.stage) ? (
        <div role="status" className="flex items-center gap-3 py-6 text-ink-muted">
          <Spinner className="size-6" />
          {step.name === "leaving" ? "Opening your vault..." : "Finishing sign-in with your provider..."}
        </div>
      ) : null}
    </AuthShell>
  );
}
