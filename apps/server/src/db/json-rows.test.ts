import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { idList, jsonRows } from "./json-rows.ts";
import { testDatabaseTargets } from "./test-databases.ts";

// The rows a statement reads from jsonRows come back exactly as they went in, on each engine: every kind of text
// (what an array literal or JSON must quote or escape), numbers, booleans, nulls and missing keys.

const awkward = [
  "plain",
  "",
  "NULL",
  "null",
  "Null",
  "2027-03-01T12:00:00.000Z",
  "0190b1e2-7c3a-7def-8123-456789abcdef",
  "a_b.c:d+e-f",
  "-12",
  'a "quoted" word',
  'back\\slash and \\" both',
  "comma, {braces} and (parens)",
  "  leading and trailing spaces  ",
  "line\nbreak\ttab",
  "Zoë 🌳 名前",
  "'single' quotes; drop table x; --",
];

for (const target of testDatabaseTargets()) {
  describe(`jsonRows on ${target.name}`, () => {
    it("reads every row back in order, each value as it went in", async () => {
      const database = await target.open();
      try {
        const rows = awkward.map((text, index) => ({
          text,
          number: index * 1000 - 3,
          flag: index % 2 === 0,
          maybe: index % 3 === 0 ? null : `m${index}`,
        }));
        // A row with its optional keys left out reads them as null.
        const all: Record<string, string | number | boolean | null>[] = [
          ...rows,
          { text: "last", number: 7 },
        ];
        const v = jsonRows(
          database.dialect,
          all,
          { text: "text", number: "integer", flag: "boolean", maybe: "text" },
          "v",
        );
        const read = await sql<{
          text: string;
          number: number;
          flag: boolean | number | null;
          maybe: string | null;
        }>`
          select v.text, v.number, v.flag, v.maybe from ${v}`.execute(database.db);
        expect(
          read.rows.map((row) => ({
            ...row,
            number: Number(row.number),
            flag: row.flag === null ? null : Boolean(row.flag),
          })),
        ).toEqual([...rows, { text: "last", number: 7, flag: null, maybe: null }]);
      } finally {
        await database.dispose();
      }
    });

    it("reads no rows from an empty list, and joins with a table's rows by value", async () => {
      const database = await target.open();
      try {
        const none = jsonRows(database.dialect, [], { id: "text" }, "v");
        expect((await sql`select v.id from ${none}`.execute(database.db)).rows).toEqual([]);
        await sql`create table t (id text primary key, n integer)`.execute(database.db);
        await sql`insert into t values ('a', 1), ('b"', 2), ('c\\', 3)`.execute(database.db);
        const v = jsonRows(
          database.dialect,
          [
            { id: 'b"', n: 20 },
            { id: "c\\", n: 30 },
            { id: "missing", n: 99 },
          ],
          { id: "text", n: "integer" },
          "v",
        );
        await sql`update t set n = v.n from ${v} where t.id = v.id`.execute(database.db);
        const after = await sql<{ id: string; n: number }>`select id, n from t order by id`.execute(
          database.db,
        );
        expect(after.rows.map((r) => [r.id, Number(r.n)])).toEqual([
          ["a", 1],
          ['b"', 20],
          ["c\\", 30],
        ]);
        const listed = await sql<{
          id: string;
        }>`select id from t where id in ${idList(database.dialect, ['b"', "c\\"])} order by id`.execute(
          database.db,
        );
        expect(listed.rows.map((r) => r.id)).toEqual(['b"', "c\\"]);
      } finally {
        await database.dispose();
      }
    });
  });
}
