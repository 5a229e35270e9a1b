import type { Database } from "../db/database.ts";
import { createAccountKeysRepo } from "../db/repos/account-keys.repo.ts";
import { insertTestUser } from "../db/test-databases.ts";
import type { Caller } from "../services/account.service.ts";
import { sampleBlobs, sampleRecovery } from "./app-harness.ts";

/** Test-only: an account as the session gives it (insertTestUser's address), with a vault unless told otherwise. */
export async function addAccount(
  database: Database,
  name: string,
  options: { vault?: boolean } = {},
): Promise<Caller & { publicKeyPem: string | undefined }> {
  const id = await insertTestUser(database, name);
  let publicKeyPem: string | undefined;
  if (options.vault !== false) {
    const blobs = sampleBlobs();
    publicKeyPem = blobs.publicKeyPem;
    await createAccountKeysRepo(database.db).insert(
      {
        userId: id,
        saltHex: "ab".repeat(32),
        blobs,
        recovery: sampleRecovery(),
        recoveryAuthKeyHash: "not-a-real-hash",
        blobFormat: 1,
        kdf: { algorithm: "argon2id", version: 19, iterations: 3, memoryKiB: 65_536, parallelism: 1 },
      },
      new Date(),
    );
  }
  return { id, email: `${id}@example.com`, name, emailVerified: true, twoFactorEnabled: false, publicKeyPem };
}

/** Test-only: replaces an account's encryption public key in place, as a future key-pair change would. */
export async function replacePublicKey(database: Database, userId: string): Promise<string> {
  const { publicKeyPem } = sampleBlobs();
  await database.db
    .updateTable("account_keys")
    .set({ public_key_pem: publicKeyPem })
    .where("user_id", "=", userId)
    .execute();
  return publicKeyPem;
}
