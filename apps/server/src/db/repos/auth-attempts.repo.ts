import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuthAttemptsTable, DatabaseSchema } from "../schema.ts";

export type AttemptKind = AuthAttemptsTable["kind"];

/** Failed sign-ins and recovery attempts, keyed by a hash of the email or of a known device (see auth/lockout.ts). */
export interface AuthAttemptsRepo {
  record(kind: AttemptKind, subjectHash: string, now: Date): Promise<void>;
  /** The times of the subject's failures after `since`, oldest first. */
  recentSince(kind: AttemptKind, subjectHash: string, since: Date): Promise<Date[]>;
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
    async recentSince(kind, subjectHash, since) {
      const rows = await db
        .selectFrom("auth_attempts")
        .select("created_at")
        .where("kind", "=", kind)
        .where("subject_hash", "=", subjectHash)
        .where("created_at", ">", since.toISOString())
        .orderBy("created_at")
        .execute();
      return rows.map((row) => new Date(row.created_at));
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
