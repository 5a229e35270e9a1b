import type { Article } from "@heirloom/contract";
import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { formatDate } from "./format-date.ts";

/** One article or guide: its title, dates and summary, then the body the server rendered from Markdown. */
export function ArticleView({ article, back }: { article: Article; back: { to: string; label: string } }) {
  const updated = article.updatedAt.slice(0, 10) !== article.publishedAt.slice(0, 10);
  return (
    <article>
      <header className="border-b border-line bg-surface-sunken">
        <Container className="py-12 sm:py-16">
          <Link
            to={back.to}
            className="inline-flex items-center gap-2 text-[0.9375rem] font-medium text-accent hover:underline"
          >
            <Icon name="arrow-left" className="size-4" />
            {back.label}
          </Link>
          <h1 className="mt-6 max-w-3xl font-display text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">
            {article.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-muted">{article.summary}</p>
          <p className="mt-6 text-sm text-ink-muted">
            Published <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
            {updated ? (
              <>
                {" · "}Updated <time dateTime={article.updatedAt}>{formatDate(article.updatedAt)}</time>
              </>
            ) : null}
          </p>
        </Container>
      </header>
      <Container className="py-12 sm:py-16">
        <div
          className="prose-heirloom"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders the stored Markdown and sanitizes it (apps/server articles service) before it reaches us.
          dangerouslySetInnerHTML={{ __html: article.html }}
        />
      </Container>
    </article>
  );
}
