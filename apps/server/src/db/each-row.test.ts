import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { eachRow } from "./each-row.ts";
import { testDatabaseTargets } from "./test-databases.ts";

// An each-row query runs its statement once per row on SQLite, through Kysely as one query: each row's values bound
// in order, one answer per row with what that run changed, and all rows written or none.

for (const target of testDatabaseTargets().filter((t) => t.name.startsWith("sqlite"))) {
  describe(`eachRow on ${target.name}`, () => {
    async function withTable<T>(work: (database: Awaited<ReturnType<typeof target.open>>) => Promise<T>) {
      const database = await target.open();
      try {
        await sql`create table t (id text primary key, n integer not null, note text)`.execute(database.db);
        await sql`insert into t (id, n, note) values ('a', 1, null), ('b', 2, 'x'), ('c', 3, null)`.execute(
          database.db,
        );
        return await work(database);
      } finally {
        await database.dispose();
      }
    }
    const table = async (database: Awaited<ReturnType<typeof target.open>>) =>
      (
        await sql<{
          id: string;
          n: number;
          note: string | null;
        }>`select id, n, note from t order by id`.execute(database.db)
      ).rows;

    it("runs the statement for every row, answering what each run changed, in order", async () => {
      await withTable(async (database) => {
        const answers = await eachRow("update t set n = n + ?, note = ? where id = ? and n = ?", [
          [10, "first", "a", 1],
          [10, "stale", "b", 99],
          [5, null, "c", 3],
          [1, "missing", "z", 1],
        ]).execute(database.db);
        expect(answers.rows).toEqual([{ changes: 1 }, { changes: 0 }, { changes: 1 }, { changes: 0 }]);
        expect(await table(database)).toEqual([
          { id: "a", n: 11, note: "first" },
          { id: "b", n: 2, note: "x" },
          { id: "c", n: 8, note: null },
        ]);
      });
    });

    it("writes nothing when a row fails, whether or not a transaction is open", async () => {
      await withTable(async (database) => {
        const clash = eachRow("insert into t (id, n) values (?, ?)", [
          ["d", 4],
          ["a", 5],
        ]);
        await expect(clash.execute(database.db)).rejects.toThrow(/UNIQUE/);
        expect((await table(database)).map((row) => row.id)).toEqual(["a", "b", "c"]);
        // Inside a transaction that goes on after the failure, the rows before it are undone too.
        await database.db.transaction().execute(async (trx) => {
          await expect(clash.execute(trx)).rejects.toThrow(/UNIQUE/);
          await eachRow("insert into t (id, n) values (?, ?)", [["e", 6]]).execute(trx);
        });
        expect((await table(database)).map((row) => row.id)).toEqual(["a", "b", "c", "e"]);
      });
    });

    it("is part of the caller's transaction: rolled back with it", async () => {
      await withTable(async (database) => {
        const rollback = new Error("rolled back");
        await expect(
          database.db.transaction().execute(async (trx) => {
            await eachRow("update t set n = ? where id = ?", [[0, "a"]]).execute(trx);
            expect((await sql<{ n: number }>`select n from t where id = 'a'`.execute(trx)).rows[0]?.n).toBe(
              0,
            );
            throw rollback;
          }),
        ).rejects.toBe(rollback);
        expect((await table(database)).find((row) => row.id === "a")?.n).toBe(1);
      });
    });

    it("refuses a statement that returns rows, and values outside the rows", async () => {
      await withTable(async (database) => {
        await expect(eachRow("select n from t where id = ?", [["a"]]).execute(database.db)).rejects.toThrow(
          /returns nothing/,
        );
        await expect(
          sql`-- each row of ${[["a"]]}\nupdate t set n = ${7} where id = ?`.execute(database.db),
        ).rejects.toThrow(/its one value/);
        expect((await table(database)).find((row) => row.id === "a")?.n).toBe(1);
      });
    });
  });
}
