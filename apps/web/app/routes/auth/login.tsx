import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { AuthShell } from "#app/features/auth/auth-shell.tsx";
import { FormError } from "#app/features/auth/form-error.tsx";
import { PasswordSignInForm } from "#app/features/auth/password-sign-in-form.tsx";
import { SecondFactorForm } from "#app/features/auth/second-factor-form.tsx";
import { SignInProgress } from "#app/features/auth/sign-in-progress.tsx";
import { SignedOutNotice } from "#app/features/auth/signed-out-notice.tsx";
import { SocialSignIn } from "#app/features/auth/social-sign-in.tsx";
import { socialFailedMessage, useSignIn } from "#app/features/auth/use-sign-in.ts";
import { VaultUnlockForm } from "#app/features/auth/vault-unlock-form.tsx";
import { redirectSignedInClient } from "#app/features/session/redirect-signed-in.ts";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Sign in",
    "Sign in to your Heirloom vault. Your password is used in your browser to unlock your keys and is never sent to us.",
  );

// A tab that is already signed in (server session and vault key) goes to /app. Runs on the first load too; the
// server-rendered form shows meanwhile, and a visitor's tab makes no request for it.
export async function clientLoader() {
  return redirectSignedInClient();
}
clientLoader.hydrate = true as const;

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

export default function Login() {
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
