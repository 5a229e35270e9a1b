import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { tableWrites } from "./table-writes.ts";

interface Tables {
  session: { id: string; userId: string };
  user: { id: string; name: string };
  profiles: { user_id: string };
}

describe("tableWrites", () => {
  let calls = 0;
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: new BetterSqlite3(":memory:") }),
    plugins: [tableWrites(["session", "user"], () => calls++)],
  });
  afterAll(() => db.destroy());

  const callsOf = async (work: () => Promise<unknown>) => {
    calls = 0;
    await work();
    return calls;
  };

  it("sees every write to the watched tables, before and after it runs, and nothing else", async () => {
    expect(
      await callsOf(async () => {
        await db.schema.createTable("session").addColumn("id", "text").addColumn("userId", "text").execute();
        await db.schema.createTable("user").addColumn("id", "text").addColumn("name", "text").execute();
        await db.schema.createTable("profiles").addColumn("user_id", "text").execute();
      }),
    ).toBe(0);
    expect(await callsOf(() => db.insertInto("session").values({ id: "s", userId: "u" }).execute())).toBe(2);
    expect(await callsOf(() => db.insertInto("user").values({ id: "u", name: "Ada" }).execute())).toBe(2);
    expect(await callsOf(() => db.updateTable("user").set({ name: "Grace" }).execute())).toBe(2);
    expect(await callsOf(() => db.selectFrom("session").selectAll().execute())).toBe(0);
    expect(await callsOf(() => db.insertInto("profiles").values({ user_id: "u" }).execute())).toBe(0);
    expect(
      await callsOf(() =>
        db.deleteFrom("profiles").where("user_id", "in", db.selectFrom("session").select("userId")).execute(),
      ),
    ).toBe(2);
    expect(
      await callsOf(() =>
        db.transaction().execute((trx) => trx.deleteFrom("session").where("userId", "=", "u").execute()),
      ),
    ).toBe(2);
    expect(await callsOf(() => sql`delete from ${sql.raw("user")}`.execute(db))).toBe(2);
    expect(await callsOf(() => sql`select 1`.execute(db))).toBe(0);
  });
});
