import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, migrateToLatest, openDatabase } from "./database.ts";

/**
 * Test-only: the database engines repository tests run on. SQLite (in memory and as a file) always; PostgreSQL when
 * TEST_DATABASE_URL is set. Each opened database is private to its caller (a fresh file, or a fresh PostgreSQL
 * database with a random name) and is removed by dispose(). If TEST_DATABASE_URL is set but PostgreSQL cannot be
 * reached, open() throws: a CI run that was meant to cover PostgreSQL must fail, never quietly skip it.
 */
export interface TestDatabaseTarget {
  name: string;
  /** Opens a fresh, empty database (not migrated unless `migrate` is true). */
  open(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

export interface TestDatabase extends Database {
  /** Closes the connection and deletes the database. */
  dispose(): Promise<void>;
}

export function testDatabaseTargets(
  env: Record<string, string | undefined> = process.env,
): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [
    { name: "sqlite (memory)", open: (options) => withMigrate(openMemory(), options) },
    { name: "sqlite (file)", open: (options) => withMigrate(openSqliteFile(), options) },
  ];
  const pgUrl = env.TEST_DATABASE_URL;
  if (pgUrl)
    targets.push({ name: "postgres", open: (options) => withMigrate(openFreshPostgres(pgUrl), options) });
  return targets;
}

async function withMigrate(pending: Promise<TestDatabase>, options?: { migrate?: boolean }) {
  const database = await pending;
  if (options?.migrate) await migrateToLatest(database);
  return database;
}

async function openMemory(): Promise<TestDatabase> {
  const database = await openDatabase("sqlite::memory:");
  return { ...database, dispose: () => database.close() };
}

async function openSqliteFile(): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), "heirloom-db-"));
  // A nested path also proves openDatabase creates the parent folder.
  const database = await openDatabase(`sqlite://${path.join(dir, "nested", "test.sqlite")}`);
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function openFreshPostgres(adminUrl: string): Promise<TestDatabase> {
  const name = `heirloom_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString());
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is unreachable: ${reason}`, { cause: error });
  }
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Test-only: a row in better-auth's user table, which every table of ours references, as better-auth writes it on
 * either engine. Returns the new user's id.
 */
export async function insertTestUser(database: Database, name = "Ada"): Promise<string> {
  const userId = crypto.randomUUID();
  const authTime = database.dialect === "postgres" ? new Date() : new Date().toISOString();
  await database.db
    .insertInto("user")
    .values({
      id: userId,
      name,
      email: `${userId}@example.com`,
      emailVerified: database.dialect === "postgres" ? false : 0,
      image: null,
      createdAt: authTime,
      updatedAt: authTime,
      twoFactorEnabled: null,
    } as never)
    .execute();
  return userId;
}
