import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { seedArticles } from "./0002_seed_articles.data.ts";

/** The articles table as it was when this migration was written (later migrations may change it). */
interface SeedSnapshot {
  articles: {
    id: string;
    kind: "article" | "guide";
    slug: string;
    title: string;
    summary: string;
    body_markdown: string;
    status: "published" | "draft";
    published_at: string;
    created_at: string;
    updated_at: string;
  };
}

// Inserts only slugs that are missing, so an article an editor changed or removed-then-recreated by hand is never
// overwritten, and a database that already holds some of them is completed rather than rejected.
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<SeedSnapshot>;
  const existing = new Set((await db.selectFrom("articles").select("slug").execute()).map((row) => row.slug));
  const rows = seedArticles
    .filter((article) => !existing.has(article.slug.toLowerCase()))
    .map((article) => {
      // Seeded texts were written at their publication date; using it for created/updated keeps the seed deterministic.
      const publishedAt = new Date(article.publishedAt).toISOString();
      return {
        id: randomUUID(),
        kind: article.kind,
        slug: article.slug.toLowerCase(),
        title: article.title,
        summary: article.summary,
        body_markdown: article.bodyMarkdown,
        status: "published" as const,
        published_at: publishedAt,
        created_at: publishedAt,
        updated_at: publishedAt,
      };
    });
  if (rows.length > 0) await db.insertInto("articles").values(rows).execute();
}
