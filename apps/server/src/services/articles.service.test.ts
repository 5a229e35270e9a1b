import type { ArticleReader } from "@heirloom/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ArticlesRepo, createArticlesRepo, type NewArticle } from "../db/repos/articles.repo.ts";
import { type TestDatabase, testDatabaseTargets } from "../db/test-databases.ts";
import { createArticlesService } from "./articles.service.ts";

const memory = testDatabaseTargets({}).find((target) => target.name === "sqlite (memory)");

function article(overrides: Partial<NewArticle>): NewArticle {
  return {
    kind: "article",
    slug: "x",
    title: "Title",
    summary: "Summary",
    bodyMarkdown: "Body",
    status: "published",
    publishedAt: new Date("2026-01-01T00:00:00Z"),
    ...overrides,
  };
}

/** Every HTML tag in the output (escaped text such as &lt;script&gt; is not a tag and is harmless). */
function tags(html: string): string[] {
  return html.match(/<[a-z][^>]*>/gi) ?? [];
}

describe("articles service", () => {
  let database: TestDatabase;
  let repo: ArticlesRepo;
  let service: ArticleReader;
  const now = new Date("2026-02-01T00:00:00Z");

  beforeAll(async () => {
    if (!memory) throw new Error("sqlite (memory) target missing");
    database = await memory.open({ migrate: true });
    repo = createArticlesRepo(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("articles").execute();
    service = createArticlesService({ repo });
  });

  it("lists published summaries newest first, without drafts or bodies", async () => {
    await repo.insert(article({ slug: "old", publishedAt: new Date("2025-01-01T00:00:00Z") }), now);
    await repo.insert(article({ slug: "new", publishedAt: new Date("2025-03-01T00:00:00Z") }), now);
    await repo.insert(article({ slug: "hidden", status: "draft" }), now);
    const list = await service.list("article");
    expect(list).toEqual([
      {
        kind: "article",
        slug: "new",
        title: "Title",
        summary: "Summary",
        publishedAt: "2025-03-01T00:00:00.000Z",
        updatedAt: now.toISOString(),
      },
      expect.objectContaining({ slug: "old" }),
    ]);
  });

  it("renders GFM Markdown and finds the slug in any case", async () => {
    await repo.insert(
      article({
        slug: "plan",
        bodyMarkdown:
          "## Steps\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ [site](https://example.com)\n\n- [x] done",
      }),
      now,
    );
    const found = await service.get("article", "PLAN");
    expect(found?.slug).toBe("plan");
    expect(found?.html).toContain("<h2>Steps</h2>");
    expect(found?.html).toContain("<table>");
    expect(found?.html).toContain("<del>old</del>");
    expect(found?.html).toContain('<a href="https://example.com">site</a>');
    expect(found?.html).toContain('type="checkbox"');
  });

  it("answers undefined for a missing slug, a draft, or the other kind", async () => {
    await repo.insert(article({ slug: "draft", status: "draft" }), now);
    await repo.insert(article({ slug: "guide-only", kind: "guide" }), now);
    expect(await service.get("article", "missing")).toBeUndefined();
    expect(await service.get("article", "draft")).toBeUndefined();
    expect(await service.get("article", "guide-only")).toBeUndefined();
  });

  it("does not let raw HTML or dangerous links through", async () => {
    const attacks = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">raw link</a>',
      "[click](javascript:alert(1))",
      "[shout](JAVASCRIPT:alert(1))",
      "[entity](&#106;avascript:alert(1))",
      "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "[vb](vbscript:msgbox(1))",
      "![pic](javascript:alert(1))",
      "<javascript:alert(1)>",
      "<div onmouseover=alert(1)>hover</div>",
      "<iframe src=https://evil.example></iframe>",
    ];
    await repo.insert(article({ slug: "attack", bodyMarkdown: attacks.join("\n\n") }), now);
    const html = (await service.get("article", "attack"))?.html ?? "";
    expect(html).not.toBe("");
    for (const tag of tags(html)) {
      expect(tag).not.toMatch(/^<(script|iframe|img\b[^>]*onerror|div)/i);
      expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/(java|vb)script:|data:/i);
    }
    // The text survives, escaped, so an author sees what they wrote.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("caches rendered HTML per version and re-renders after an edit", async () => {
    const record = await repo.insert(article({ slug: "cached", bodyMarkdown: "first" }), now);
    expect((await service.get("article", "cached"))?.html).toBe("<p>first</p>");

    // Same updated_at: the cached HTML is served (this is what the cache is for).
    await database.db
      .updateTable("articles")
      .set({ body_markdown: "second" })
      .where("id", "=", record.id)
      .execute();
    expect((await service.get("article", "cached"))?.html).toBe("<p>first</p>");

    // An edit bumps updated_at, so the new text shows at once.
    await database.db
      .updateTable("articles")
      .set({ body_markdown: "third", updated_at: "2026-03-01T00:00:00.000Z" })
      .where("id", "=", record.id)
      .execute();
    const edited = await service.get("article", "cached");
    expect(edited?.html).toBe("<p>third</p>");
    expect(edited?.updatedAt).toBe("2026-03-01T00:00:00.000Z");
  });
});
