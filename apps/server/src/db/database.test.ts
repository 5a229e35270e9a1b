import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Database,
  migrateToLatest,
  openDatabase,
  sqlitePathFromUrl,
  withStatementCache,
} from "./database.ts";
import { migrations } from "./migrations/index.ts";
import { type TestDatabase, testDatabaseTargets } from "./test-databases.ts";

describe("sqlitePathFromUrl", () => {
  it("reads absolute, relative and in-memory URLs", () => {
    expect(sqlitePathFromUrl("sqlite:///var/lib/heirloom/db.sqlite")).toBe("/var/lib/heirloom/db.sqlite");
    expect(sqlitePathFromUrl("sqlite://data/db.sqlite", "/srv/app")).toBe("/srv/app/data/db.sqlite");
    expect(sqlitePathFromUrl("sqlite:data/db.sqlite", "/srv/app")).toBe("/srv/app/data/db.sqlite");
    expect(sqlitePathFromUrl("sqlite::memory:")).toBe(":memory:");
    expect(sqlitePathFromUrl("sqlite://:memory:")).toBe(":memory:");
  });
});

describe("openDatabase", () => {
  it("refuses an unknown scheme without echoing the URL, which may hold a password", async () => {
    await expect(openDatabase("mysql://root:hunter2@db/x")).rejects.toThrow(/^Unsupported database URL/);
    await expect(openDatabase("mysql://root:hunter2@db/x")).rejects.not.toThrow(/hunter2/);
  });
});

describe("SQLite's statement cache", () => {
  it("reuses a statement for the same SQL with other parameters, and never hands out one that is busy", () => {
    const sqlite = new BetterSqlite3(":memory:");
    const cached = withStatementCache(sqlite, 2);
    cached.prepare("create table t (n integer)").run([]);
    const insert = cached.prepare("insert into t (n) values (?)");
    for (const n of [1, 2, 3]) {
      expect(cached.prepare("insert into t (n) values (?)")).toBe(insert);
      insert.run([n]);
    }
    const select = "select n from t where n >= ? order by n";
    expect(cached.prepare(select).all([2])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare(select).all([3])).toEqual([{ n: 3 }]);
    // While one copy is being iterated, the same SQL gets a statement of its own.
    const rows = cached.prepare(select).iterate([1]);
    expect(rows.next().value).toEqual({ n: 1 });
    expect(cached.prepare(select).all([3])).toEqual([{ n: 3 }]);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    // At most `size` statements are kept: the least recently used goes first.
    cached.prepare("select 1 as one");
    cached.prepare("select 2 as two");
    expect(cached.prepare(select)).not.toBe(cached.prepare("select 1 as one"));
    cached.close();
  });
});

describe.each(testDatabaseTargets())("database on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("migrates an empty database to the latest schema", async () => {
    await migrateToLatest(database);
    const tables = (await database.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(["articles", "contact_messages", "user_errors"]));
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db,
    );
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
  });

  it("treats a second migrateToLatest as a no-op", async () => {
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom("articles")
            .select((e) => e.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await migrateToLatest(database);
    expect(await count()).toBe(before);
  });

  it("seeds at least 6 articles and 4 guides with unique lower-case slugs", async () => {
    const rows = await database.db.selectFrom("articles").select(["kind", "slug", "status"]).execute();
    expect(rows.filter((row) => row.kind === "article").length).toBeGreaterThanOrEqual(6);
    expect(rows.filter((row) => row.kind === "guide").length).toBeGreaterThanOrEqual(4);
    const slugs = rows.map((row) => row.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toBe(slug.toLowerCase());
    expect(rows.every((row) => row.status === "published")).toBe(true);
  });

  it("rejects a second article with the same slug, even of the other kind", async () => {
    const existing = await database.db.selectFrom("articles").selectAll().executeTakeFirstOrThrow();
    const copy = {
      ...existing,
      id: crypto.randomUUID(),
      kind: existing.kind === "guide" ? "article" : "guide",
    } as const;
    await expect(database.db.insertInto("articles").values(copy).execute()).rejects.toThrow();
  });

  it("rejects an upper-case slug, so case-insensitive lookups stay exact", async () => {
    const existing = await database.db.selectFrom("articles").selectAll().executeTakeFirstOrThrow();
    const copy = { ...existing, id: crypto.randomUUID(), slug: "Mixed-Case" };
    await expect(database.db.insertInto("articles").values(copy).execute()).rejects.toThrow();
  });
});

describe.each(testDatabaseTargets())("failed migration on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("names the migration that failed", async () => {
    // A table in the way makes 0001 fail the way a half-restored backup would.
    await database.db.schema.createTable("articles").addColumn("id", "text").execute();
    await expect(migrateToLatest(database)).rejects.toThrow(/Database migration "0001_initial" failed: /);
  });
});

/** A migrated SQLite file, and another process's connection to it that gives up at once when the file is locked. */
async function withSqliteFile(work: (database: Database, other: BetterSqlite3.Database) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), "heirloom-sqlite-file-"));
  const file = path.join(dir, "test.sqlite");
  const database = await openDatabase(`sqlite://${file}`);
  await migrateToLatest(database);
  const other = new BetterSqlite3(file);
  other.pragma("busy_timeout = 0");
  try {
    await work(database, other);
  } finally {
    other.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("sqlite transactions", () => {
  it("take the write lock as they begin, so one that reads before it writes never fails on another process's write", async () => {
    await withSqliteFile(async (database, other) => {
      const otherWrites = () => other.prepare("update sweep_leases set holder = 'other'").run();
      await database.db
        .insertInto("sweep_leases")
        .values({ name: "n", holder: "a", expires_at: "x" })
        .execute();
      await database.db.transaction().execute(async (trx) => {
        await trx.selectFrom("sweep_leases").selectAll().execute();
        expect(otherWrites).toThrow(/locked|busy/i);
        await trx.updateTable("sweep_leases").set({ holder: "b" }).execute();
      });
      otherWrites();
      expect(other.prepare("select holder from sweep_leases").get()).toEqual({ holder: "other" });
    });
  });
});

describe("sqlite reads in one turn of the event loop", () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  /**
   * Checkpoints the whole log away from the other connection. The server's checkpoint thread may be in the middle of
   * its own passive checkpoint at that moment, which answers busy for an instant; so this tries again for up to 2 s
   * without giving up the turn: a snapshot of the server's own connection would still be held all that time.
   */
  const truncateCheckpoint = (other: BetterSqlite3.Database) => {
    const until = Date.now() + 2000;
    for (;;) {
      const result = other.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
      if (result[0]?.busy === 0 || Date.now() > until) return result;
    }
  };

  const holderOf = async (database: Database) =>
    (await database.db.selectFrom("sweep_leases").select("holder").executeTakeFirst())?.holder;

  it("see the server's own writes at once, and another process's from the next turn", async () => {
    await withSqliteFile(async (database, other) => {
      await database.db
        .insertInto("sweep_leases")
        .values({ name: "n", holder: "a", expires_at: "x" })
        .execute();
      expect(await holderOf(database)).toBe("a");
      await database.db.updateTable("sweep_leases").set({ holder: "b" }).execute();
      expect(await holderOf(database)).toBe("b");

      other.prepare("update sweep_leases set holder = 'other'").run();
      // The turn's reads share one snapshot, taken before the other process wrote...
      expect(await holderOf(database)).toBe("b");
      await nextTurn();
      // ...and it is let go once the turn is over.
      expect(await holderOf(database)).toBe("other");
    });
  });

  it("never hold a lock that keeps another process from writing, nor keep a transaction from beginning", async () => {
    await withSqliteFile(async (database, other) => {
      await database.db
        .insertInto("sweep_leases")
        .values({ name: "n", holder: "a", expires_at: "x" })
        .execute();
      expect(await holderOf(database)).toBe("a");
      // A read snapshot is open: another process still writes without waiting.
      other.prepare("update sweep_leases set holder = 'other'").run();
      // A transaction begun in the same turn sees the latest data and commits.
      await database.db.transaction().execute(async (trx) => {
        expect((await trx.selectFrom("sweep_leases").select("holder").executeTakeFirst())?.holder).toBe(
          "other",
        );
        await trx.updateTable("sweep_leases").set({ holder: "c" }).execute();
      });
      expect(other.prepare("select holder from sweep_leases").get()).toEqual({ holder: "c" });
      // Once the turn is over, nothing of ours is open: the other process can checkpoint the whole log away.
      expect(await holderOf(database)).toBe("c");
      await nextTurn();
      expect(truncateCheckpoint(other)).toEqual([{ busy: 0, log: 0, checkpointed: 0 }]);
    });
  });
});

describe("sqlite settings", () => {
  it("uses WAL, foreign keys and synchronous=FULL on a file database", async () => {
    const target = testDatabaseTargets({}).find((t) => t.name === "sqlite (file)");
    if (!target) throw new Error("sqlite (file) target missing");
    const database = await target.open();
    try {
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(database.db)).rows[0] ?? {},
        )[0];
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("synchronous")).toBe(2);
    } finally {
      await database.dispose();
    }
  });
});
