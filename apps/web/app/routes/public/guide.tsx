import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { ArticleView } from "#app/features/site/article-view.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import type { Route } from "./+types/guide";

export async function loader({ context, params }: Route.LoaderArgs) {
  const guide = await context.get(servicesContext).articles.get("guide", params.id);
  // An unknown id is a real 404: the root error boundary shows the error page with that status.
  if (!guide) throw data(null, { status: 404 });
  return { guide };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? pageMeta(loaderData.guide.title, loaderData.guide.summary)
    : pageMeta("Page not found", "Sorry, we couldn't find the page you're looking for.");

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  return <ArticleView article={loaderData.guide} back={{ to: "/guides", label: "All guides" }} />;
}
