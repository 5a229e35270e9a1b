import { createHash } from "node:crypto";
import type { AccountBlobsDto, KdfParamsDto, RecoveryBlobsDto } from "@heirloom/contract";
import type { Kysely } from "kysely";
import { compiledOnce } from "../compiled-once.ts";
import type { AccountKeysTable, DatabaseSchema } from "../schema.ts";

export interface AccountKeysRecord {
  userId: string;
  saltHex: string;
  blobs: AccountBlobsDto;
  recovery: RecoveryBlobsDto;
  recoveryAuthKeyHash: string;
  blobFormat: number;
  /** What the vault key was derived with from the password and this salt. */
  kdf: KdfParamsDto;
}

export interface VaultWrappedBlobs {
  ownerEncryptedDek: string;
  encryptedPrivateKey: string;
  encryptedSigningPrivateKey: string;
}

/** Replaces the login secret and the vault-wrapped blobs together (password change, recovery). */
export interface RekeyInput {
  userId: string;
  newAuthKeyHash: string;
  /** The new salt; the KDF parameters stay the account's (the page derives the new key with the stored ones). */
  newSaltHex: string;
  blobs: VaultWrappedBlobs;
  now: Date;
  /** Sessions to end: all of the user's, or all but this one. */
  revokeSessions: { keepSessionId: string } | "all";
  /** Set by recovery: the vault can be opened again after an email-only reset. */
  unlockVault?: boolean;
}

export interface AccountKeysRepo {
  find(userId: string): Promise<AccountKeysRecord | undefined>;
  /** Inserts the user's first keys; false when the user already has keys. */
  insert(record: AccountKeysRecord, now: Date): Promise<boolean>;
  /** The credential account's stored hash (better-auth's "password" column holds Argon2id(authKey)). */
  credentialHash(userId: string): Promise<string | undefined>;
  createCredential(userId: string, authKeyHash: string, now: Date): Promise<void>;
  /** In one transaction: credential hash, salt, vault-wrapped blobs, sessions, password date. */
  rekey(input: RekeyInput): Promise<void>;
  /** Replaces the recovery wraps and the recovery auth key's hash (a re-printed kit); false when the user has no keys. */
  replaceRecovery(
    userId: string,
    recovery: RecoveryBlobsDto,
    recoveryAuthKeyHash: string,
    now: Date,
  ): Promise<boolean>;
  /** Stores a recovery token (hashed); returns nothing. */
  insertRecoveryToken(token: string, userId: string, expiresAt: Date, now: Date): Promise<void>;
  /** Deletes the token and returns its user when it existed and had not expired. Single use. */
  consumeRecoveryToken(token: string, now: Date): Promise<string | undefined>;
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function toRecord(row: AccountKeysTable): AccountKeysRecord {
  return {
    userId: row.user_id,
    saltHex: row.salt_hex,
    blobs: {
      ownerEncryptedDek: row.owner_encrypted_dek,
      publicKeyPem: row.public_key_pem,
      encryptedPrivateKey: row.encrypted_private_key,
      signingPublicKeyPem: row.signing_public_key_pem,
      encryptedSigningPrivateKey: row.encrypted_signing_private_key,
    },
    recovery: {
      recoveryEncryptedDek: row.recovery_encrypted_dek,
      recoveryEncryptedPrivateKey: row.recovery_encrypted_private_key,
      recoveryEncryptedSigningPrivateKey: row.recovery_encrypted_signing_private_key,
    },
    recoveryAuthKeyHash: row.recovery_auth_key_hash,
    blobFormat: row.blob_format,
    kdf: {
      algorithm: row.kdf_algorithm as KdfParamsDto["algorithm"],
      version: row.kdf_version as KdfParamsDto["version"],
      iterations: row.kdf_iterations,
      memoryKiB: row.kdf_memory_kib,
      parallelism: row.kdf_parallelism,
    },
  };
}

const kdfColumns = (kdf: KdfParamsDto) => ({
  kdf_algorithm: kdf.algorithm,
  kdf_version: kdf.version,
  kdf_iterations: kdf.iterations,
  kdf_memory_kib: kdf.memoryKiB,
  kdf_parallelism: kdf.parallelism,
});

/** `authUsesDates`: better-auth keeps its times as Date on PostgreSQL and as ISO text on SQLite. */
export function createAccountKeysRepo(db: Kysely<DatabaseSchema>, authUsesDates = false): AccountKeysRepo {
  const authTime = (date: Date) => (authUsesDates ? date : date.toISOString());
  // The vault's unlock reads the keys on every sign-in and reload: compiled once (db/compiled-once.ts).
  const findRows = compiledOnce(db, 1, (userId: string) =>
    db.selectFrom("account_keys").selectAll().where("user_id", "=", userId),
  );
  return {
    async find(userId) {
      const [row] = await findRows(userId);
      return row && toRecord(row);
    },

    async insert(record, now) {
      const at = now.toISOString();
      const result = await db
        .insertInto("account_keys")
        .values({
          user_id: record.userId,
          salt_hex: record.saltHex,
          owner_encrypted_dek: record.blobs.ownerEncryptedDek,
          public_key_pem: record.blobs.publicKeyPem,
          encrypted_private_key: record.blobs.encryptedPrivateKey,
          signing_public_key_pem: record.blobs.signingPublicKeyPem,
          encrypted_signing_private_key: record.blobs.encryptedSigningPrivateKey,
          recovery_encrypted_dek: record.recovery.recoveryEncryptedDek,
          recovery_encrypted_private_key: record.recovery.recoveryEncryptedPrivateKey,
          recovery_encrypted_signing_private_key: record.recovery.recoveryEncryptedSigningPrivateKey,
          recovery_auth_key_hash: record.recoveryAuthKeyHash,
          blob_format: record.blobFormat,
          ...kdfColumns(record.kdf),
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async credentialHash(userId) {
      const row = await db
        .selectFrom("account")
        .select("password")
        .where("userId", "=", userId)
        .where("providerId", "=", "credential")
        .executeTakeFirst();
      return row?.password ?? undefined;
    },

    async createCredential(userId, authKeyHash, now) {
      await db
        .insertInto("account")
        .values({
          id: crypto.randomUUID(),
          accountId: userId,
          providerId: "credential",
          userId,
          accessToken: null,
          refreshToken: null,
          idToken: null,
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          scope: null,
          password: authKeyHash,
          createdAt: authTime(now),
          updatedAt: authTime(now),
        })
        .execute();
    },

    async rekey(input) {
      const at = input.now.toISOString();
      await db.transaction().execute(async (trx) => {
        const credential = await trx
          .updateTable("account")
          .set({ password: input.newAuthKeyHash, updatedAt: authTime(input.now) })
          .where("userId", "=", input.userId)
          .where("providerId", "=", "credential")
          .executeTakeFirst();
        const keys = await trx
          .updateTable("account_keys")
          .set({
            salt_hex: input.newSaltHex,
            owner_encrypted_dek: input.blobs.ownerEncryptedDek,
            encrypted_private_key: input.blobs.encryptedPrivateKey,
            encrypted_signing_private_key: input.blobs.encryptedSigningPrivateKey,
            updated_at: at,
          })
          .where("user_id", "=", input.userId)
          .executeTakeFirst();
        // Both rows must exist, or nothing changes.
        if (Number(credential.numUpdatedRows) !== 1 || Number(keys.numUpdatedRows) !== 1) {
          throw new Error("rekey: the user has no credential or no keys");
        }
        let sessions = trx.deleteFrom("session").where("userId", "=", input.userId);
        if (input.revokeSessions !== "all")
          sessions = sessions.where("id", "!=", input.revokeSessions.keepSessionId);
        await sessions.execute();
        await trx
          .updateTable("profiles")
          .set({
            password_changed_at: at,
            updated_at: at,
            ...(input.unlockVault ? { vault_locked: 0 } : {}),
          })
          .where("user_id", "=", input.userId)
          .execute();
      });
    },

    async replaceRecovery(userId, recovery, recoveryAuthKeyHash, now) {
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("account_keys")
          .set({
            recovery_encrypted_dek: recovery.recoveryEncryptedDek,
            recovery_encrypted_private_key: recovery.recoveryEncryptedPrivateKey,
            recovery_encrypted_signing_private_key: recovery.recoveryEncryptedSigningPrivateKey,
            recovery_auth_key_hash: recoveryAuthKeyHash,
            updated_at: at,
          })
          .where("user_id", "=", userId)
          .executeTakeFirst();
        // A recovery started with the old key must not finish with it.
        await trx.deleteFrom("recovery_tokens").where("user_id", "=", userId).execute();
        return Number(result.numUpdatedRows) === 1;
      });
    },

    async insertRecoveryToken(token, userId, expiresAt, now) {
      await db
        .insertInto("recovery_tokens")
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          expires_at: expiresAt.toISOString(),
          created_at: now.toISOString(),
        })
        .execute();
    },

    async consumeRecoveryToken(token, now) {
      const row = await db
        .deleteFrom("recovery_tokens")
        .where("token_hash", "=", hashToken(token))
        .returning(["user_id", "expires_at"])
        .executeTakeFirst();
      if (!row || row.expires_at <= now.toISOString()) return undefined;
      return row.user_id;
    },
  };
}
