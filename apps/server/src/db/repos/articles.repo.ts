import { randomUUID } from "node:crypto";
import type { ArticleKind } from "@heirloom/contract";
import type { Kysely, Selectable } from "kysely";
import type { ArticleStatus, ArticlesTable, DatabaseSchema } from "../schema.ts";

export interface ArticleRecord {
  id: string;
  kind: ArticleKind;
  slug: string;
  title: string;
  summary: string;
  bodyMarkdown: string;
  status: ArticleStatus;
  publishedAt: string;
  createdAt: string;
  updatedAt: string;
}

/** A listing row: everything but the body, which listings never need. */
export type ArticleListing = Omit<ArticleRecord, "bodyMarkdown">;

export interface NewArticle {
  kind: ArticleKind;
  slug: string;
  title: string;
  summary: string;
  bodyMarkdown: string;
  status: ArticleStatus;
  publishedAt: Date;
}

export interface ArticlesRepo {
  /** Published articles of one kind, newest first. */
  listPublished(kind: ArticleKind): Promise<ArticleListing[]>;
  /** One published article; the slug matches case-insensitively. */
  findPublished(kind: ArticleKind, slug: string): Promise<ArticleRecord | undefined>;
  insert(article: NewArticle, now: Date): Promise<ArticleRecord>;
}

const listingColumns = [
  "id",
  "kind",
  "slug",
  "title",
  "summary",
  "status",
  "published_at",
  "created_at",
  "updated_at",
] as const;

export function createArticlesRepo(db: Kysely<DatabaseSchema>): ArticlesRepo {
  return {
    async listPublished(kind) {
      const rows = await db
        .selectFrom("articles")
        .select(listingColumns)
        .where("kind", "=", kind)
        .where("status", "=", "published")
        // The slug breaks ties so the order is stable across engines.
        .orderBy("published_at", "desc")
        .orderBy("slug", "asc")
        .execute();
      return rows.map(toListing);
    },

    async findPublished(kind, slug) {
      const row = await db
        .selectFrom("articles")
        .selectAll()
        .where("kind", "=", kind)
        .where("slug", "=", slug.toLowerCase())
        .where("status", "=", "published")
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async insert(article, now) {
      const row: Selectable<ArticlesTable> = {
        id: randomUUID(),
        kind: article.kind,
        slug: article.slug.toLowerCase(),
        title: article.title,
        summary: article.summary,
        body_markdown: article.bodyMarkdown,
        status: article.status,
        published_at: article.publishedAt.toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      await db.insertInto("articles").values(row).execute();
      return toRecord(row);
    },
  };
}

function toListing(row: Omit<Selectable<ArticlesTable>, "body_markdown">): ArticleListing {
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    status: row.status,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRecord(row: Selectable<ArticlesTable>): ArticleRecord {
  return { ...toListing(row), bodyMarkdown: row.body_markdown };
}
