import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { accountMessages } from "@heirloom/contract";
import { afterEach, describe, expect, it } from "vitest";
import { createEmailHasher, createLockout, lockoutPolicy } from "../auth/lockout.ts";
import { createFsBlobStore } from "../blobs/fs-blob-store.ts";
import { createAccountKeysRepo } from "../db/repos/account-keys.repo.ts";
import { createAuthAttemptsRepo } from "../db/repos/auth-attempts.repo.ts";
import { createUserDataRepo } from "../db/repos/user-data.repo.ts";
import { createUsersRepo } from "../db/repos/users.repo.ts";
import { insertTestUser, type TestDatabase, testDatabaseTargets } from "../db/test-databases.ts";
import { sampleBlobs, sampleRecovery } from "../testing/app-harness.ts";
import { blobFormatVersion, type Caller, vaultKdf } from "./account.service.ts";
import { createAccountSecurityService, recoveryTokenLifetimeMs } from "./account-security.service.ts";

// Re-authentication, password change and recovery on a real database with a clock the test moves, without HTTP.

const minute = 60_000;
const key = () => randomBytes(32).toString("base64url");

describe.each(testDatabaseTargets())("the account security service on $name", (target) => {
  let database: TestDatabase | undefined;
  let blobDir: string | undefined;
  afterEach(async () => {
    await database?.dispose();
    if (blobDir) await rm(blobDir, { recursive: true, force: true });
  });

  async function setup() {
    database = await target.open({ migrate: true });
    blobDir = await mkdtemp(path.join(tmpdir(), "heirloom-security-"));
    const db = database.db;
    let now = Date.parse("2026-07-01T08:00:00.000Z");
    const clock = () => new Date(now);
    const authUsesDates = database.dialect === "postgres";
    const keys = createAccountKeysRepo(db, authUsesDates);
    const hashEmail = createEmailHasher("s".repeat(32));
    const notified: string[] = [];
    const service = createAccountSecurityService({
      users: createUsersRepo(db, authUsesDates),
      keys,
      userData: createUserDataRepo(db),
      blobs: createFsBlobStore(blobDir),
      hashKey: async (value) => `hashed:${value}`,
      verifyKey: async (hash, value) => hash === `hashed:${value}`,
      verifyTotp: async (_userId, code) => code === "123456",
      recoveryLockout: createLockout({
        repo: createAuthAttemptsRepo(db),
        hashSubject: hashEmail,
        clock,
        kind: "recovery",
      }),
      hashEmail,
      clock,
      notify: async (_userId, kind) => {
        notified.push(kind);
      },
    });
    const userId = await insertTestUser(database);
    const email = `${userId}@example.com`;
    const authKey = key();
    const recoveryAuthKey = key();
    await keys.insert(
      {
        userId,
        saltHex: "ab".repeat(32),
        blobs: sampleBlobs(),
        recovery: sampleRecovery(),
        recoveryAuthKeyHash: `hashed:${recoveryAuthKey}`,
        blobFormat: blobFormatVersion,
        kdf: vaultKdf,
      },
      clock(),
    );
    await keys.createCredential(userId, `hashed:${authKey}`, clock());
    const caller: Caller = { id: userId, email, name: "Ada", emailVerified: true, twoFactorEnabled: false };
    return {
      service,
      keys,
      caller,
      authKey,
      recoveryAuthKey,
      notified,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  const newBlobs = () => {
    const { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey } = sampleBlobs();
    return { ownerEncryptedDek, encryptedPrivateKey, encryptedSigningPrivateKey };
  };

  it("changes the password only with the current one (and the code when enrolled), and says so", async () => {
    const s = await setup();
    const before = await s.keys.find(s.caller.id);
    const change = (proof: { currentAuthKey: string; totpCode?: string }, caller = s.caller) =>
      s.service.changePassword(caller, "no-session", {
        ...proof,
        newAuthKey: key(),
        newSaltHex: "cd".repeat(32),
        blobs: newBlobs(),
      });
    await expect(change({ currentAuthKey: key() })).rejects.toMatchObject({
      code: "forbidden",
      message: accountMessages.incorrectPassword,
    });
    const enrolled = { ...s.caller, twoFactorEnabled: true };
    await expect(change({ currentAuthKey: s.authKey }, enrolled)).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect(await s.keys.find(s.caller.id)).toEqual(before);
    expect(s.notified).toEqual([]);

    await change({ currentAuthKey: s.authKey, totpCode: "123456" }, enrolled);
    const after = await s.keys.find(s.caller.id);
    expect(after?.saltHex).toBe("cd".repeat(32));
    expect(after?.kdf).toEqual(before?.kdf);
    expect(after?.blobs.publicKeyPem).toBe(before?.blobs.publicKeyPem);
    expect(s.notified).toEqual(["password-changed"]);
  });

  it("throttles wrong recovery keys for 15 minutes, always accepts the right one, and forgets after the window", async () => {
    const s = await setup();
    for (let i = 0; i < lockoutPolicy.maxFailures; i++) {
      await expect(s.service.startRecovery(s.caller.email, key())).rejects.toMatchObject({
        code: "forbidden",
      });
      s.advance(minute);
    }
    await expect(s.service.startRecovery(s.caller.email, key())).rejects.toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: 10 * 60,
    });
    const started = await s.service.startRecovery(s.caller.email, s.recoveryAuthKey);
    expect(started.userId).toBe(s.caller.id);
    // The right key cleared the count; and wrong keys long after the window are plain mismatches again.
    for (let i = 0; i < lockoutPolicy.maxFailures; i++) {
      await expect(s.service.startRecovery(s.caller.email, key())).rejects.toMatchObject({
        code: "forbidden",
      });
    }
    s.advance(lockoutPolicy.windowMs + 1);
    await expect(s.service.startRecovery(s.caller.email, key())).rejects.toMatchObject({ code: "forbidden" });
  });

  it("uses a recovery token once, and not after it expires", async () => {
    const s = await setup();
    const complete = (recoveryToken: string) =>
      s.service.completeRecovery({
        recoveryToken,
        newAuthKey: key(),
        newSaltHex: "ef".repeat(32),
        blobs: newBlobs(),
      });
    const late = await s.service.startRecovery(s.caller.email, s.recoveryAuthKey);
    s.advance(recoveryTokenLifetimeMs + 1);
    await expect(complete(late.recoveryToken)).rejects.toMatchObject({
      code: "forbidden",
      message: accountMessages.recoveryExpired,
    });
    const fresh = await s.service.startRecovery(s.caller.email, s.recoveryAuthKey);
    await complete(fresh.recoveryToken);
    expect((await s.keys.find(s.caller.id))?.saltHex).toBe("ef".repeat(32));
    expect(s.notified).toEqual(["account-recovered"]);
    await expect(complete(fresh.recoveryToken)).rejects.toMatchObject({ code: "forbidden" });
  });
});
