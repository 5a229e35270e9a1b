import { Link } from "react-router";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { displayNameOf } from "#app/features/session/index.ts";
import { sections } from "#app/features/shell/sections.ts";
import { useShellContext } from "#app/features/shell/shell-context.ts";

export const meta = () => [{ title: "Your vault · Heirloom" }];

/** The four areas a new vault starts with, each with its empty state and the page that will hold it. */
const areas = [
  { section: sections.documents, to: "/app/MyData" },
  { section: sections.legacy, to: "/app/LegacySettings" },
  { section: sections.passwords, to: "/app/Passwords" },
  { section: sections.serviceAccounts, to: "/app/serviceaccounts" },
] as const;

export default function AppHome() {
  const { user } = useShellContext();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-10 lg:py-12">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">
        Welcome, {displayNameOf(user)}
      </p>
      <h1 className="mt-1 font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">
        Your vault
      </h1>
      <p className="mt-3 max-w-2xl text-lg leading-relaxed text-ink-muted">
        Everything here is encrypted in this browser with keys only you hold. Add what matters, then choose
        who should receive it.
      </p>

      <div className="mt-8 space-y-4">
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

      <ul className="mt-8 grid gap-5 md:grid-cols-2">
        {areas.map(({ section, to }) => (
          <li key={to} className="flex flex-col">
            <h2 className="mb-3 flex items-center justify-between gap-3 text-lg font-semibold">
              {section.title}
              <Link to={to} className="text-sm font-medium text-accent hover:underline">
                Open<span className="sr-only"> {section.title}</span>
              </Link>
            </h2>
            <div className="flex-1 [&>div]:h-full">
              <EmptyState {...section.empty} action={undefined} headingLevel={3} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
