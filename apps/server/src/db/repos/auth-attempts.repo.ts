import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuthAttemptsTable, DatabaseSchema } from "../schema.ts";

export type AttemptKind = AuthAttemptsTable["kind"];

/** Failed sign-ins and recovery attempts, keyed by a hash of the email (see auth/lockout.ts). */
export interface AuthAttemptsRepo {
  record(kind: AttemptKind, subjectHash: string, now: Date): Promise<void>;
  countSince(kind: AttemptKind, subjectHash: string, since: Date): Promise<number>;
  clear(kind: AttemptKind, subjectHash: string): Promise<void>;
  /** Drops rows older than `before` (housekeeping; counts only look at recent rows anyway). */
  prune(before: Date): Promise<void>;
}

export function createAuthAttemptsRepo(db: Kysely<DatabaseSchema>): AuthAttemptsRepo {
  return {
    async record(kind, subjectHash, now) {
      await db
        .insertInto("auth_attempts")
        .values({ id: randomUUID(), kind, subject_hash: subjectHash, created_at: now.toISOString() })
        .execute();
    },
    async countSince(kind, subjectHash, since) {
      const row = await db
        .selectFrom("auth_attempts")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("kind", "=", kind)
        .where("subject_hash", "=", subjectHash)
        .where("created_at", ">", since.toISOString())
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async clear(kind, subjectHash) {
      await db
        .deleteFrom("auth_attempts")
        .where("kind", "=", kind)
        .where("subject_hash", "=", subjectHash)
        .execute();
    },
    async prune(before) {
      await db.deleteFrom("auth_attempts").where("created_at", "<", before.toISOString()).execute();
    },
  };
}
