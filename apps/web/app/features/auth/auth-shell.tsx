import type { ReactNode } from "react";
import { Container } from "#app/components/ui/container.tsx";

/**
 * The frame of the sign-in family of pages (Login, SignUp, mfa/setup, ConfirmEmail, AddInfo, CheckOut, Payment):
 * one focused card with the page's h1, and an optional aside that explains what happens next.
 */
export function AuthShell({
  id,
  eyebrow,
  title,
  lead,
  children,
  aside,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby="auth-title" className="scroll-mt-20 bg-surface-sunken py-10 sm:py-16">
      <Container
        className={aside ? "grid items-start gap-10 lg:grid-cols-[minmax(0,32rem)_1fr] lg:gap-16" : ""}
      >
        <div
          className={`rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-9 ${aside ? "" : "mx-auto max-w-lg"}`}
        >
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
          ) : null}
          <h1
            id="auth-title"
            className="mt-1 font-display text-3xl leading-tight font-semibold tracking-tight"
          >
            {title}
          </h1>
          {lead ? <p className="mt-3 leading-relaxed text-ink-muted">{lead}</p> : null}
          <div className="mt-7">{children}</div>
        </div>
        {aside ? <div className="lg:pt-6">{aside}</div> : null}
      </Container>
    </section>
  );
}
