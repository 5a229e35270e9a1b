import { z } from "zod";

export const articleKinds = ["article", "guide"] as const;
export type ArticleKind = (typeof articleKinds)[number];

export const articleSummarySchema = z.object({
  kind: z.enum(articleKinds),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  /** Sanitized HTML rendered on the server from the stored Markdown. */
  html: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

/** What the public pages need from the server while rendering; the server's articles service satisfies it. */
export interface ArticleReader {
  list(kind: ArticleKind): Promise<ArticleSummary[]>;
  get(kind: ArticleKind, slug: string): Promise<Article | undefined>;
}
