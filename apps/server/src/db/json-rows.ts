import { type RawBuilder, sql } from "kysely";
import type { Dialect } from "./database.ts";

// Many rows as one bound parameter: a JSON array of objects read back as a table, so a statement can update or
// join thousands of rows in one round trip (`update ... from <rows> as v where ...`) without a placeholder per
// value (SQLite and PostgreSQL both cap those). PostgreSQL reads it with json_to_recordset, SQLite with json_each;
// the columns come out with the names and types given, in both.

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
    const definition = names.map((name) => `${name} ${columns[name]}`).join(", ");
    return sql`json_to_recordset(${JSON.stringify(rows)}::json) as ${sql.raw(`${alias}(${definition})`)}`;
  }
  // SQLite: each row travels as an array of its values in column order, read back by position (`->>` gives SQL
  // values; a JSON true reads as 1): finding a value by position costs SQLite less than finding it by key, a third
  // less per row for the sweep's writes.
  const json = JSON.stringify(rows.map((row) => names.map((name) => row[name] ?? null)));
  const select = names.map((name, index) => `value ->> ${index} as ${name}`).join(", ");
  return sql`(select ${sql.raw(select)} from json_each(${json})) as ${sql.raw(alias)}`;
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
