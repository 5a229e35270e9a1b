import { type RawBuilder, sql } from "kysely";
import type { Dialect } from "./database.ts";

// Many rows as a few bound parameters read back as a table, so a statement can update or join thousands of rows in
// one round trip (`update ... from <rows> as v where ...`) without a placeholder per value (SQLite and PostgreSQL
// both cap those). PostgreSQL gets one typed array per column, read back side by side with unnest; SQLite one JSON
// array of rows, read with json_each. The columns come out with the names and types given, in both.

export type JsonColumnType = "text" | "integer" | "boolean";

/** `(<the rows>) as <alias>`, for a FROM clause. Keys missing from an object read as null. */
export function jsonRows(
  dialect: Dialect,
  rows: readonly Record<string, string | number | boolean | null>[],
  columns: Record<string, JsonColumnType>,
  alias: string,
): RawBuilder<unknown> {
  const names = Object.keys(columns);
  for (const name of names) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`jsonRows: bad column name ${name}`);
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`jsonRows: bad alias ${alias}`);
  if (dialect === "postgres") {
    // An array per column: PostgreSQL reads array literals in about a third of the time json_to_recordset takes
    // to parse the same rows as JSON objects, and its planner knows how many rows unnest gives.
    const arrays = names.map(
      (name) => sql`${arrayLiteral(rows, name)}::${sql.raw(columns[name] as string)}[]`,
    );
    return sql`unnest(${sql.join(arrays)}) as ${sql.raw(`${alias}(${names.join(", ")})`)}`;
  }
  // SQLite: each row travels as an array of its values in column order, read back by position (`->>` gives SQL
  // values; a JSON true reads as 1): finding a value by position costs SQLite less than finding it by key, a third
  // less per row for the sweep's writes.
  const json = JSON.stringify(rows.map((row) => names.map((name) => row[name] ?? null)));
  const select = names.map((name, index) => `value ->> ${index} as ${name}`).join(", ");
  return sql`(select ${sql.raw(select)} from json_each(${json})) as ${sql.raw(alias)}`;
}

/** Text that an array literal can hold unquoted: no space, comma, brace, quote or backslash, and not NULL. */
const bare = /^[A-Za-z0-9_.:+-]+$/;
const nullText = /^null$/i;

/**
 * A PostgreSQL array literal of one column's values: text as it is when `bare` allows (ids, times, names of phases),
 * otherwise quoted (a backslash or a double quote escaped); numbers as they are, booleans t or f, null and missing
 * values NULL.
 */
function arrayLiteral(
  rows: readonly Record<string, string | number | boolean | null>[],
  name: string,
): string {
  // Joined once from an array, each value as it is where it can be: built by `+=` with every value quoted, the
  // literals of a 100,000-plan sweep allocated 367 MB (of the sweep's 2.0 GB in all); this way, 27 MB.
  const values = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const value = rows[i]?.[name];
    values[i] =
      value === null || value === undefined
        ? "NULL"
        : typeof value === "string"
          ? bare.test(value) && !nullText.test(value)
            ? value
            : `"${/["\\]/.test(value) ? value.replace(/["\\]/g, "\\$&") : value}"`
          : typeof value === "boolean"
            ? value
              ? "t"
              : "f"
            : String(value);
  }
  return `{${values.join(",")}}`;
}

/** `insert into <table> (<columns>) select <columns> from <the rows>`: any number of rows, one statement. */
export function insertJsonRows(
  dialect: Dialect,
  table: string,
  rows: readonly Record<string, string | number | boolean | null>[],
  columns: Record<string, JsonColumnType>,
): RawBuilder<unknown> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`insertJsonRows: bad table name ${table}`);
  const names = Object.keys(columns).join(", ");
  return sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(names)} from ${jsonRows(dialect, rows, columns, "v")}`;
}

/**
 * `(select ...)` listing the ids, for `where x in <list>`: one parameter however many ids. PostgreSQL gets a text
 * array (its planner then looks the ids up by index, where a JSON list's row estimate led it to scan), SQLite JSON.
 */
export function idList(dialect: Dialect, ids: readonly string[]): RawBuilder<string> {
  if (dialect === "postgres") return sql<string>`(select unnest(${[...ids]}::text[]))`;
  return sql<string>`(select value from json_each(${JSON.stringify(ids)}))`;
}
