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

// --- Writing articles and guides (/app/addarticle, admins only: ADMIN_EMAILS) ---

export const articleStatuses = ["published", "draft"] as const;

export const articleMessages = {
  adminOnly: "Only administrators can write articles and guides.",
  slugTaken: "An article or guide with this address already exists. Choose another.",
  notFound: "That article or guide does not exist.",
} as const;

export const articleSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Please give the page an address.")
  .max(80, "Keep the address under 80 characters.")
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "Use lowercase letters, digits and single dashes, like planning-your-legacy.",
  );

export const articleDraftSchema = z.object({
  kind: z.enum(articleKinds),
  slug: articleSlugSchema,
  title: z.string().trim().min(1, "Please give it a title.").max(200, "Keep the title under 200 characters."),
  summary: z
    .string()
    .trim()
    .min(1, "Please write a one-sentence summary.")
    .max(400, "Keep the summary under 400 characters."),
  bodyMarkdown: z.string().trim().min(1, "Please write the text.").max(100_000, "The text is too long."),
  status: z.enum(articleStatuses),
});
export type ArticleDraft = z.infer<typeof articleDraftSchema>;

export const adminArticleSchema = articleDraftSchema.extend({
  id: z.string(),
  publishedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;
/** GET /api/admin/articles: every article and guide, drafts included. */
export const adminArticleListSchema = z.array(adminArticleSchema);

export const articlePreviewRequestSchema = z.object({ bodyMarkdown: z.string().max(100_000) });
export const articlePreviewResponseSchema = z.object({ html: z.string() });
