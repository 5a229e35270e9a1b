import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledOnce } from "./compiled-once.ts";
import { migrateToLatest } from "./database.ts";
import { type TestDatabase, testDatabaseTargets } from "./test-databases.ts";

describe.each(testDatabaseTargets())("a query compiled once on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
    await migrateToLatest(database);
    await database.db
      .insertInto("sweep_leases")
      .values([
        { name: "a", holder: "one", expires_at: "2026-01-01" },
        { name: "b", holder: "two", expires_at: "2026-01-02" },
        { name: "c", holder: "one", expires_at: "2026-01-03" },
      ])
      .execute();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("answers each call with that call's values, and keeps the query's own constants", async () => {
    const heldBy = compiledOnce(database.db, 2, (holder: string, after: string) =>
      database.db
        .selectFrom("sweep_leases")
        .select("name")
        .where("holder", "=", holder)
        .where("expires_at", ">", after)
        .where("name", "!=", "zzz")
        .orderBy("name")
        .limit(10),
    );
    expect(await heldBy("one", "2000")).toEqual([{ name: "a" }, { name: "c" }]);
    expect(await heldBy("one", "2026-01-02")).toEqual([{ name: "c" }]);
    expect(await heldBy("two", "2000")).toEqual([{ name: "b" }]);
    expect(await heldBy("nobody", "2000")).toEqual([]);
  });

  it("refuses a query whose SQL would depend on a value", () => {
    expect(() =>
      compiledOnce(database.db, 1, (prefix: string) =>
        database.db
          .selectFrom("sweep_leases")
          .select("name")
          .where(sql<boolean>`substr(name, 1, ${prefix.length}) = ${prefix.toUpperCase()}`),
      ),
    ).toThrow(/argument 0 does not reach/);
  });
});
