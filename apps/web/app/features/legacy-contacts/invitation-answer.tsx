import { type LegacyInvitationView, legacyMessages } from "@heirloom/contract";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { signOut } from "#app/features/session/session.ts";
import { ApiError } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/query.tsx";
import { clearPendingInvitation, invitationPath } from "./invitation-token.ts";
import type { InvitationViewer } from "./invitation-view.ts";

export const accountHolderPath = "/account/AccountHolder";
/** Signing in from here comes back here; the token waits in this tab, never in the URL. */
const signInPath = `/Login?from=${encodeURIComponent(invitationPath)}#auth`;

/** A moment of waiting on the invitation page, announced. */
export function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-3 py-4 text-ink-muted">
      <Spinner className="size-6" />
      {text}
    </p>
  );
}

/** Accept (signed in with a vault), or the way to an account first; decline, with or without one. */
export function Answer({
  view,
  token,
  viewer,
  onDeclined,
}: {
  view: LegacyInvitationView;
  token: string;
  viewer: InvitationViewer;
  onDeclined: () => void;
}) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ message: string; wrongAccount: boolean; attempt: number } | null>(
    null,
  );
  const fail = (error: unknown, what: string) =>
    setFailure((previous) => ({
      message: error instanceof ApiError ? error.message : `${what} Please try again.`,
      // Signed in with another address: the server's message names the invited one, masked.
      wrongAccount:
        error instanceof ApiError && error.status === 403 && error.message !== legacyMessages.ownInvitation,
      attempt: (previous?.attempt ?? 0) + 1,
    }));
  const [declining, setDeclining] = useState(false);
  const accept = useApiMutation("acceptLegacyInvitation");
  const decline = useApiMutation("declineLegacyInvitation");
  const owner = view.ownerName;

  const onAccept = async () => {
    setFailure(null);
    try {
      await accept.mutateAsync({ body: { token } });
    } catch (error) {
      fail(error, "The invitation was not accepted.");
      return;
    }
    clearPendingInvitation();
    navigate(accountHolderPath);
  };

  const onDecline = async () => {
    setFailure(null);
    try {
      await decline.mutateAsync({ body: { token } });
    } catch (error) {
      setDeclining(false);
      fail(error, "The invitation was not declined.");
      return;
    }
    clearPendingInvitation();
    setDeclining(false);
    onDeclined();
  };

  return (
    <section aria-labelledby="answer-title" className="border-t border-line pt-6">
      <h2 id="answer-title" className="text-lg font-semibold">
        Your answer
      </h2>
      <div className="mt-3 space-y-4">
        <ErrorSummary
          key={failure?.attempt ?? 0}
          title="That did not work"
          message={failure?.message ?? null}
        />

        {viewer.kind === "checking" ? (
          <Loading text="Checking whether you are signed in…" />
        ) : viewer.kind === "visitor" ? (
          <>
            <p className="leading-relaxed">
              To accept, you need a Heirloom account with the address this invitation was sent to,{" "}
              <span className="break-words">{view.invitedEmail}</span>. It is free. This tab keeps the
              invitation while you create your account or sign in, and brings you back here.
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to="/SignUp" className="btn-primary">
                Create an account
              </Link>
              <Link to={signInPath} className="btn-secondary">
                Sign in
              </Link>
            </div>
          </>
        ) : viewer.kind === "needs-vault" ? (
          <>
            <p className="leading-relaxed">
              Your account has no vault yet, and {owner} needs your vault's key to confirm you. Create your
              vault first, then come back to this page.
            </p>
            <Link to="/SignUp?social=1" className="btn-primary">
              Create your vault
            </Link>
          </>
        ) : (
          <>
            <p className="leading-relaxed">
              You are signed in as <strong className="break-words">{viewer.user.email}</strong>.
              {failure?.wrongAccount ? (
                <>
                  {" "}
                  <button type="button" className="link" onClick={() => void signOut({ kind: "user" })}>
                    Sign out
                  </button>{" "}
                  and sign in with the address the invitation was sent to: this tab keeps the invitation for
                  you.
                </>
              ) : null}
            </p>
            <button
              type="button"
              className="btn-primary"
              disabled={accept.isPending}
              onClick={() => void onAccept()}
            >
              {accept.isPending ? "Accepting…" : "Accept"}
            </button>
          </>
        )}

        <p className="border-t border-line pt-4 text-[0.9375rem] leading-relaxed text-ink-muted">
          Not for you? You can decline without an account.{" "}
          <button type="button" className="link" onClick={() => setDeclining(true)}>
            Decline
          </button>
        </p>
      </div>
      {declining ? (
        <Modal
          id="decline-invitation"
          title={`Decline ${owner}'s invitation?`}
          onClose={decline.isPending ? () => {} : () => setDeclining(false)}
        >
          <p className="leading-relaxed">
            {owner} is told that you declined, and this link stops working. If you change your mind later,
            they can send you a new invitation.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button
              type="button"
              className="btn-secondary"
              disabled={decline.isPending}
              onClick={() => setDeclining(false)}
            >
              Go back
            </button>
            <button
              type="button"
              className="btn-primary bg-danger hover:bg-danger disabled:hover:bg-danger"
              disabled={decline.isPending}
              onClick={() => void onDecline()}
            >
              {decline.isPending ? "Declining…" : "Decline the invitation"}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
