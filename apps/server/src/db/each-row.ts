import type BetterSqlite3 from "better-sqlite3";
import { type RawBuilder, type SqliteStatement, sql } from "kysely";

// [Note: SQLite writes many rows one prepared statement at a time, in one query] (ADR 065)
// On SQLite a write of thousands of rows is fastest as one prepared statement run once per row: the statement is
// compiled once, each run binds its row's values and finds its row by key, and nothing is parsed per row. The same
// rows as one JSON parameter read back with json_each (json-rows.ts) cost SQLite more: each row is turned from JSON
// into text and parsed again to read its values (in the sweep, its plans' update took 7% longer that way and the
// reminder columns' 13%; inserts are the other way round, so they keep JSON rows). Run through Kysely, each run would
// pay for a query of its own (building, the connection's queue, a promise), so an each-row query goes through Kysely
// as one query, in the caller's transaction, and database.ts runs its statement for every row, synchronously, on
// the one connection. SQLite only: on PostgreSQL each run would be a round trip (json-rows.ts sends arrays there).

/** A value a row binds: SQLite takes no booleans (1 or 0). */
export type RowValue = string | number | null;

const mark = "-- each row of ?\n";

/**
 * SQLite only: `statement`, with a `?` for each value, run once for each of `rows` (its values bound in order), in
 * one query. The statement returns nothing and takes no values of its own; the query answers one row per input row,
 * in order, with how many rows that run changed (`changes`). The runs are all written or, when one fails, none.
 */
export function eachRow(
  statement: string,
  rows: readonly (readonly RowValue[])[],
): RawBuilder<{ changes: number }> {
  return sql<{ changes: number }>`${sql.raw(mark.slice(0, -2))}${rows}\n${sql.raw(statement)}`;
}

/** For database.ts: the statement of an each-row query's SQL (see `eachRow`), or undefined for any other SQL. */
export function eachRowStatement(text: string): string | undefined {
  return text.startsWith(mark) ? text.slice(mark.length) : undefined;
}

/**
 * For database.ts: what Kysely runs for an each-row query whose statement `sqlite` prepared as `statement`. The runs
 * are one transaction: all rows or none (a savepoint inside the caller's transaction).
 */
export function runsEachRow(
  statement: BetterSqlite3.Statement,
  sqlite: BetterSqlite3.Database,
): SqliteStatement {
  if (statement.reader)
    throw new Error("An each-row statement returns nothing: its query answers `changes` per row");
  const runAll = sqlite.transaction((rows: unknown[][]) => {
    const answers = new Array<{ changes: number }>(rows.length);
    for (let i = 0; i < rows.length; i += 1) answers[i] = { changes: statement.run(rows[i]).changes };
    return answers;
  });
  return {
    reader: true,
    all(parameters) {
      const [rows] = parameters;
      if (parameters.length !== 1 || !Array.isArray(rows))
        throw new Error("An each-row query takes its rows as its one value");
      return runAll.immediate(rows);
    },
    run() {
      throw new Error("An each-row query is read for its answers (Kysely asks `all` of a reader)");
    },
    iterate() {
      throw new Error("An each-row query cannot be streamed");
    },
  };
}
