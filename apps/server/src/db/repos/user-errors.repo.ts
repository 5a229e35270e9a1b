import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../schema.ts";

export interface UserErrorRecord {
  id: string;
  /** The signed-in user, when there was one. */
  uid: string | null;
  /** Where it happened (SPEC's "function" field), e.g. "vault.upload". */
  functionName: string;
  error: string;
  timestamp: string;
}

export interface UserErrorsRepo {
  insert(entry: Omit<UserErrorRecord, "id" | "timestamp">, now: Date): Promise<UserErrorRecord>;
  /** Newest first. */
  listRecent(limit: number): Promise<UserErrorRecord[]>;
}

export function createUserErrorsRepo(db: Kysely<DatabaseSchema>): UserErrorsRepo {
  return {
    async insert(entry, now) {
      const record: UserErrorRecord = { id: randomUUID(), ...entry, timestamp: now.toISOString() };
      await db
        .insertInto("user_errors")
        .values({
          id: record.id,
          uid: record.uid,
          function: record.functionName,
          error: record.error,
          timestamp: record.timestamp,
        })
        .execute();
      return record;
    },

    async listRecent(limit) {
      const rows = await db
        .selectFrom("user_errors")
        .selectAll()
        .orderBy("timestamp", "desc")
        .orderBy("id", "asc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        uid: row.uid,
        functionName: row.function,
        error: row.error,
        timestamp: row.timestamp,
      }));
    },
  };
}
