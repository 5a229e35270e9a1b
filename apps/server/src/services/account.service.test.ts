import { randomBytes } from "node:crypto";
import { accountMessages, phoneMessages } from "@heirloom/contract";
import { afterEach, describe, expect, it } from "vitest";
import { createAccountKeysRepo } from "../db/repos/account-keys.repo.ts";
import { createActivityRepo } from "../db/repos/activity.repo.ts";
import { createProfilesRepo } from "../db/repos/profiles.repo.ts";
import { createUserDataRepo } from "../db/repos/user-data.repo.ts";
import { createUserErrorsRepo } from "../db/repos/user-errors.repo.ts";
import { createUsersRepo } from "../db/repos/users.repo.ts";
import { insertTestUser, type TestDatabase, testDatabaseTargets } from "../db/test-databases.ts";
import { sampleBlobs, sampleRecovery } from "../testing/app-harness.ts";
import { steppingClock } from "../testing/clock.ts";
import { type Caller, createAccountService, vaultKdf } from "./account.service.ts";
import { createFakeSalter } from "./fake-salt.ts";

// The account service on a real database with a stepping clock, without HTTP or better-auth.

describe.each(testDatabaseTargets())("the account service on $name", (target) => {
  // Every database a test opened (one test sets up twice), each deleted after it.
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.dispose()));
  });

  async function setup(options: { verifiedPhone?: boolean } = {}) {
    const database = await target.open({ migrate: true });
    opened.push(database);
    const db = database.db;
    const clock = steppingClock("2026-06-01T12:00:00.000Z");
    const authUsesDates = database.dialect === "postgres";
    const profiles = createProfilesRepo(db);
    const keysWritten: string[] = [];
    const service = createAccountService({
      users: createUsersRepo(db, authUsesDates),
      profiles,
      keys: createAccountKeysRepo(db, authUsesDates),
      activity: createActivityRepo(db),
      userErrors: createUserErrorsRepo(db),
      fakeSalt: createFakeSalter("s".repeat(32)),
      hashKey: async (key) => `hashed:${key}`,
      clock,
      isAdmin: () => false,
      userData: createUserDataRepo(db),
      hasVerifiedPhone: async () => options.verifiedPhone ?? false,
      onKeysWritten: async (id) => void keysWritten.push(id),
    });
    const userId = await insertTestUser(database, "ada lovelace");
    await profiles.createDefault(userId, "individual", clock());
    const caller: Caller = {
      id: userId,
      email: `${userId}@example.com`,
      name: "ada lovelace",
      emailVerified: true,
      twoFactorEnabled: false,
    };
    return { service, caller, database, keysWritten };
  }

  const firstKeys = (saltHex: string) => ({
    saltHex,
    blobs: sampleBlobs(),
    recovery: sampleRecovery(),
    recoveryAuthKey: randomBytes(32).toString("base64url"),
    newAuthKey: randomBytes(32).toString("base64url"),
  });

  it("answers prelogin the same way before and after the account has keys, then with its stored salt", async () => {
    const { service, caller } = await setup();
    const before = await service.prelogin(caller.email);
    expect(before.kdf).toEqual(vaultKdf);
    expect(await service.prelogin(caller.email.toUpperCase())).toEqual(before);
    await service.saveKeys(caller, firstKeys(before.saltHex));
    expect(await service.prelogin(caller.email)).toEqual(before);
    expect((await service.prelogin("nobody@example.com")).saltHex).not.toBe(before.saltHex);
  });

  it("takes the first keys once; a second set is a conflict and changes nothing", async () => {
    const { service, caller, keysWritten } = await setup();
    const first = firstKeys("ab".repeat(32));
    await service.saveKeys(caller, first);
    const again = firstKeys("cd".repeat(32));
    await expect(service.saveKeys(caller, { ...again, newAuthKey: undefined })).rejects.toMatchObject({
      code: "conflict",
    });
    const keys = await service.getKeys(caller);
    expect(keys.saltHex).toBe(first.saltHex);
    expect(keys.blobs).toEqual(first.blobs);
    // Written keys are announced once (legacy contacts check for a changed public key); refused ones are not.
    expect(keysWritten).toEqual([caller.id]);
  });

  it("asks an account without a password (social sign-in) for one with its first keys", async () => {
    const { service, caller } = await setup();
    await expect(
      service.saveKeys(caller, { ...firstKeys("ab".repeat(32)), newAuthKey: undefined }),
    ).rejects.toMatchObject({ code: "validation_failed", fields: { newAuthKey: expect.any(String) } });
    await expect(service.getKeys(caller)).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses texts without a verified number, and keeps the rest of the profile as it was", async () => {
    const { service, caller } = await setup();
    const before = await service.profile(caller);
    await expect(service.updateProfile(caller, { textToggle: true, zipCode: "10115" })).rejects.toMatchObject(
      {
        code: "validation_failed",
        message: phoneMessages.textNeedsVerifiedPhone,
      },
    );
    expect(await service.profile(caller)).toEqual(before);
    const verified = await setup({ verifiedPhone: true });
    expect((await verified.service.updateProfile(verified.caller, { textToggle: true })).textToggle).toBe(
      true,
    );
  });

  it("pages the activity log newest first and refuses a cursor it did not make", async () => {
    const { service, caller } = await setup();
    for (const action of ["document-view", "document-download", "document-view"] as const) {
      await service.logActivity(caller, { action, device: "Chrome on a computer", operating: "Linux" });
    }
    const first = await service.activityPage(caller, { limit: 2 });
    expect(first.entries.map((e) => e.action)).toEqual(["document-view", "document-download"]);
    const rest = await service.activityPage(caller, { limit: 2, cursor: first.next ?? "" });
    expect(rest.entries.map((e) => e.action)).toEqual(["document-view"]);
    expect(rest.next).toBeNull();
    await expect(service.activityPage(caller, { limit: 2, cursor: "eA" })).rejects.toMatchObject({
      code: "validation_failed",
    });
  });

  it("says who is missing when a profile does not exist", async () => {
    const { service, caller } = await setup();
    await expect(service.profile({ ...caller, id: crypto.randomUUID() })).rejects.toMatchObject({
      code: "not_found",
      message: accountMessages.noUserLoggedIn,
    });
  });
});
