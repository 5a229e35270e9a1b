import type { LegacyInvitationView } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { formatDateTime } from "#app/features/account/time-zones.ts";
import { AuthShell } from "#app/features/auth/auth-shell.tsx";
import { session, useSession } from "#app/features/session/session.ts";
import { ApiError } from "#app/lib/api.ts";
import { apiKey, apiQuery, getQueryClient } from "#app/lib/query.tsx";
import { Answer, accountHolderPath, Loading } from "./invitation-answer.tsx";
import { clearPendingInvitation, takeInvitationToken } from "./invitation-token.ts";
import { invitationClosed, invitationViewer } from "./invitation-view.ts";

// [Note: The invitation token never sits in a URL the browser sends] is in invitation-token.ts.

/** /invitation#token=...: who invited me, what it means, and my answer. */
export function InvitationPage() {
  // undefined until the browser has read the address (the server never sees the fragment).
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const take = () => setToken(takeInvitationToken(window.location, window.history));
    take();
    // Another invitation link opened in this same page changes only the fragment: no new page load.
    window.addEventListener("hashchange", take);
    // Only a tab holding its vault key asks who is signed in; anyone else is offered sign-up and sign-in.
    void session.loadIfThisTabHasKeys().catch(() => null);
    return () => window.removeEventListener("hashchange", take);
  }, []);

  return (
    <AuthShell
      id="invitation"
      eyebrow="Legacy contact"
      title="An invitation to be a legacy contact"
      lead="Someone who keeps their important documents in Heirloom would like to be able to hand some of them on to you one day."
    >
      {token === undefined ? (
        <Loading text="Opening your invitation…" />
      ) : token === null ? (
        <Notice tone="warning" title="There is no invitation here">
          Open the link in your invitation email again. If it does not work, ask the person who invited you to
          send a new one.
        </Notice>
      ) : (
        <Invitation token={token} />
      )}
    </AuthShell>
  );
}

function Invitation({ token }: { token: string }) {
  const input = { body: { token } };
  const view = useQuery(apiQuery("viewLegacyInvitation", input));
  const closed = view.data ? invitationClosed(view.data) : null;
  const failed = view.isError;
  // An invitation that can no longer be answered (or a link that matches none) is forgotten by this tab.
  useEffect(() => {
    if (closed || failed) clearPendingInvitation();
  }, [closed, failed]);

  if (view.data) {
    return (
      <InvitationDetails
        view={view.data}
        token={token}
        onDeclined={() =>
          getQueryClient().setQueryData<LegacyInvitationView>(apiKey("viewLegacyInvitation", input), (v) =>
            v ? { ...v, state: "declined" } : v,
          )
        }
      />
    );
  }
  if (view.error) {
    const message =
      view.error instanceof ApiError && view.error.code !== "network" && view.error.status < 500
        ? view.error.message
        : null;
    return (
      <div role="alert">
        <Notice
          tone={message ? "warning" : "danger"}
          title={message ? "This link does not work" : "We couldn't open your invitation"}
        >
          <p>{message ?? "Check your connection, then try again."}</p>
          {message ? null : (
            <button type="button" className="btn-secondary mt-3" onClick={() => void view.refetch()}>
              Try again
            </button>
          )}
        </Notice>
      </div>
    );
  }
  return <Loading text="Opening your invitation…" />;
}

function InvitationDetails({
  view,
  token,
  onDeclined,
}: {
  view: LegacyInvitationView;
  token: string;
  onDeclined: () => void;
}) {
  const owner = view.ownerName;
  const closed = invitationClosed(view);
  const viewer = invitationViewer(useSession());
  const outcome = useRef<HTMLDivElement>(null);
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (answered) outcome.current?.focus();
  }, [answered]);

  return (
    <div className="space-y-6">
      <p className="text-lg leading-relaxed">
        <strong className="font-semibold break-words">{owner}</strong> would like you to be one of their
        legacy contacts.
      </p>
      <div>
        <h2 className="text-lg font-semibold">What this means</h2>
        <ul className="mt-3 space-y-2.5 leading-relaxed">
          {[
            `You may one day receive documents ${owner} chooses to hand on to you, for example if they can no longer act.`,
            `${owner} can't see your vault, and you can't see theirs.`,
            `Before anything is shared, ${owner} calls or meets you to compare six words, so they know the account is really yours.`,
            "You can stop being their legacy contact at any time.",
          ].map((line) => (
            <li key={line} className="flex gap-2.5">
              <Icon name="check" className="mt-0.5 size-5 shrink-0 text-accent" />
              <span>{line}</span>
            </li>
          ))}
        </ul>
      </div>
      <dl className="grid gap-x-4 gap-y-1 rounded-xl border border-line bg-surface-sunken p-4 text-[0.9375rem] sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-muted">Sent to</dt>
        <dd className="font-medium break-words" data-testid="invitation-address">
          {view.invitedEmail}
        </dd>
        {view.state === "open" || view.state === "expired" ? (
          <>
            <dt className="text-ink-muted">{view.state === "expired" ? "Expired" : "Link works until"}</dt>
            <dd className="font-medium">{formatDateTime(view.expiresAt, null)}</dd>
          </>
        ) : null}
      </dl>

      <div ref={outcome} tabIndex={-1} role="status" className="rounded-xl outline-none">
        {closed ? (
          <Notice tone={closed.tone}>
            <p>{closed.message}</p>
            {view.state === "accepted" && viewer.kind === "ready" ? (
              <p className="mt-2">
                <Link to={accountHolderPath} className="link">
                  See the people who named you
                </Link>
              </p>
            ) : null}
          </Notice>
        ) : null}
      </div>

      {closed ? null : (
        <Answer
          view={view}
          token={token}
          viewer={viewer}
          onDeclined={() => {
            setAnswered(true);
            onDeclined();
          }}
        />
      )}
    </div>
  );
}
