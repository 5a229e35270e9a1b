import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabaseTargets } from "../test-databases.ts";
import { createContactRepo } from "./contact.repo.ts";

describe.each(testDatabaseTargets())("contact repo on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open({ migrate: true });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("stores a message and reads it back unchanged", async () => {
    const repo = createContactRepo(database.db);
    const record = {
      id: randomUUID(),
      name: "Ada Lovelace",
      email: "ada@example.com",
      message: "Hello — can my executor use Heirloom? ✓ 🙂\nSecond line.",
      ipHash: "ab".repeat(32),
      createdAt: "2026-01-10T12:00:00.000Z",
    };
    await repo.insert(record);
    expect(await repo.findById(record.id)).toEqual(record);
    expect(await repo.findById(randomUUID())).toBeUndefined();
  });
});
