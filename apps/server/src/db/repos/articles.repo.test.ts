import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabaseTargets } from "../test-databases.ts";
import { type ArticlesRepo, createArticlesRepo, type NewArticle } from "./articles.repo.ts";

const now = new Date("2026-01-10T12:00:00.000Z");

function article(overrides: Partial<NewArticle>): NewArticle {
  return {
    kind: "article",
    slug: "a",
    title: "Title",
    summary: "Summary",
    bodyMarkdown: "Body",
    status: "published",
    publishedAt: new Date("2026-01-01T00:00:00.000Z"),
    ...overrides,
  };
}

describe.each(testDatabaseTargets())("articles repo on $name", (target) => {
  let database: TestDatabase;
  let repo: ArticlesRepo;
  beforeAll(async () => {
    database = await target.open({ migrate: true });
    repo = createArticlesRepo(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    // Start from an empty table: the seed is covered by database.test.ts.
    await database.db.deleteFrom("articles").execute();
  });

  it("lists published articles of one kind, newest first, without drafts", async () => {
    await repo.insert(article({ slug: "older", publishedAt: new Date("2025-01-01T00:00:00Z") }), now);
    await repo.insert(article({ slug: "newer", publishedAt: new Date("2025-06-01T00:00:00Z") }), now);
    await repo.insert(
      article({ slug: "draft", status: "draft", publishedAt: new Date("2025-09-01T00:00:00Z") }),
      now,
    );
    await repo.insert(article({ slug: "a-guide", kind: "guide" }), now);

    const listed = await repo.listPublished("article");
    expect(listed.map((a) => a.slug)).toEqual(["newer", "older"]);
    expect(listed[0]).not.toHaveProperty("bodyMarkdown");
    expect((await repo.listPublished("guide")).map((a) => a.slug)).toEqual(["a-guide"]);
  });

  it("finds a published article by slug in any letter case, and only in its own kind", async () => {
    const inserted = await repo.insert(article({ slug: "Writing-A-Will", bodyMarkdown: "# Hi" }), now);
    expect(inserted.slug).toBe("writing-a-will");
    expect(await repo.findPublished("article", "WRITING-a-will")).toEqual(inserted);
    expect(inserted).toMatchObject({
      bodyMarkdown: "# Hi",
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    expect(await repo.findPublished("guide", "writing-a-will")).toBeUndefined();
    expect(await repo.findPublished("article", "missing")).toBeUndefined();
  });

  it("hides drafts", async () => {
    await repo.insert(article({ slug: "secret", status: "draft" }), now);
    expect(await repo.findPublished("article", "secret")).toBeUndefined();
  });
});
