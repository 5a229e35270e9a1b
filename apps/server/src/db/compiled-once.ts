import { type Compilable, CompiledQuery, type Kysely } from "kysely";
import type { DatabaseSchema } from "./schema.ts";

/**
 * A read that is built and compiled to SQL once, then run with each call's values bound in (ADR 050). Kysely builds an
 * operation tree and compiles it for every query; for a one-row read on SQLite that took about as long as SQLite's
 * own work. Only for queries whose SQL never depends on the values: `build` is called once with stand-ins, and each
 * stand-in must reach the compiled parameters unchanged (a value used to compute SQL, or transformed before binding,
 * is refused when the query is made). The stand-ins are strings whatever the argument's type, which only passing a
 * value through allows. Reads only: the query's plugins see it run, but not its tree.
 */
export function compiledOnce<Args extends unknown[], Row>(
  db: Kysely<DatabaseSchema>,
  arity: Args["length"],
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const standIns = Array.from({ length: arity }, (_, i) => `\u0000compiled-once-argument-${i}\u0000`);
  const compiled = build(...(standIns as unknown as Args)).compile();
  // Per parameter: the index of the call's argument it takes, or -1 for a constant of the query (kept in `constants`).
  const constants = compiled.parameters;
  const takes = compiled.parameters.map((value) =>
    typeof value === "string" ? standIns.indexOf(value) : -1,
  );
  standIns.forEach((standIn, i) => {
    if (!compiled.parameters.includes(standIn)) {
      throw new Error(`compiledOnce: argument ${i} does not reach the query's parameters as it was given`);
    }
  });
  return async (...args: Args) => {
    const parameters = takes.map((argument, i) => (argument >= 0 ? args[argument] : constants[i]));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
