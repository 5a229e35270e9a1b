import type { ReactNode } from "react";
import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useSession } from "#app/features/session/index.ts";

/**
 * A page of the signed-in area that visitors may open too (SPEC.md section 6: /account/Activity, /account/help,
 * /account/Upgrade, /app/Upgrade). It renders on the server inside the public site's chrome; a visitor is asked to
 * sign in, a signed-in person (known only in the browser) gets the way into their vault.
 */
export function OpenSectionPage({
  title,
  description,
  signInPrompt,
  vaultLink,
  children,
}: {
  title: string;
  description: string;
  /** What signing in gives on this page, for visitors. */
  signInPrompt: string;
  /** Where the same thing lives inside the vault, for signed-in people. */
  vaultLink: { label: string; to: string };
  children?: ReactNode;
}) {
  const { status } = useSession();
  return (
    <section aria-labelledby="open-section-title" className="bg-surface-sunken py-12 sm:py-16">
      <Container className="max-w-3xl">
        <h1
          id="open-section-title"
          className="font-display text-4xl leading-tight font-semibold tracking-tight sm:text-5xl"
        >
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-muted">{description}</p>
        {children ? <div className="mt-8">{children}</div> : null}
        <div className="mt-8 rounded-2xl border border-line bg-surface p-6 shadow-xs sm:p-8">
          {/* On a phone the lock sits above the text, which then has the card's whole width. */}
          <div className="flex flex-col items-start gap-4 sm:flex-row">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Icon name="lock" className="size-5" />
            </span>
            {status === "signed-in" ? (
              <div>
                <h2 className="text-lg font-semibold">You are signed in</h2>
                <p className="mt-1 leading-relaxed text-ink-muted">This lives in your vault.</p>
                <Link to={vaultLink.to} className="btn-primary mt-5">
                  {vaultLink.label}
                </Link>
              </div>
            ) : (
              <div>
                <h2 className="text-lg font-semibold">Sign in to continue</h2>
                <p className="mt-1 leading-relaxed text-ink-muted">{signInPrompt}</p>
                <div className="mt-5 flex flex-wrap gap-3">
                  <Link to="/login#auth" className="btn-primary">
                    Sign in
                  </Link>
                  <Link to="/SignUp" className="btn-secondary">
                    Create your free vault
                  </Link>
                </div>
              </div>
            )}
          </div>
        </div>
      </Container>
    </section>
  );
}
