import type { ReactNode } from "react";

/** An h2 with its eyebrow and lead, used to open each section of a page. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = "start",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: "start" | "center";
}) {
  const centred = align === "center";
  return (
    <div className={centred ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
      ) : null}
      <h2
        id={id}
        className="mt-2 font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl"
      >
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-ink-muted">{lead}</p> : null}
    </div>
  );
}
