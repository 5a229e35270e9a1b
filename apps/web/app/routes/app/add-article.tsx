import { AddArticlePage } from "#app/features/articles-editor/add-article-page.tsx";
import { sectionMeta } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("addArticle");

export default function AddArticle() {
  return <AddArticlePage />;
}
