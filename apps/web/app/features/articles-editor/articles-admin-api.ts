import { type AdminArticle, type ArticleDraft, apiRoutes } from "@heirloom/contract";
import { apiRequest } from "#app/lib/api.ts";

/** The admin articles API (admins only: the server answers 403 to anyone else). */
export const articlesAdminApi = {
  list: () => apiRequest<AdminArticle[]>(apiRoutes.adminArticles),
  create: (draft: ArticleDraft) => apiRequest<AdminArticle>(apiRoutes.adminArticles, { body: draft }),
  update: (id: string, draft: ArticleDraft) =>
    apiRequest<AdminArticle>(`${apiRoutes.adminArticles}/${encodeURIComponent(id)}`, {
      method: "PUT",
      body: draft,
    }),
  preview: (bodyMarkdown: string, signal?: AbortSignal) =>
    apiRequest<{ html: string }>(apiRoutes.adminArticlePreview, {
      body: { bodyMarkdown },
      ...(signal ? { signal } : {}),
    }),
};

/** Where a published text is read on the public site. */
export const publicPathOf = (article: Pick<AdminArticle, "kind" | "slug">) =>
  `/${article.kind === "guide" ? "guides" : "articles"}/${article.slug}`;

/** A slug suggested from a title, by the server's rules (lowercase letters, digits, single dashes, 80 at most). */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
