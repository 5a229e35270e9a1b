import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import { backstopCheckpointPages, startWalCheckpointer } from "./wal-checkpointer.ts";

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "heirloom-checkpoint-"));
  dirs.push(dir);
  return path.join(dir, "db.sqlite");
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Polls (the thread runs on its own time) until `done` holds, for at most 10 s. */
async function until(done: () => boolean) {
  for (let i = 0; i < 1000 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return done();
}

describe("the WAL checkpoint thread", () => {
  it("copies committed pages into the database file while the writer never checkpoints", async () => {
    const file = tempFile();
    const writer = new BetterSqlite3(file);
    writer.pragma("journal_mode = WAL");
    writer.pragma("wal_autocheckpoint = 0");
    writer.exec("create table t (id integer primary key, body text)");
    const checkpointer = startWalCheckpointer(file, { intervalMs: 20 });
    try {
      const before = statSync(file).size;
      const insert = writer.prepare("insert into t (body) values (?)");
      writer.transaction(() => {
        for (let i = 0; i < 2000; i += 1) insert.run("x".repeat(1000));
      })();
      // About 2 MB of rows: the file grows only by the thread's checkpoint, as the writer's is off.
      expect(await until(() => statSync(file).size > before + 1_500_000)).toBe(true);
      expect(await until(() => (checkpointer.last?.log ?? 0) > 400)).toBe(true);
      expect(checkpointer.last?.checkpointed).toBe(checkpointer.last?.log);
      // The writer goes on meanwhile, and reads what it wrote.
      insert.run("after");
      expect(writer.prepare("select count(*) as n from t").get()).toEqual({ n: 2001 });
    } finally {
      await checkpointer.stop();
      writer.close();
    }
  });

  it("runs for a file database the server opens, and stops with it: the log is gone after close", async () => {
    const file = tempFile();
    const database = await openDatabase(`sqlite://${file}`);
    // The server's own connection checkpoints only as a backstop, at 16,384 pages.
    const setting = await sql
      .raw<{ wal_autocheckpoint: number }>("pragma wal_autocheckpoint")
      .execute(database.db);
    expect(setting.rows).toEqual([{ wal_autocheckpoint: backstopCheckpointPages }]);
    expect(backstopCheckpointPages).toBe(16_384);
    // Another connection writes about 1 MB (fewer pages than its own automatic checkpoint waits for).
    const raw = new BetterSqlite3(file);
    try {
      raw.exec("create table t (id integer primary key, body text)");
      const insert = raw.prepare("insert into t (body) values (?)");
      raw.transaction(() => {
        for (let i = 0; i < 1000; i += 1) insert.run("y".repeat(1000));
      })();
    } finally {
      raw.close();
    }
    const size = () => statSync(file).size;
    expect(await until(() => size() > 1_000_000)).toBe(true);
    await database.close();
    expect(() => statSync(`${file}-wal`)).toThrow();
  });
});
