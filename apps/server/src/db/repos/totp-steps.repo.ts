import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../schema.ts";

export interface TotpStepsRepo {
  /**
   * Records `step` as used when it is later than the last one used; false when it is not (a replayed or older code).
   * Atomic: of two concurrent claims of the same step, exactly one wins.
   */
  claim(userId: string, step: number): Promise<boolean>;
  /** better-auth's encrypted TOTP secret of the user (its twoFactor table), when two-factor sign-in is set up. */
  encryptedSecret(userId: string): Promise<string | undefined>;
}

export function createTotpStepsRepo(db: Kysely<DatabaseSchema>): TotpStepsRepo {
  return {
    async claim(userId, step) {
      const result = await db
        .insertInto("totp_steps")
        .values({ user_id: userId, last_step: step })
        .onConflict((oc) =>
          oc.column("user_id").doUpdateSet({ last_step: step }).where("totp_steps.last_step", "<", step),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async encryptedSecret(userId) {
      const row = await db
        .selectFrom("twoFactor")
        .select("secret")
        .where("userId", "=", userId)
        .executeTakeFirst();
      return row?.secret;
    },
  };
}
