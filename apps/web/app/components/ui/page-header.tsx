import type { ReactNode } from "react";
import { Container } from "./container.tsx";

/** The top of a content page: a small eyebrow, the page's only h1, and a lead paragraph. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-line bg-surface-sunken">
      <Container className="py-14 sm:py-20">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-3 max-w-3xl font-display text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">
          {title}
        </h1>
        {lead ? (
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-muted sm:text-xl">{lead}</p>
        ) : null}
        {children}
      </Container>
    </header>
  );
}
