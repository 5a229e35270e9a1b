import { Container } from "#app/components/ui/container.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { ArticleCardList } from "#app/features/site/article-card-list.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import type { Route } from "./+types/articles";

export async function loader({ context }: Route.LoaderArgs) {
  return { articles: await context.get(servicesContext).articles.list("article") };
}

export const meta = () =>
  pageMeta(
    "Articles",
    "Practical writing on legacy planning: what families need after a death, which documents to gather, how to talk about it, and how to keep it all private.",
  );

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { articles } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Articles"
        title="Thinking ahead, practically"
        lead="What families actually need after a death, how to gather it, and how to keep it private until then."
      />
      <Container className="py-14 sm:py-16">
        {articles.length > 0 ? (
          <ArticleCardList items={articles} basePath="/articles" />
        ) : (
          <p className="text-lg text-ink-muted">
            No articles have been published yet. Please check back soon.
          </p>
        )}
      </Container>
    </>
  );
}
