import { pageViewsSchema } from "@heirloom/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countedPath } from "../services/page-views.service.ts";
import { Client, engines, signUp, startTestApp, type TestApp } from "../testing/app-harness.ts";

describe("counted paths", () => {
  it("never name one person's page: ids and tokens become :id", () => {
    expect(countedPath("/app/shared/0b6f7c1e-1d2a-4f4e-9a63-2f1e0c9d8b7a")).toBe("/app/shared/:id");
    expect(countedPath("/Articles/how-to-start?x=1#top")).toBe("/articles/how-to-start");
    expect(countedPath("/invitation/abcdefghijklmnopqrstuvwxyz123")).toBe("/invitation/:id");
  });
});

describe.each(engines())("page views on %s", (engine) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await startTestApp(engine, { ADMIN_EMAILS: "counter@example.com" });
    const editor = await signUp(t.app, { email: "counter@example.com" });
    await sql`update "user" set "emailVerified" = ${engine === "postgres" ? sql`true` : sql`1`} where "email" = 'counter@example.com'`.execute(
      t.database.db,
    );
    admin = editor.client;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts a path and a day, and keeps nothing about who looked", async () => {
    const visitor = new Client(t.app);
    const signedIn = await signUp(t.app);
    for (const client of [visitor, visitor, signedIn.client]) {
      expect((await client.post("/api/page-views", { path: "/Faq" })).statusCode).toBe(204);
    }
    expect((await visitor.post("/api/page-views", { path: "/about" })).statusCode).toBe(204);
    expect((await visitor.post("/api/page-views", { path: "no-slash" })).statusCode).toBe(400);
    expect((await visitor.post("/api/page-views", { path: "/x", userId: "u" })).statusCode).toBe(400);

    const rows = await t.database.db.selectFrom("page_views").selectAll().orderBy("path").execute();
    expect(rows.map((r) => Object.keys(r).sort())).toEqual([
      ["day", "path", "views"],
      ["day", "path", "views"],
    ]);
    expect(rows.map((r) => [r.path, Number(r.views)])).toEqual([
      ["/about", 1],
      ["/faq", 3],
    ]);
    expect(JSON.stringify(rows)).not.toContain(signedIn.userId);

    const report = pageViewsSchema.parse((await admin.get("/api/admin/page-views?days=7")).json());
    expect(report.days).toHaveLength(7);
    expect(report.days.at(-1)?.views).toBe(4);
    expect(report.days.slice(0, 6).every((d) => d.views === 0)).toBe(true);
    expect(report.paths).toEqual([
      { path: "/faq", views: 3 },
      { path: "/about", views: 1 },
    ]);
  });

  it("shows the counts to admins only", async () => {
    expect((await new Client(t.app).get("/api/admin/page-views")).statusCode).toBe(401);
    expect((await (await signUp(t.app)).client.get("/api/admin/page-views")).statusCode).toBe(403);
  });
});
