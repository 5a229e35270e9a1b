import type { ReactNode } from "react";
import { Link } from "react-router";
import { NavIcon, type NavIconName } from "./nav-icon.tsx";

export interface EmptyStateContent {
  icon: NavIconName;
  title: string;
  body: ReactNode;
  action?: { label: string; to: string };
}

/** What a section shows before it has anything in it: what will be here, and the way to start. */
export function EmptyState({
  icon,
  title,
  body,
  action,
  headingLevel = 2,
}: EmptyStateContent & { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-12 text-center sm:py-16">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
        <NavIcon name={icon} className="size-6" />
      </span>
      <Heading className="mt-4 text-lg font-semibold">{title}</Heading>
      <div className="mt-2 max-w-md leading-relaxed text-ink-muted">{body}</div>
      {action ? (
        <Link to={action.to} className="btn-secondary mt-6">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
