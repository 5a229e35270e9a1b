import { Link } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import GetStartedChecklist from "#app/features/account/get-started-checklist.tsx";
import { useChecklist } from "#app/features/account/load-checklist.ts";
import { displayNameOf } from "#app/features/session/index.ts";
import { useShellContext } from "#app/features/shell/shell-context.ts";
import { CheckInSlot } from "./check-in-slot.tsx";
import { DocumentsSummary } from "./documents-summary.tsx";
import { LegacySummary } from "./legacy-summary.tsx";

/** The signed-in home: the person's own dashboard, read from the server (and their documents, in this browser). */
export function HomePage() {
  const { user } = useShellContext();
  const checklist = useChecklist();
  const unfinished = checklist.data?.some((item) => item.state === "todo") ?? false;
  const name = displayNameOf(user);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-10 lg:py-12">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">Welcome, {name}</p>
      <h1 className="mt-1 font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">
        Your vault
      </h1>
      <p className="mt-3 max-w-2xl text-lg leading-relaxed text-ink-muted">
        Everything here is encrypted in this browser with keys only you hold. Add what matters, then choose
        who should receive it.
      </p>

      <div className="mt-8 space-y-4 empty:hidden">
        {user.emailVerified ? null : (
          <Notice tone="warning" title="Please verify your email">
            We sent you a link when you signed up. Verifying lets us reach you about your legacy plan.{" "}
            <Link to="/ConfirmEmail" className="link">
              Verify your email
            </Link>
          </Notice>
        )}
        {user.vaultLocked ? (
          <Notice tone="danger" title="Your vault is locked">
            Your password was reset by email, so your vault still needs your recovery key to open.{" "}
            <Link to="/Help#forgot-password" className="link">
              Use your recovery key
            </Link>
          </Notice>
        ) : null}
      </div>

      <CheckInSlot />

      <div className="mt-8 grid gap-5 lg:grid-cols-2">
        <DocumentsSummary />
        <LegacySummary />
      </div>

      {unfinished ? (
        <div className="mt-8">
          <GetStartedChecklist displayName={name} />
        </div>
      ) : null}
    </div>
  );
}
