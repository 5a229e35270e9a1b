import { articleMessages, errorBodySchema } from "@heirloom/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, engines, signUp, startTestApp, type TestApp } from "../testing/app-harness.ts";

const draft = (slug: string, status: "draft" | "published" = "draft") => ({
  kind: "article" as const,
  slug,
  title: "Where to keep the deed to the house",
  summary: "Paper, a safe, or a vault: what your executor will need and when.",
  bodyMarkdown: "# The deed\n\nKeep a **copy** in your vault.\n\n<script>alert(1)</script>",
  status,
});

describe.each(engines())("the articles editor's API on %s", (engine) => {
  let t: TestApp;
  let admin: Client;
  let reader: Client;
  beforeAll(async () => {
    t = await startTestApp(engine, { ADMIN_EMAILS: "Editor@Example.com, second@example.com" });
    const editor = await signUp(t.app, { email: "editor@example.com" });
    // An admin address counts only once it is verified (otherwise anyone could sign up as the admin first).
    expect((await editor.client.get("/api/account/me")).json().isAdmin).toBe(false);
    expect((await editor.client.get("/api/admin/articles")).statusCode).toBe(403);
    await sql`update "user" set "emailVerified" = ${engine === "postgres" ? sql`true` : sql`1`} where "email" = 'editor@example.com'`.execute(
      t.database.db,
    );
    admin = editor.client;
    reader = (await signUp(t.app)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("tells the app who is an admin", async () => {
    expect((await admin.get("/api/account/me")).json().isAdmin).toBe(true);
    expect((await reader.get("/api/account/me")).json().isAdmin).toBe(false);
  });

  it("keeps visitors (401) and non-admins (403) out of every call, and they change nothing", async () => {
    const visitor = new Client(t.app);
    const calls = [
      (c: Client) => c.get("/api/admin/articles"),
      (c: Client) => c.post("/api/admin/articles", draft("sneaky-post", "published")),
      (c: Client) => c.put("/api/admin/articles/00000000-0000-4000-8000-000000000000", draft("sneaky-put")),
      (c: Client) => c.post("/api/admin/articles/preview", { bodyMarkdown: "hi" }),
    ];
    for (const call of calls) {
      expect((await call(visitor)).statusCode).toBe(401);
      const res = await call(reader);
      expect(res.statusCode).toBe(403);
      expect(errorBodySchema.parse(res.json()).error.message).toBe(articleMessages.adminOnly);
    }
    expect((await visitor.get("/articles/sneaky-post")).statusCode).toBe(404);
  });

  it("writes a draft that stays off the public site until published, then edits and unpublishes it", async () => {
    const created = await admin.post("/api/admin/articles", draft("Keeping-The-Deed"));
    expect(created.statusCode).toBe(201);
    const article = created.json();
    expect(article).toMatchObject({ slug: "keeping-the-deed", status: "draft" });
    const visitor = new Client(t.app);
    expect((await visitor.get("/articles/keeping-the-deed")).statusCode).toBe(404);

    const published = await admin.put(`/api/admin/articles/${article.id}`, {
      ...draft("keeping-the-deed", "published"),
    });
    expect(published.statusCode).toBe(200);
    const page = await visitor.get("/articles/keeping-the-deed");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Where to keep the deed to the house");
    expect(page.body).toContain("<strong>copy</strong>");
    expect(page.body).not.toContain("<script>alert(1)</script>");

    const edited = await admin.put(`/api/admin/articles/${article.id}`, {
      ...draft("keeping-the-deed", "published"),
      title: "Keeping the deed safe",
    });
    expect(edited.json().publishedAt).toBe(published.json().publishedAt);
    expect((await visitor.get("/articles/keeping-the-deed")).body).toContain("Keeping the deed safe");

    expect((await admin.put(`/api/admin/articles/${article.id}`, draft("keeping-the-deed"))).statusCode).toBe(
      200,
    );
    expect((await visitor.get("/articles/keeping-the-deed")).statusCode).toBe(404);
    const listed = (await admin.get("/api/admin/articles")).json() as { slug: string; status: string }[];
    expect(listed.find((a) => a.slug === "keeping-the-deed")?.status).toBe("draft");
  });

  it("keeps slugs unique across articles and guides, and validates every field", async () => {
    const first = (await admin.post("/api/admin/articles", draft("one-address"))).json();
    const clash = await admin.post("/api/admin/articles", { ...draft("one-address"), kind: "guide" });
    expect(clash.statusCode).toBe(409);
    expect(errorBodySchema.parse(clash.json()).error.message).toBe(articleMessages.slugTaken);
    const other = (await admin.post("/api/admin/articles", draft("another-address"))).json();
    expect((await admin.put(`/api/admin/articles/${other.id}`, draft("one-address"))).statusCode).toBe(409);
    expect((await admin.put(`/api/admin/articles/${first.id}`, draft("one-address"))).statusCode).toBe(200);

    const bad = await admin.post("/api/admin/articles", {
      ...draft("bad slug!"),
      title: "",
      bodyMarkdown: "",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorBodySchema.parse(bad.json()).error.fields ?? {}).sort()).toEqual([
      "bodyMarkdown",
      "slug",
      "title",
    ]);
    expect((await admin.put("/api/admin/articles/not-an-id", draft("x"))).statusCode).toBe(404);
    expect(
      (await admin.put("/api/admin/articles/00000000-0000-4000-8000-000000000000", draft("y"))).statusCode,
    ).toBe(404);
  });

  it("previews Markdown as the sanitized HTML the public page will show", async () => {
    const res = await admin.post("/api/admin/articles/preview", {
      bodyMarkdown: "**bold** <img src=x onerror=alert(1)>",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toContain("<strong>bold</strong>");
    // Raw HTML in the Markdown is shown as text, never as an element.
    expect(res.json().html).not.toMatch(/<img/i);
    expect(res.json().html).toContain("&lt;img");
  });
});
