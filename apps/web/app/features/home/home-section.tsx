import type { ReactNode } from "react";
import { Link } from "react-router";

/** One section of the home dashboard: a heading, what it holds, and the way to the page behind it. */
export function HomeSection({
  id,
  title,
  to,
  linkLabel,
  children,
}: {
  id: string;
  title: string;
  to: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6"
      data-testid={`home-${id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        <Link to={to} className="btn-secondary">
          {linkLabel}
        </Link>
      </div>
      <div className="mt-4 flex-1">{children}</div>
    </section>
  );
}
