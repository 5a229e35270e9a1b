import type { AdminArticle } from "@heirloom/contract";

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
