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

/**
 * A PostgreSQL array literal of one column's values: text quoted (a backslash or a double quote escaped), numbers
 * as they are, booleans t or f, null and missing values NULL.
 */
function arrayLiteral(
  rows: readonly Record<string, string | number | boolean | null>[],
  name: string,
): string {
  let literal = "{";
  for (let i = 0; i < rows.length; i += 1) {
    const value = rows[i]?.[name];
    if (i) literal += ",";
    if (value === null || value === undefined) literal += "NULL";
    else if (typeof value === "string")
      literal += `"${/["\\]/.test(value) ? value.replace(/["\\]/g, "\\$&") : value}"`;
    else if (typeof value === "boolean") literal += value ? "t" : "f";
    else literal += String(value);
  }
  return `${literal}}`;
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
