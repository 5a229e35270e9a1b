import { Container } from "#app/components/ui/container.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { ArticleCardList } from "#app/features/site/article-card-list.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import type { Route } from "./+types/guides";

export async function loader({ context }: Route.LoaderArgs) {
  return { guides: await context.get(servicesContext).articles.list("guide") };
}

export const meta = () =>
  pageMeta(
    "Guides",
    "Step-by-step guides to Heirloom: setting up your vault and recovery kit, adding legacy contacts, choosing plans and triggers, and opening what someone left you.",
  );

export default function Guides({ loaderData }: Route.ComponentProps) {
  const { guides } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Guides"
        title="Step-by-step guides"
        lead="Set up your vault, build your legacy plan, and help the people you chose open what you left them."
      />
      <Container className="py-14 sm:py-16">
        {guides.length > 0 ? (
          <ArticleCardList items={guides} basePath="/guides" />
        ) : (
          <p className="text-lg text-ink-muted">No guides have been published yet. Please check back soon.</p>
        )}
      </Container>
    </>
  );
}
