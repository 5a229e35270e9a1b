import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../schema.ts";

/** Every table that holds rows of a user, and how to find them. Kept in one place so deletion cannot miss one. */
export interface UserDataRepo {
  /** Deletes every row of the user in one transaction. `emailHash` finds the lockout rows (keyed by email). */
  deleteUser(userId: string, emailHash: string): Promise<void>;
}

export function createUserDataRepo(db: Kysely<DatabaseSchema>): UserDataRepo {
  return {
    async deleteUser(userId, emailHash) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("activity").where("user_id", "=", userId).execute();
        // Storage rows (their blobs are under the user's blob prefix, deleted before this runs).
        await trx.deleteFrom("storage_objects").where("user_id", "=", userId).execute();
        await trx.deleteFrom("storage_locks").where("user_id", "=", userId).execute();
        await trx.deleteFrom("user_errors").where("uid", "=", userId).execute();
        await trx.deleteFrom("account_keys").where("user_id", "=", userId).execute();
        await trx.deleteFrom("profiles").where("user_id", "=", userId).execute();
        await trx.deleteFrom("recovery_tokens").where("user_id", "=", userId).execute();
        await trx.deleteFrom("totp_steps").where("user_id", "=", userId).execute();
        await trx.deleteFrom("auth_attempts").where("subject_hash", "=", emailHash).execute();
        // better-auth keeps pending 2FA challenges, reset tokens and trusted devices with the user id as the value.
        await trx.deleteFrom("verification").where("value", "=", userId).execute();
        await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
        await trx.deleteFrom("session").where("userId", "=", userId).execute();
        await trx.deleteFrom("account").where("userId", "=", userId).execute();
        await trx.deleteFrom("user").where("id", "=", userId).execute();
      });
    },
  };
}
