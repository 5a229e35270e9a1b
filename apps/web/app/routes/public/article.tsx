import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { ArticleView } from "#app/features/site/article-view.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import type { Route } from "./+types/article";

export async function loader({ context, params }: Route.LoaderArgs) {
  const article = await context.get(servicesContext).articles.get("article", params.slug);
  // An unknown slug is a real 404: the root error boundary shows the error page with that status.
  if (!article) throw data(null, { status: 404 });
  return { article };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? pageMeta(loaderData.article.title, loaderData.article.summary)
    : pageMeta("Page not found", "Sorry, we couldn't find the page you're looking for.");

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  return <ArticleView article={loaderData.article} back={{ to: "/articles", label: "All articles" }} />;
}
