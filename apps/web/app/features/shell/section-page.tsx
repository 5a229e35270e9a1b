import type { ReactNode } from "react";
import { EmptyState, type EmptyStateContent } from "#app/components/ui/empty-state.tsx";

/** A signed-in page: its one h1, what the section is for, and its content (an empty state until there is some). */
export function SectionPage({
  title,
  description,
  empty,
  children,
}: {
  title: string;
  description: ReactNode;
  empty?: EmptyStateContent;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-10 lg:py-12">
      <h1 className="font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className="mt-3 max-w-2xl text-lg leading-relaxed text-ink-muted">{description}</p>
      <div className="mt-8 space-y-6">
        {children}
        {empty ? <EmptyState {...empty} /> : null}
      </div>
    </div>
  );
}
