import { useEffect } from "react";
import { useLocation } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import type { FaqEntry } from "#app/content/faq.ts";

/**
 * The FAQ as native disclosure widgets (<details>/<summary>): keyboard and screen-reader support come from the
 * browser, and every answer is in the HTML for readers without JavaScript. A link to /Faq#some-id opens that entry.
 */
export function FaqList({ entries }: { entries: readonly FaqEntry[] }) {
  const { hash } = useLocation();

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView({ block: "start" });
    }
  }, [hash]);

  return (
    <div className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {entries.map((entry) => (
        <details key={entry.id} id={entry.id} className="group scroll-mt-24">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-2xl px-5 py-5 text-lg font-semibold hover:text-accent sm:px-7 [&::-webkit-details-marker]:hidden">
            <h2 className="text-lg leading-snug font-semibold">{entry.question}</h2>
            <Icon
              name="arrow-right"
              className="mt-1 size-5 shrink-0 rotate-90 text-accent transition-transform duration-200 group-open:-rotate-90 motion-reduce:transition-none"
            />
          </summary>
          <div className="space-y-4 px-5 pb-6 leading-relaxed text-ink-muted sm:px-7">
            {entry.answer.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
