import type { Article, ArticleKind, ArticleReader, ArticleSummary } from "@heirloom/contract";
import type { ArticleListing, ArticlesRepo } from "../db/repos/articles.repo.ts";
import { renderMarkdown } from "./markdown.ts";

export interface ArticlesServiceDeps {
  repo: ArticlesRepo;
}

/**
 * Published articles and guides for the public pages. Rendered HTML is cached per article and version (updated_at):
 * articles are read on every page view and written rarely, and an edit changes updated_at, so a stale entry is never
 * served. The cache holds at most one entry per article, so it stays as small as the table.
 */
export function createArticlesService({ repo }: ArticlesServiceDeps): ArticleReader {
  const htmlCache = new Map<string, { updatedAt: string; html: string }>();

  return {
    async list(kind: ArticleKind): Promise<ArticleSummary[]> {
      return (await repo.listPublished(kind)).map(toSummary);
    },

    async get(kind: ArticleKind, slug: string): Promise<Article | undefined> {
      const record = await repo.findPublished(kind, slug);
      if (!record) return undefined;
      let cached = htmlCache.get(record.id);
      if (cached?.updatedAt !== record.updatedAt) {
        cached = { updatedAt: record.updatedAt, html: renderMarkdown(record.bodyMarkdown) };
        htmlCache.set(record.id, cached);
      }
      return { ...toSummary(record), html: cached.html };
    },
  };
}

function toSummary(listing: ArticleListing): ArticleSummary {
  return {
    kind: listing.kind,
    slug: listing.slug,
    title: listing.title,
    summary: listing.summary,
    publishedAt: listing.publishedAt,
    updatedAt: listing.updatedAt,
  };
}
