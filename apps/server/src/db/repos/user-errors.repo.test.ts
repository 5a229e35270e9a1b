import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabaseTargets } from "../test-databases.ts";
import { createUserErrorsRepo } from "./user-errors.repo.ts";

describe.each(testDatabaseTargets())("user errors repo on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open({ migrate: true });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("logs errors with or without a user and lists the newest first", async () => {
    const repo = createUserErrorsRepo(database.db);
    const first = await repo.insert(
      { uid: null, functionName: "contact.submit", error: "network" },
      new Date("2026-01-01T00:00:00Z"),
    );
    const second = await repo.insert(
      { uid: "user-1", functionName: "vault.upload", error: "quota" },
      new Date("2026-01-02T00:00:00Z"),
    );
    expect(await repo.listRecent(10)).toEqual([second, first]);
    expect(await repo.listRecent(1)).toEqual([second]);
    expect(second).toMatchObject({
      uid: "user-1",
      functionName: "vault.upload",
      timestamp: "2026-01-02T00:00:00.000Z",
    });
  });
});
