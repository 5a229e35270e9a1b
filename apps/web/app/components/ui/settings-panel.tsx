import type { ReactNode } from "react";

/** One titled block of a settings page (an h2 section), so the blocks read as separate parts. */
export function SettingsPanel({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-7">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1.5 leading-relaxed text-ink-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
