import { mkdirSync } from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, type KyselyPlugin, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { eachRowStatement, runsEachRow } from "./each-row.ts";
import { migrations } from "./migrations/index.ts";
import type { DatabaseSchema } from "./schema.ts";
import { backstopCheckpointPages, startWalCheckpointer } from "./wal-checkpointer.ts";

export type Dialect = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * Called when an idle PostgreSQL connection fails (server restart, network cut). pg drops the connection and the
   * pool opens a new one on demand; without a listener the error would crash the process.
   */
  onPoolError?: (error: Error) => void;
  /** Kysely plugins every query goes through (the session cache's watch on session writes, db/table-writes.ts). */
  plugins?: KyselyPlugin[];
}

/** Where a sqlite URL points: ":memory:" or an absolute file path. Relative paths resolve against the cwd. */
export function sqlitePathFromUrl(url: string, cwd = process.cwd()): string {
  // Accept "sqlite:///abs", "sqlite://relative", "sqlite:relative" and the ":memory:" spellings.
  const rest = url.replace(/^sqlite:/, "").replace(/^\/\//, "");
  if (rest === ":memory:" || rest === "") return ":memory:";
  return path.resolve(cwd, decodeURIComponent(rest));
}

export async function openDatabase(url: string, options: OpenDatabaseOptions = {}): Promise<Database> {
  if (url.startsWith("sqlite:")) return openSqlite(sqlitePathFromUrl(url), options);
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  // Never echo the URL: it may carry a password.
  throw new Error("Unsupported database URL: it must start with sqlite: or postgres://");
}

function openSqlite(file: string, options: OpenDatabaseOptions): Database {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  const inFile = file !== ":memory:";
  // WAL lets readers run while one writer commits; synchronous=FULL makes a commit survive power loss (vault data
  // and legacy timers must not roll back); busy_timeout waits for a lock instead of failing at once. cache_size:
  // a 64 MiB page cache (SQLite's default is 2 MiB), so the sweep's batches and the indexes they touch stay in memory.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("cache_size = -65536");
  // Checkpoints run on a thread of their own (db/wal-checkpointer.ts); this connection checkpoints only as a backstop.
  const checkpointer = inFile ? startWalCheckpointer(file) : undefined;
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${backstopCheckpointPages}`);
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: options.plugins ?? [],
  });
  return {
    db,
    dialect: "sqlite",
    close: async () => {
      await db.destroy();
      await checkpointer?.stop();
    },
  };
}

/**
 * Kysely prepares every query anew, and on SQLite preparing costs as much as running a small query. The database is
 * handed to Kysely with prepare() answered from a cache of the most recent statements, by their SQL text (parameters
 * are bound at each run, so a statement is reusable); a statement still busy (being iterated) is never handed out
 * twice: a fresh one is prepared instead. Transactions begin immediate.
 *
 * Reads share a snapshot per turn of the event loop (ADR 050). A read outside a transaction is its own read
 * transaction, and in WAL mode each one takes and drops a lock in the shared-memory index with two system calls:
 * two thirds of what a one-row read costs. So the first read outside a transaction begins one (deferred: no lock on
 * the database), and it is committed once the turn's callbacks have run (setImmediate), or at once before anything
 * that is not a read (a write, a `begin`): this connection always sees its own writes, and a write from another
 * process (a cron sweep) is seen from the next turn on.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database, size = 500): SqliteDatabase {
  /** A statement, and whether it only reads (SQLite counts begin, commit, savepoint... as read-only: they do not). */
  interface Cached {
    statement: BetterSqlite3.Statement;
    read: boolean;
  }
  const cache = new Map<string, Cached>();
  const prepareNew = (sql: string): Cached => {
    const statement = sqlite.prepare(sql);
    return { statement, read: statement.readonly && !transactionControl.test(sql) };
  };
  const beginSnapshot = sqlite.prepare("begin");
  const commitSnapshot = sqlite.prepare("commit");
  let snapshotOpen = false;
  const endSnapshot = () => {
    if (!snapshotOpen) return;
    try {
      if (sqlite.inTransaction) commitSnapshot.run();
      snapshotOpen = false;
    } catch (error) {
      // Only a statement still being iterated keeps a read transaction from committing: try again next turn.
      if (!(error instanceof TypeError) || !sqlite.open) throw error;
      setImmediate(endSnapshot);
    }
  };
  return {
    close: () => {
      if (sqlite.open) endSnapshot();
      sqlite.close();
    },
    prepare(text: string) {
      const each = eachRowStatement(text);
      return each === undefined ? prepare(text) : runsEachRow(prepare(each), sqlite);
    },
  };

  function prepare(text: string) {
    // Kysely opens every transaction with a plain (deferred) `begin`. One that reads and then writes, as a sweep
    // batch does, fails at once with SQLITE_BUSY when another process (a cron sweep beside the server) wrote in
    // between, whatever busy_timeout says. Ours write, so they take the write lock up front and wait for it.
    const sql = text === "begin" ? "begin immediate" : text;
    let entry = cache.get(sql);
    if (entry && !entry.statement.busy) {
      // Most recently used last, so the oldest is the first to go.
      cache.delete(sql);
      cache.set(sql, entry);
    } else {
      const fresh = prepareNew(sql);
      if (!entry) {
        cache.set(sql, fresh);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      entry = fresh;
    }
    if (!entry.read) endSnapshot();
    else if (!snapshotOpen && !sqlite.inTransaction) {
      beginSnapshot.run();
      snapshotOpen = true;
      setImmediate(endSnapshot);
    }
    return entry.statement;
  }
}

const transactionControl = /^\s*(begin|commit|end|rollback|savepoint|release)\b/i;

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  // Loaded here, not with this module: a server on SQLite never loads the PostgreSQL client (issue 16's cold start).
  const { default: pg } = await import("pg");
  // JIT compilation off: it pays off for long analytical queries, never for ours, and when a planner estimate runs
  // high (a list of ids it cannot see into) it compiles a batch read for 200 ms that then runs in 60 (ADR 045).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c jit=off" });
  pool.on("error", (error) => {
    if (options.onPoolError) options.onPoolError(error);
    else console.error(`PostgreSQL idle connection error: ${error.message}`);
  });
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool }),
    plugins: options.plugins ?? [],
  });
  return { db, dialect: "postgres", close: () => db.destroy() };
}

/** Brings the schema to the latest migration. Safe to run on every boot and from several processes at once. */
export async function migrateToLatest(database: Database): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === "Error")?.migrationName;
  const reason = error instanceof Error ? error.message : String(error);
  throw new Error(`Database migration ${failed ? `"${failed}" ` : ""}failed: ${reason}`, { cause: error });
}
