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
  /** Every article and guide, drafts included, newest change first (the editor's list). */
  listAll(): Promise<ArticleRecord[]>;
  findById(id: string): Promise<ArticleRecord | undefined>;
  findBySlug(slug: string): Promise<ArticleRecord | undefined>;
  /** Replaces the editable fields; undefined when there is no such article. */
  update(id: string, article: NewArticle, now: Date): Promise<ArticleRecord | undefined>;
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

    async listAll() {
      const rows = await db
        .selectFrom("articles")
        .selectAll()
        .orderBy("updated_at", "desc")
        .orderBy("slug", "asc")
        .execute();
      return rows.map(toRecord);
    },

    async findById(id) {
      const row = await db.selectFrom("articles").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toRecord(row);
    },

    async findBySlug(slug) {
      const row = await db
        .selectFrom("articles")
        .selectAll()
        .where("slug", "=", slug.toLowerCase())
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async update(id, article, now) {
      const result = await db
        .updateTable("articles")
        .set({
          kind: article.kind,
          slug: article.slug.toLowerCase(),
          title: article.title,
          summary: article.summary,
          body_markdown: article.bodyMarkdown,
          status: article.status,
          published_at: article.publishedAt.toISOString(),
          updated_at: now.toISOString(),
        })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return this.findById(id);
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
