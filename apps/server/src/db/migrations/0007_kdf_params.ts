import type { Kysely } from "kysely";

// The key-derivation parameters each account's vault key was derived with, stored beside its salt (issue 12), so a
// future change of parameters can move accounts one at a time, and anyone reading an old export knows what was used.
// Every account made before this migration used Argon2id v1.3 (19), t=3, m=65536 KiB, p=1: the defaults say so.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("account_keys")
    .addColumn("kdf_algorithm", "text", (c) => c.notNull().defaultTo("argon2id"))
    .execute();
  await db.schema
    .alterTable("account_keys")
    .addColumn("kdf_version", "integer", (c) => c.notNull().defaultTo(19))
    .execute();
  await db.schema
    .alterTable("account_keys")
    .addColumn("kdf_iterations", "integer", (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema
    .alterTable("account_keys")
    .addColumn("kdf_memory_kib", "integer", (c) => c.notNull().defaultTo(65_536))
    .execute();
  await db.schema
    .alterTable("account_keys")
    .addColumn("kdf_parallelism", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    "kdf_algorithm",
    "kdf_version",
    "kdf_iterations",
    "kdf_memory_kib",
    "kdf_parallelism",
  ]) {
    await db.schema.alterTable("account_keys").dropColumn(column).execute();
  }
}
