import { type AdminArticle, type ArticleDraft, articleMessages } from "@heirloom/contract";
import type { ArticleRecord, ArticlesRepo } from "../db/repos/articles.repo.ts";
import { AppError } from "../errors.ts";
import type { Clock } from "./clock.ts";
import { renderMarkdown } from "./markdown.ts";

export interface ArticlesAdminDeps {
  repo: ArticlesRepo;
  clock: Clock;
  /** Told after an article was written (the server's kept pages show the articles). */
  onChange?: () => void;
}

const toAdmin = ({
  id,
  kind,
  slug,
  title,
  summary,
  bodyMarkdown,
  status,
  ...dates
}: ArticleRecord): AdminArticle => ({
  id,
  kind,
  slug,
  title,
  summary,
  bodyMarkdown,
  status,
  publishedAt: dates.publishedAt,
  createdAt: dates.createdAt,
  updatedAt: dates.updatedAt,
});

/**
 * The articles editor's rules (callers are admins; the route checks). Slugs are one space across articles and guides;
 * publishing a draft dates it now; an edit of a published text keeps its publication date.
 */
export function createArticlesAdminService({ repo, clock, onChange }: ArticlesAdminDeps) {
  async function assertSlugFree(slug: string, exceptId?: string) {
    const existing = await repo.findBySlug(slug);
    if (existing && existing.id !== exceptId)
      throw new AppError("conflict", articleMessages.slugTaken, { slug: articleMessages.slugTaken });
  }

  return {
    async list(): Promise<AdminArticle[]> {
      return (await repo.listAll()).map(toAdmin);
    },

    async create(draft: ArticleDraft): Promise<AdminArticle> {
      await assertSlugFree(draft.slug);
      const now = clock();
      const created = await repo.insert({ ...draft, publishedAt: now }, now);
      onChange?.();
      return toAdmin(created);
    },

    async update(id: string, draft: ArticleDraft): Promise<AdminArticle> {
      const current = await repo.findById(id);
      if (!current) throw new AppError("not_found", articleMessages.notFound);
      await assertSlugFree(draft.slug, id);
      const now = clock();
      const publishedAt =
        draft.status === "published" && current.status === "draft" ? now : new Date(current.publishedAt);
      const updated = await repo.update(id, { ...draft, publishedAt }, now);
      if (!updated) throw new AppError("not_found", articleMessages.notFound);
      onChange?.();
      return toAdmin(updated);
    },

    /** The sanitized HTML the public page will show, for the editor's preview. */
    preview(bodyMarkdown: string): { html: string } {
      return { html: renderMarkdown(bodyMarkdown) };
    },
  };
}

export type ArticlesAdminService = ReturnType<typeof createArticlesAdminService>;
