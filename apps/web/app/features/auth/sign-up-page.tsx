import type { SessionUser } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { invitationPath } from "#app/features/legacy-contacts/invitation-token.ts";
import { usePendingInvitation } from "#app/features/legacy-contacts/use-pending-invitation.ts";
import { redirectSignedInClient, session } from "#app/features/session/index.ts";
import { callApi } from "#app/lib/api.ts";
import { AuthShell } from "./auth-shell.tsx";
import { FirstVaultForm } from "./first-vault-form.tsx";
import { RecoveryKit } from "./recovery-kit-sheet.tsx";
import { type SignedUp, SignUpForm } from "./sign-up-form.tsx";
import { SocialSignIn } from "./social-sign-in.tsx";

/** A tab already signed in (server session and vault key) goes to /app on a full page load too. */
function useRedirectSignedIn() {
  const navigate = useNavigate();
  useEffect(() => {
    redirectSignedInClient().catch((thrown: unknown) => {
      if (thrown instanceof Response) navigate(thrown.headers.get("Location") ?? "/app", { replace: true });
    });
  }, [navigate]);
}

const next = [
  { icon: "mail", text: "We email you a link to confirm your address." },
  {
    icon: "key",
    text: "Your browser makes your keys from your password. This takes a few seconds, on purpose.",
  },
  { icon: "file", text: "You save your recovery kit: the only way back in if you forget your password." },
  { icon: "phone", text: "You turn on two-factor sign-in with an authenticator app." },
] as const;

function WhatHappensNext() {
  return (
    <div>
      <h2 className="font-display text-2xl font-semibold">What happens next</h2>
      <ol className="mt-6 space-y-5">
        {next.map((n) => (
          <li key={n.text} className="flex gap-4 leading-relaxed text-ink-muted">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
              <Icon name={n.icon} className="size-5" />
            </span>
            <span className="pt-2">{n.text}</span>
          </li>
        ))}
      </ol>
      <p className="mt-8 rounded-xl border border-line bg-surface p-5 text-[0.9375rem] leading-relaxed text-ink-muted">
        <strong className="text-ink">Choose your password with care.</strong> We never see it, so we can never
        reset it. Your recovery kit is the only other way in.
      </p>
    </div>
  );
}

/** The kit, once, right after the keys exist. Created at this moment, in this browser. */
function KitStep({ done }: { done: SignedUp }) {
  const [createdAt] = useState(() => new Date());
  // Signed up from an invitation: answering it is the next step (two-factor can wait for the checklist on /app).
  const invitationWaiting = usePendingInvitation();
  return (
    <AuthShell
      id="auth"
      title="Save your recovery kit"
      lead="Your vault is ready. This is the only time we can show you this key: without it, a forgotten password means your documents are gone."
    >
      <RecoveryKit
        kit={{ email: done.email, recoveryKeyText: done.recoveryKeyText, createdAt }}
        {...(invitationWaiting
          ? { continueTo: invitationPath, continueLabel: "Continue: answer the invitation" }
          : {
              continueTo: "/mfa/setup",
              continueLabel: "Continue: turn on two-factor",
              skipTo: "/app",
              skipLabel: "Skip for now and open my vault",
            })}
        onSaved={() => callApi("markRecoveryKitSaved")}
      />
    </AuthShell>
  );
}

type SocialState =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "signed-out" }
  | { kind: "ready"; user: SessionUser };

/** /SignUp?social=1: signed in through a provider, no vault yet (the login helper sends such accounts here). */
function SocialFirstVault({ onCreated }: { onCreated: (done: SignedUp) => void }) {
  const navigate = useNavigate();
  // Decided once, on arrival (never read again while here): once this page has made the vault, the session says
  // hasVault too.
  const arrival = useQuery({
    queryKey: ["sign-up-social-arrival"],
    queryFn: () => session.load(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const loaded = arrival.data;
  const state: SocialState = arrival.isError
    ? { kind: "failed" }
    : !loaded
      ? { kind: "loading" }
      : loaded.status !== "signed-in" || !loaded.user
        ? { kind: "signed-out" }
        : loaded.user.hasVault
          ? { kind: "loading" }
          : { kind: "ready", user: loaded.user };
  const hasVault = loaded?.user?.hasVault === true;
  useEffect(() => {
    // A vault exists already: unlocking it is the login page's job.
    if (hasVault) navigate("/Login?social=1", { replace: true });
  }, [hasVault, navigate]);

  return (
    <AuthShell
      id="auth"
      title="Choose your vault password"
      lead="One more step: the password that encrypts your vault, here in your browser."
    >
      {state.kind === "failed" ? (
        <Notice tone="danger" title="We couldn't reach Heirloom">
          Check your connection, then reload this page.
        </Notice>
      ) : state.kind === "loading" ? (
        <p role="status" className="flex items-center gap-3 text-ink-muted">
          <Spinner className="size-6" />
          Checking your sign-in…
        </p>
      ) : state.kind === "ready" ? (
        <FirstVaultForm user={state.user} onCreated={onCreated} />
      ) : (
        <Notice tone="warning" title="Please sign in first">
          Your sign-in with the provider has ended.{" "}
          <Link to="/Login#auth" className="link">
            Sign in again
          </Link>{" "}
          to choose your vault password.
        </Notice>
      )}
    </AuthShell>
  );
}

/** /SignUp: the sign-up form, or the first vault password after a social sign-in, then the recovery kit. */
export function SignUpPage() {
  useRedirectSignedIn();
  const [params] = useSearchParams();
  const [done, setDone] = useState<SignedUp | null>(null);
  const invitationWaiting = usePendingInvitation();
  if (done) return <KitStep done={done} />;
  if (params.get("social") === "1") return <SocialFirstVault onCreated={setDone} />;
  return (
    <AuthShell
      id="auth"
      title="Create your vault"
      lead="Free for up to 1 GiB and 200 documents. No card needed."
      aside={<WhatHappensNext />}
    >
      {invitationWaiting ? (
        <Notice tone="info" title="Your invitation is waiting" className="mb-6">
          Create your vault with the address the invitation was sent to. When your vault is ready, you go back
          to the invitation to answer it.
        </Notice>
      ) : null}
      <SignUpForm onSignedUp={setDone} />
      <div className="mt-7">
        <SocialSignIn verb="Sign up" />
      </div>
      <p className="mt-8 border-t border-line pt-6 text-center text-[0.9375rem] text-ink-muted">
        Already have a vault?{" "}
        <Link
          to={invitationWaiting ? `/Login?from=${encodeURIComponent(invitationPath)}#auth` : "/Login#auth"}
          className="link"
        >
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}
