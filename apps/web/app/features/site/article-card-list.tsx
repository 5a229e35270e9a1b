import type { ArticleSummary } from "@heirloom/contract";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { formatDate } from "./format-date.ts";

/** Articles or guides as a list of cards linking to their pages. */
export function ArticleCardList({
  items,
  basePath,
  headingLevel = 2,
}: {
  items: readonly ArticleSummary[];
  basePath: "/articles" | "/guides";
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-5 md:grid-cols-2">
      {items.map((a) => (
        <li key={a.slug}>
          <article className="group relative flex h-full flex-col rounded-2xl border border-line bg-surface p-6 transition-colors hover:border-accent sm:p-7">
            <p className="text-sm text-ink-muted">
              <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>
            </p>
            <Heading className="mt-2 text-xl leading-snug font-semibold">
              <Link to={`${basePath}/${a.slug}`} className="after:absolute after:inset-0 after:rounded-2xl">
                {a.title}
              </Link>
            </Heading>
            <p className="mt-3 flex-1 leading-relaxed text-ink-muted">{a.summary}</p>
            <p aria-hidden="true" className="mt-5 inline-flex items-center gap-2 font-medium text-accent">
              Read
              <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-1" />
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
